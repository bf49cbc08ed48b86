import type { DocRef } from '../../src/domain/mutations/types.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';

/** A queued mutation, as stored in the outbox collection (durable across reloads and restarts). */
export type OutboxEntry = {
  id: string;
  seq: number;
  name: string;
  args: unknown;
  at: number;
  attempts: number;
  lastError: string | null;
  /** The documents its optimistic effect wrote: restored from the server if it is rejected. */
  touched: DocRef[];
};

let lastSeq = 0;
/** Strictly increasing within a realm and ordered by time across realms, so the queue keeps the order made. */
export function nextSeq(now: number): number {
  lastSeq = Math.max(now * 1000, lastSeq + 1);
  return lastSeq;
}

export const outboxOf = (db: ReplicaDatabase) => ({
  async pending(limit?: number): Promise<OutboxEntry[]> {
    const query = db.outbox.find({ sort: [{ seq: 'asc' }], ...(limit ? { limit } : {}) });
    return (await query.exec()).map((d) => d.toMutableJSON() as OutboxEntry);
  },
  async count(): Promise<number> {
    return db.outbox.count().exec();
  },
  async add(entry: OutboxEntry): Promise<void> {
    await db.outbox.insert(entry);
  },
  async remove(ids: string[]): Promise<void> {
    if (ids.length) await db.outbox.bulkRemove(ids);
  },
  async noteFailure(ids: string[], message: string): Promise<void> {
    const docs = await db.outbox.findByIds(ids).exec();
    await Promise.all(
      [...docs.values()].map((doc) => doc.incrementalPatch({ attempts: ((doc.get('attempts') as number) ?? 0) + 1, lastError: message })),
    );
  },
});
