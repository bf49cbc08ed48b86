/**
 * A batch's life (part 2 §4, §5, §8; issue 17): the statuses of a batch and of its lines, who may act on a batch,
 * when Play, running one line, deleting and stopping are allowed, and how a finished batch is named. Shared by the
 * replica's optimistic effects, the server's services and the engine's batch runner, so the rule is one rule.
 */
import { BATCH_DESCRIPTION_MAX, BATCH_MESSAGES, BATCH_NAME_MAX } from './batchRules.ts';

/** Every status a batch or a line may show (part 2 §4), e.g. to filter lines by status. */
export const ALL_BATCH_STATUSES = ['UNPROCESSED', 'ONGOING', 'RUNNING', 'PROGRESS', 'DONE', 'COMPLETED', 'INCOMPLETE', 'ERROR', 'DELETED', 'PRE-UNLOADED', 'WARNING'] as const;
export type AnyBatchStatus = (typeof ALL_BATCH_STATUSES)[number];

/** Batch statuses this feature writes (the table accepts every status of part 2 §4). */
export const BATCH_STATUS = {
  /** Not started; shown 'Por iniciar' (part 2 §2 shows 'Ready To Start' so). */
  notStarted: 'UNPROCESSED',
  /** Played: the engine is running its lines; the user cannot stop it. */
  ongoing: 'ONGOING',
  /** Every line done. */
  done: 'DONE',
  /** Finished with at least one line in ERROR. */
  warning: 'WARNING',
} as const;

/** Line statuses this feature writes. */
export const LINE_STATUS = {
  notStarted: 'UNPROCESSED',
  /** Waiting for the engine: the line was run alone, or run again after an error. */
  queued: 'RUNNING',
  done: 'DONE',
  error: 'ERROR',
} as const;

/** The state a line shows before it has a case (the demo seed's wording; the screens show it as 'Por iniciar'). */
export const LINE_READY_STATE = 'Ready To Start';

/**
 * What the server answers about batches: part 2 §8's texts as batchRules.ts words them for the screens, and ours
 * where the spec is silent.
 */
export const BATCH_REFUSALS = {
  notExecuted: BATCH_MESSAGES.notExecuted,
  inProgress: BATCH_MESSAGES.inProgress,
  empty: BATCH_MESSAGES.noCases,
  cannotStop: BATCH_MESSAGES.cannotStop,
  notFound: 'Batch not found, please refresh',
  lineNotFound: 'Line not found, please refresh',
  caseTypeMissing: 'Case type not found, please refresh',
  notAllowed: 'Batches need the BATCHES module',
  idTaken: 'This batch id is already used',
  notEditable: 'Only a batch that has not started can change its lines',
  lineNotRunnable: 'Only a line that has not run, or ended in ERROR, can be run',
  lineBusy: 'This line is already running',
  nameRequired: BATCH_MESSAGES.nameRequired,
  nameTooLong: `The name must have a maximum of ${BATCH_NAME_MAX} characters`,
  descriptionRequired: BATCH_MESSAGES.descriptionRequired,
  descriptionTooLong: BATCH_MESSAGES.descriptionTooLong,
} as const;

/** 'Batch {id} created. Inserted (n/m) lines!' (part 2 §8). */
export const batchCreatedMessage = BATCH_MESSAGES.created;

/** Why a line could not start its case (kept on the line, shown in its details). */
export const LINE_ERRORS = {
  noStartingApp: 'The case type has no starting app: set one, then run the line again',
  startingAppInactive: 'The starting app of the case type is not active',
  startingAppNotRunnable: "The starting app's workflow has no start stage to run",
  caseTypeMissing: 'The case type of the batch no longer exists',
  serverFault: 'The case could not be created because of a server fault; run the line again',
} as const;

export const BATCH_LIMITS = {
  nameMax: BATCH_NAME_MAX,
  /** The wizard's limit; its minimum of 10 does not gate (part 2 §5), so neither does the server. */
  descriptionMax: BATCH_DESCRIPTION_MAX,
  columnsMax: 500,
  columnNameMax: 200,
  /** The file's lines (the benchmark is 100,000; ten times that is refused before anything is written). */
  linesMax: 1_000_000,
  /** A line's number is its row in the file, and blank rows keep theirs, so numbers may run past the line count. */
  lineNoMax: 10_000_000,
  /** Characters of one cell as sent; a longer cell cannot become case data (caseValueMax) but is kept to show why. */
  cellMax: 20_000,
  /** Characters of one value of a case's data. */
  caseValueMax: 4_000,
  /**
   * One chunk of lines (batch.addLines): at most 1,000 lines and 256 KiB of UTF-8 JSON, so two chunks fit the sync
   * worker's 512 KB request and one chunk, even of multi-byte text, stays far under the server's 1 MB body limit.
   */
  chunkLinesMax: 1_000,
  chunkBytesMax: 256 * 1024,
} as const;

export type BatchLine = { lineNo: number; values: Record<string, string> };

