import type { DocRef } from '../../src/domain/mutations/types.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';

/**
 * Documents whose server state must be fetched again (those a settled mutation touched), kept in a local
 * document so a restart still fetches them.
 */
const KEY = 'staleRefs';
const refKey = (r: DocRef) => `${r.collection}|${r.id}`;

export async function readStaleRefs(db: ReplicaDatabase): Promise<DocRef[]> {
  const stored = await db.getLocal<{ refs: DocRef[] }>(KEY);
  return stored ? (stored.toJSON().data as { refs: DocRef[] }).refs : [];
}

export async function addStaleRefs(db: ReplicaDatabase, refs: DocRef[]): Promise<void> {
  if (refs.length === 0) return;
  const existing = await readStaleRefs(db);
  const keys = new Set(existing.map(refKey));
  await db.upsertLocal(KEY, { refs: [...existing, ...refs.filter((r) => !keys.has(refKey(r)))] });
}

export async function removeStaleRefs(db: ReplicaDatabase, refs: DocRef[]): Promise<void> {
  const done = new Set(refs.map(refKey));
  await db.upsertLocal(KEY, { refs: (await readStaleRefs(db)).filter((r) => !done.has(refKey(r))) });
}
