/**
 * App instance statuses and their looks (part 1 §4, part 2 §4) and the stage display status of the instance
 * detail and the flow trace. Pure: the console and the server share these rules.
 */
export const INSTANCE_STATUSES = [
  'UNPROCESSED',
  'RUNNING',
  'PROGRESS',
  'HOLD',
  'DONE',
  'COMPLETED',
  'INCOMPLETE',
  'ERROR',
  'DELETED',
  'PRE-UNLOADED',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/** The statuses offered by the app-history filter (part 1 §2). */
export const HISTORY_FILTER_STATUSES = ['RUNNING', 'ERROR', 'HOLD', 'DONE'] as const satisfies readonly InstanceStatus[];

export type StatusLook = { color: 'grey' | 'yellow' | 'blue-grey' | 'green' | 'red'; opacity: number };

const LOOKS: Record<InstanceStatus, StatusLook> = {
  UNPROCESSED: { color: 'grey', opacity: 1 },
  RUNNING: { color: 'yellow', opacity: 1 },
  PROGRESS: { color: 'yellow', opacity: 1 },
  // HOLD is only named by the history filter; a parked run looks like a running one.
  HOLD: { color: 'yellow', opacity: 1 },
  DONE: { color: 'blue-grey', opacity: 1 },
  COMPLETED: { color: 'green', opacity: 1 },
  INCOMPLETE: { color: 'grey', opacity: 1 },
  ERROR: { color: 'red', opacity: 1 },
  DELETED: { color: 'grey', opacity: 0.2 },
  'PRE-UNLOADED': { color: 'grey', opacity: 1 },
};

export const isInstanceStatus = (value: string): value is InstanceStatus => (INSTANCE_STATUSES as readonly string[]).includes(value);

/** Part 1 §4: an unknown status shows as the deleted look. */
export function instanceStatusLook(status: string): StatusLook {
  return isInstanceStatus(status) ? LOOKS[status] : LOOKS.DELETED;
}

/** Statuses in which the engine still works on (or waits for) the instance. */
export const ACTIVE_INSTANCE_STATUSES = ['UNPROCESSED', 'RUNNING', 'PROGRESS', 'HOLD'] as const satisfies readonly InstanceStatus[];
export const isActiveInstance = (status: string) => (ACTIVE_INSTANCE_STATUSES as readonly string[]).includes(status);

/** Only a failed instance may be retried (from its failed stage or from the start). */
export const canRetryInstance = (status: string) => status === 'ERROR';

export type StageDisplayStatus = 'waiting' | 'success' | 'failed';
export const STAGE_DISPLAY_LABELS: Record<StageDisplayStatus, string> = { waiting: 'WAITING', success: 'SUCCESS', failed: 'FAILED' };

/**
 * Part 1 §4: waiting for a timer or human-interface stage that has not succeeded; success if it succeeded;
 * otherwise failed.
 */
export function stageDisplayStatus(stage: { stage_type: string; success: boolean }): StageDisplayStatus {
  if (stage.success) return 'success';
  const type = stage.stage_type.toLowerCase();
  if (type === 'timer' || type === 'human-interface') return 'waiting';
  return 'failed';
}

/** The label of a display status; anything else reads UNKNOWN. */
export function stageDisplayLabel(status: string): string {
  return status in STAGE_DISPLAY_LABELS ? STAGE_DISPLAY_LABELS[status as StageDisplayStatus] : 'UNKNOWN';
}
