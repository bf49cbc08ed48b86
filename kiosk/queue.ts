/**
 * The kiosk's outbox, as pure rules: what an answer of the public endpoint does to a queued submission, when to
 * try again, and what the status corner counts. The page and the forwarder worker (forwarder.worker.ts) share it;
 * kioskStore.ts keeps the entries in IndexedDB.
 */

/** A visitor's submission as kept on the device until the server has it. Its id is the idempotency key. */
export type QueuedSubmission = {
  submissionId: string;
  formId: string;
  formVersion: number;
  values: Record<string, string>;
  filledAt: number;
  status: 'waiting' | 'failed';
  attempts: number;
  /** The last HTTP status seen (0: no answer), for staff looking at a failed entry. */
  lastStatus: number | null;
};

/** 'sent': the server holds it (first time or a repeat). 'failed': it never will, keep it for staff. 'retry': later. */
export type SendOutcome = 'sent' | 'failed' | 'retry';

/** Answers that will not change by sending the same body again: invalid values, unknown form, id clash, too large. */
const FINAL_REFUSALS = new Set([400, 404, 409, 413]);

/** The outcome of one POST from its HTTP status; `null` is no answer at all (offline, DNS, connection reset). */
export function outcomeOf(status: number | null): SendOutcome {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (FINAL_REFUSALS.has(status)) return 'failed';
  // 429 (rate limit), 5xx, and anything unexpected (401/403 from a proxy, 408): the same body may succeed later.
  return 'retry';
}

export const FIRST_RETRY_MS = 5_000;
export const MAX_RETRY_MS = 5 * 60_000;

/**
 * How long the forwarder waits after the n-th try in a row that the server could not take (1-based): 5 s, 10 s,
 * 20 s … up to 5 minutes. Going online or a new submission tries again at once.
 */
export function retryDelay(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

export function newQueuedSubmission(input: { submissionId: string; formId: string; formVersion: number; values: Record<string, string>; filledAt: number }): QueuedSubmission {
  return { ...input, status: 'waiting', attempts: 0, lastStatus: null };
}

/** The entry after a try: `null` when it leaves the queue (sent), else the entry kept as failed or still waiting. */
export function afterAttempt(entry: QueuedSubmission, status: number | null): QueuedSubmission | null {
  const outcome = outcomeOf(status);
  if (outcome === 'sent') return null;
  return { ...entry, status: outcome === 'failed' ? 'failed' : 'waiting', attempts: entry.attempts + 1, lastStatus: status ?? 0 };
}

/** The entries to send, oldest filled first; failed ones are never sent again. */
export function entriesToSend(entries: readonly QueuedSubmission[]): QueuedSubmission[] {
  return entries.filter((entry) => entry.status === 'waiting').sort((a, b) => a.filledAt - b.filledAt);
}

export type QueueCounts = { waiting: number; failed: number };

export function queueCounts(entries: readonly QueuedSubmission[]): QueueCounts {
  let waiting = 0;
  let failed = 0;
  for (const entry of entries) {
    if (entry.status === 'waiting') waiting += 1;
    else failed += 1;
  }
  return { waiting, failed };
}
