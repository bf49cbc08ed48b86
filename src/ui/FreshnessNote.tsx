import { Icon } from './Icon.tsx';

type Props = { text: string; online: boolean; testId: string };

/** The line a list or detail shows about its data's age when that matters: offline, or still arriving on this device. */
export function FreshnessNote({ text, online, testId }: Props) {
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid={testId}>
      <Icon name={online ? 'cloud' : 'cloudOff'} className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
