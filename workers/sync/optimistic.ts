import { mutationDefinition } from '../../src/domain/mutations/registry.ts';
import { MutationRefused, type MutationActor } from '../../src/domain/mutations/types.ts';
import { inputProblem } from '../../src/domain/validation/inputBoundary.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { MutationResult } from '../../src/data/replicaApi.ts';
import { nextSeq, outboxOf, type OutboxEntry } from './outbox.ts';
import { readDocs, writeDocs } from './rebase.ts';

export const STORAGE_FULL = 'This device has no room left to store data. Your queued changes are kept; free some space and reload.';

/** IndexedDB (and Dexie, which wraps it) reports a full disk as a QuotaExceededError, sometimes as the inner error. */
export const isQuotaError = (error: unknown): boolean => {
  const e = error as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
};

export type Queued = { result: MutationResult; entry?: OutboxEntry; previewLost?: boolean };

/**
 * Validates a mutation, runs its optimistic effect on the replica's documents and queues it. A refusal the
 * replica can see is answered without queueing anything.
 */
export async function applyOptimistically(
  db: ReplicaDatabase,
  request: { name: string; args: unknown; actor: MutationActor; at: number; id: string },
): Promise<Queued> {
  const definition = mutationDefinition(request.name);
  if (!definition) return { result: { ok: false, code: 'unknown-mutation', message: `Unknown mutation ${request.name}` } };
  // The server's input boundary, applied before anything is queued: what it would refuse is refused here, at once.
  const unsafe = inputProblem(request.args, 'args');
  if (unsafe) return { result: { ok: false, code: 'invalid-args', message: unsafe.message } };
  const parsed = definition.args.safeParse(request.args);
  if (!parsed.success) return { result: { ok: false, code: 'invalid-args', message: parsed.error.issues[0]?.message ?? 'Invalid input' } };
  let writes;
  try {
    writes = definition.apply(parsed.data, await readDocs(db, definition.reads(parsed.data, request.actor)), request.actor, request.at);
  } catch (error) {
    if (error instanceof MutationRefused) return { result: { ok: false, code: error.code, message: error.message } };
    throw error;
  }
  const entry: OutboxEntry = {
    id: request.id,
    seq: nextSeq(request.at),
    name: request.name,
    args: parsed.data,
    at: request.at,
    attempts: 0,
    lastError: null,
    touched: writes.map((w) => ({ collection: w.collection, id: w.doc.id })),
  };
  // The outbox entry is durable before the effect shows: a crash in between loses nothing the user saw.
  try {
    await outboxOf(db).add(entry);
  } catch (error) {
    if (isQuotaError(error)) return { result: { ok: false, code: 'storage-full', message: STORAGE_FULL } };
    throw error;
  }
  try {
    await writeDocs(db, writes);
  } catch (error) {
    // The change is queued and will be sent; only its preview could not be stored.
    if (!isQuotaError(error)) throw error;
    return { result: { ok: true }, entry, previewLost: true };
  }
  return { result: { ok: true }, entry };
}
