import type { DocRef } from '../../src/domain/mutations/types.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';

/**
 * Documents whose server state must be fetched again (those a settled mutation touched), kept in a local
 * document so a restart still fetches them. Each entry carries a generation: marking an entry again while its
 * fetch is under way bumps it, so that fetch (which may predate the newer change) does not clear it.
 */
export type StaleRef = DocRef & { gen: number };

const KEY = 'staleRefs';
const refKey = (r: DocRef) => `${r.collection}|${r.id}`;
let generation = 0;

export async function readStaleRefs(db: ReplicaDatabase): Promise<StaleRef[]> {
  const stored = await db.getLocal<{ refs: StaleRef[] }>(KEY);
  return stored ? (stored.toJSON().data as { refs: StaleRef[] }).refs : [];
}

export async function addStaleRefs(db: ReplicaDatabase, refs: DocRef[]): Promise<void> {
  if (refs.length === 0) return;
  generation = Math.max(generation + 1, Date.now());
  const marked = new Map((await readStaleRefs(db)).map((r) => [refKey(r), r]));
  for (const ref of refs) marked.set(refKey(ref), { collection: ref.collection, id: ref.id, gen: generation });
  await db.upsertLocal(KEY, { refs: [...marked.values()] });
}

/** Clears the entries a refresh handled, unless they were marked again since it read them. */
export async function removeStaleRefs(db: ReplicaDatabase, handled: StaleRef[]): Promise<void> {
  const done = new Map(handled.map((r) => [refKey(r), r.gen]));
  await db.upsertLocal(KEY, { refs: (await readStaleRefs(db)).filter((r) => done.get(refKey(r)) !== r.gen) });
}
