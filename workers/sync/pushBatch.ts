import type { MutationOutcome } from '../../src/domain/sync/protocol.ts';
import type { OutboxEntry } from './outbox.ts';
import { TransportError, type SyncTransport } from './transport.ts';

/** Mutations per request, and their size: well under the server's 1 MB body limit, so a batch is never too large. */
export const PUSH_BATCH = 50;
const PUSH_BATCH_BYTES = 512 * 1024;

/** The first entries of the queue that fit one request (always at least one, however large). */
export function takeBatch(pending: OutboxEntry[], limit = PUSH_BATCH): OutboxEntry[] {
  const batch: OutboxEntry[] = [];
  let bytes = 0;
  for (const entry of pending.slice(0, limit)) {
    bytes += JSON.stringify(entry.args ?? null).length + 200;
    if (batch.length > 0 && bytes > PUSH_BATCH_BYTES) break;
    batch.push(entry);
  }
  return batch;
}

/** Refusals of a whole request that the same request would meet again: malformed (400) or too large (413). */
const REFUSED_FOR_GOOD = new Set([400, 413]);

/** What the user reads when the server refused a change as a request, before looking at it as a mutation. */
export const requestRefusal = (status: number | undefined, serverMessage: string) =>
  status === 413
    ? { code: 'too-large', message: 'This change is too large to send, so it was not saved.' }
    : { code: 'unreadable', message: `The server could not read this change, so it was not saved (${serverMessage}).` };

export type PushResult =
  | { kind: 'answered'; outcomes: MutationOutcome[] }
  /** The request was refused whole: send its first mutation alone to find the one that is refused. */
  | { kind: 'isolate' }
  | { kind: 'failed'; error: unknown };

/**
 * Sends one batch. A request the server refuses whole (400, 413) is never sent again as it is: with several
 * mutations the first is sent alone next, and a single mutation refused that way is answered here as rejected,
 * so it cannot hold back the queue behind it. Anything else that fails (network, 5xx, 429, an unexpected 4xx)
 * keeps the batch queued for a retry.
 */
export async function pushBatch(transport: SyncTransport, clientId: string, batch: OutboxEntry[]): Promise<PushResult> {
  try {
    const response = await transport.push({ clientId, mutations: batch.map(({ id, name, args, at }) => ({ id, name, args, at })) });
    return { kind: 'answered', outcomes: response.results };
  } catch (error) {
    if (!(error instanceof TransportError) || error.code !== 'client' || !REFUSED_FOR_GOOD.has(error.status ?? 0)) return { kind: 'failed', error };
    if (batch.length > 1) return { kind: 'isolate' };
    return { kind: 'answered', outcomes: [{ id: batch[0]!.id, status: 'rejected', ...requestRefusal(error.status, error.message) }] };
  }
}

/**
 * What a reply settles: the entries in order up to the first without an outcome (it and everything after it wait
 * for the next attempt, so the queue keeps its order), and the refusals among them.
 */
export function settledBy(batch: OutboxEntry[], outcomes: MutationOutcome[]) {
  const byId = new Map(outcomes.map((o) => [o.id, o]));
  const firstUnanswered = batch.findIndex((entry) => !byId.has(entry.id));
  const settled = firstUnanswered < 0 ? batch : batch.slice(0, firstUnanswered);
  const refused = settled.flatMap((entry) => {
    const outcome = byId.get(entry.id);
    return outcome?.status === 'rejected' ? [{ entry, code: outcome.code, message: outcome.message }] : [];
  });
  return { settled, refused, statusOf: (id: string) => byId.get(id)?.status };
}
