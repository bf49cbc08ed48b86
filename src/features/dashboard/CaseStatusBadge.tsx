import { statusLook } from '../../domain/status/statusLook.ts';
import { Badge } from '../../ui/Badge.tsx';

/**
 * A case status in its part 2 §4 colour. CREATED, a case status the colour list leaves out, is shown plain (blue)
 * rather than with the faded look of an unknown status, which would make a fresh case look deleted.
 */
export function CaseStatusBadge({ status }: { status: string }) {
  if (status === 'CREATED') return <Badge tone="blue">{status}</Badge>;
  const look = statusLook(status);
  return (
    <Badge tone={look.tone} className={look.faded ? 'opacity-60' : ''}>
      {status}
    </Badge>
  );
}