const encoder = new TextEncoder();
/** UTF-8 size of a value's JSON, as the request carries it. */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).length;

/**
 * The file's lines cut into chunks the server accepts (batch.addLines), in order. A line too large for any chunk
 * still gets one of its own: the server refuses that chunk alone, so the other lines are kept.
 */
export function chunkBatchLines(lines: readonly BatchLine[], limits: { lines: number; bytes: number } = { lines: BATCH_LIMITS.chunkLinesMax, bytes: BATCH_LIMITS.chunkBytesMax }): BatchLine[][] {
  const chunks: BatchLine[][] = [];
  let current: BatchLine[] = [];
  // '[' and ']' of the array, then each line and its comma.
  let bytes = 2;
  for (const line of lines) {
    const size = jsonBytes(line) + 1;
    if (current.length > 0 && (current.length >= limits.lines || bytes + size > limits.bytes)) {
      chunks.push(current);
      current = [];
      bytes = 2;
    }
    current.push(line);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** The replica's and the table's id of a line: stable, so a chunk sent twice names the same rows. */
export const batchLineRowId = (batchId: string, lineNo: number) => `${batchId}-l${lineNo}`;

export type BatchActor = { userId: string; isAdmin: boolean; hasBatchesModule: boolean };

/** Part 2 §6: an administrator acts on every batch (History); anyone else with BATCHES on their own only. */
export const mayActOnBatch = (actor: BatchActor, ownerUserId: string) => actor.isAdmin || (actor.hasBatchesModule && ownerUserId === actor.userId);
export const mayCreateBatch = (actor: BatchActor) => actor.isAdmin || actor.hasBatchesModule;

export type Refusal = { code: string; message: string };
type BatchFacts = { status: string; insertedCount: number };

/** Play (part 2 §4: only a batch not started, and only with lines), or why not in §8's words. */
export function playRefusal(batch: BatchFacts): Refusal | null {
  if (batch.status !== BATCH_STATUS.notStarted) return { code: 'not-startable', message: BATCH_REFUSALS.notExecuted };
  if (batch.insertedCount < 1) return { code: 'empty-batch', message: BATCH_REFUSALS.empty };
  return null;
}

/**
 * Running one line alone (part 2 §7 "POST on a line executes it"): a line not yet run of a batch not started,
 * or a line that ended ERROR (run again after the cause is fixed), while the batch is not being deleted.
 */
export function runLineRefusal(batch: BatchFacts, line: { status: string }): Refusal | null {
  if (line.status === LINE_STATUS.queued) return { code: 'line-busy', message: BATCH_REFUSALS.lineBusy };
  if (line.status === LINE_STATUS.error) return null;
  if (line.status === LINE_STATUS.notStarted && batch.status === BATCH_STATUS.notStarted) return null;
  return { code: 'line-not-runnable', message: BATCH_REFUSALS.lineNotRunnable };
}

/** Deleting a batch or one of its lines, or adding lines: only before it starts. An ongoing batch cannot be stopped. */
export function changeRefusal(batch: { status: string }): Refusal | null {
  if (batch.status === BATCH_STATUS.ongoing) return { code: 'batch-ongoing', message: BATCH_REFUSALS.cannotStop };
  if (batch.status !== BATCH_STATUS.notStarted) return { code: 'not-editable', message: BATCH_REFUSALS.notEditable };
  return null;
}

/** A status change asked of a batch (PATCH): ONGOING is Play; any other change of an ongoing batch would stop it. */
export function statusChangeRefusal(batch: BatchFacts, wanted: string): Refusal | null {
  if (wanted === batch.status) return null;
  if (wanted === BATCH_STATUS.ongoing) return playRefusal(batch);
  if (batch.status === BATCH_STATUS.ongoing) return { code: 'batch-ongoing', message: BATCH_REFUSALS.cannotStop };
  return { code: 'not-startable', message: BATCH_REFUSALS.notExecuted };
}

/** A batch whose lines have all run: DONE, or WARNING when some ended in ERROR (part 2 §4). */
export const finishedBatchStatus = (errorCount: number) => (errorCount > 0 ? BATCH_STATUS.warning : BATCH_STATUS.done);

/**
 * A line's values as the data of its case, or why they cannot be: a value longer than a case holds, or a column
 * the engine writes itself. Empty cells were omitted by the parser (part 2 §5), so every key is a column.
 */
export function lineCaseData(values: Readonly<Record<string, string>>): { ok: true; data: Record<string, string> } | { ok: false; reason: string } {
  const data: Record<string, string> = {};
  for (const [column, value] of Object.entries(values)) {
    if (column === 'caseId') return { ok: false, reason: `Column "caseId" is set by the engine and cannot come from the file` };
    if (value.length > BATCH_LIMITS.caseValueMax) {
      return { ok: false, reason: `Column "${column}" holds ${value.length.toLocaleString('en-US')} characters; a case value holds at most ${BATCH_LIMITS.caseValueMax.toLocaleString('en-US')}` };
    }
    data[column] = value;
  }
  return { ok: true, data };
}
