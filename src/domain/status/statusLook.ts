/**
 * Colours of batch, line, case and instance statuses (part 2 §4): unprocessed and pre-unloaded grey; running,
 * progress and ongoing yellow; done blue-grey; completed green; incomplete grey; error red; warning orange;
 * deleted faded. Anything unknown shows the deleted look. CREATED (a case status of part 2 §2 that §4 gives no
 * colour) is a case not started yet, so it looks like unprocessed rather than faded as if deleted.
 */
export type StatusTone = 'grey' | 'yellow' | 'blue-grey' | 'green' | 'red' | 'orange';
export type StatusLook = { tone: StatusTone; faded: boolean };

const LOOKS: Record<string, StatusLook> = {
  UNPROCESSED: { tone: 'grey', faded: false },
  CREATED: { tone: 'grey', faded: false },
  'PRE-UNLOADED': { tone: 'grey', faded: false },
  RUNNING: { tone: 'yellow', faded: false },
  PROGRESS: { tone: 'yellow', faded: false },
  ONGOING: { tone: 'yellow', faded: false },
  HOLD: { tone: 'yellow', faded: false },
  DONE: { tone: 'blue-grey', faded: false },
  COMPLETED: { tone: 'green', faded: false },
  INCOMPLETE: { tone: 'grey', faded: false },
  ERROR: { tone: 'red', faded: false },
  WARNING: { tone: 'orange', faded: false },
  DELETED: { tone: 'grey', faded: true },
};

const DELETED_LOOK: StatusLook = { tone: 'grey', faded: true };

/** Case-insensitive, and 'Ready To Start' / 'Por iniciar' are the unprocessed state under other names. */
export function statusLook(status: string): StatusLook {
  const key = status.trim().toUpperCase().replace(/[\s_]+/g, '-');
  if (key === 'READY-TO-START' || key === 'POR-INICIAR') return LOOKS.UNPROCESSED ?? DELETED_LOOK;
  return LOOKS[key] ?? DELETED_LOOK;
}
