import { instanceStatusLook, STAGE_DISPLAY_LABELS, type StageDisplayStatus, type StatusLook } from '../../domain/engine/instanceStatus.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';

const TONE: Record<StatusLook['color'], BadgeTone> = { grey: 'grey', yellow: 'yellow', 'blue-grey': 'blue-grey', green: 'green', red: 'red' };

/** An instance status in its part 1 §4 look; an unknown status takes the faded deleted look. */
export function InstanceStatusBadge({ status }: { status: string }) {
  const look = instanceStatusLook(status);
  return (
    <Badge tone={TONE[look.color]} className={look.opacity < 1 ? 'opacity-20' : ''}>
      {status}
    </Badge>
  );
}

const STAGE_TONE: Record<StageDisplayStatus | 'unknown', BadgeTone> = { waiting: 'yellow', success: 'green', failed: 'red', unknown: 'grey' };

/** A stage's display status (part 1 §4): WAITING, SUCCESS, FAILED, else UNKNOWN. */
export function StageStatusBadge({ display }: { display: StageDisplayStatus | 'unknown' }) {
  return <Badge tone={STAGE_TONE[display]}>{display === 'unknown' ? 'UNKNOWN' : STAGE_DISPLAY_LABELS[display]}</Badge>;
}
