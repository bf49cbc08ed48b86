import { statusLook } from '../domain/status/statusLook.ts';
import { Badge } from './Badge.tsx';

type Props = { status: string; label?: string };

/** A status in its part 2 §4 colour; unknown statuses take the faded deleted look. */
export function StatusChip({ status, label }: Props) {
  const look = statusLook(status);
  return (
    <Badge tone={look.tone} className={look.faded ? 'opacity-20' : ''}>
      {label ?? status}
    </Badge>
  );
}
