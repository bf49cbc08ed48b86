import type { DocRef, DocWrite } from '../../src/domain/mutations/types.ts';
import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import { DOCS_REQUEST_MAX } from '../../src/domain/sync/protocol.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { SyncTransport } from './transport.ts';

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

/**
 * The server's current state of the given documents; one the caller can no longer see (or that is gone)
 * comes back as a tombstone of kind 'gone', which is always applied. Asked in requests of at most
 * DOCS_REQUEST_MAX ids: settled batch chunks alone touch a thousand lines each.
 */
export async function fetchServerState(transport: SyncTransport, refs: DocRef[]): Promise<DocWrite[]> {
  const byCollection = new Map<SyncedCollection, string[]>();
  for (const ref of refs) {
    const ids = byCollection.get(ref.collection) ?? [];
    ids.push(ref.id);
    byCollection.set(ref.collection, ids);
  }
  const restored: DocWrite[] = [];
  for (const [collection, all] of byCollection) {
    for (let start = 0; start < all.length; start += DOCS_REQUEST_MAX) restored.push(...(await fetchSome(transport, collection, all.slice(start, start + DOCS_REQUEST_MAX))));
  }
  return restored;
}

async function fetchSome(transport: SyncTransport, collection: SyncedCollection, ids: string[]): Promise<DocWrite[]> {
  const current = await transport.docs(collection, ids);
  const present = new Set(current.map((d) => d.id));
  const gone = ids.filter((id) => !present.has(id)).map((id) => ({ collection, doc: { id, kind: 'gone', rev: 0, deleted: true } }));
  return [...current.map((doc) => ({ collection, doc })), ...gone];
}

/**
 * A document a screen was opened on (a link) that the replica does not hold yet, as the server has it for this
 * user: the feed may still be on its way to it (a first load, a pull behind the live stream). Not found, offline
 * or refused: nothing, and the screen decides on what the device holds.
 */
export async function fetchIfMissing(db: ReplicaDatabase, transport: SyncTransport, collection: SyncedCollection, id: string): Promise<DocWrite[]> {
  if (await db[collection].findOne(id).exec()) return [];
  try {
    return (await transport.docs(collection, [id])).map((doc) => ({ collection, doc }));
  } catch {
    return [];
  }
}
