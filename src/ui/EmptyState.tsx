import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import type { IconName } from './Icon.tsx';

type Props = { title: string; text?: string; icon?: IconName; action?: ReactNode };

/** What a list or screen shows when there is nothing in it, with the spec's wording and an optional action. */
export function EmptyState({ title, text, icon = 'empty', action }: Props) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Icon name={icon} className="h-10 w-10 text-slate-500" />
      <p className="text-lg font-semibold text-slate-900">{title}</p>
      {text !== undefined && <p className="max-w-md text-slate-600">{text}</p>}
      {action}
    </div>
  );
}
