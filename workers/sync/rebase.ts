import { mutationDefinition } from '../../src/domain/mutations/registry.ts';
import { MutationRefused, type DocRef, type DocWrite, type MutationActor } from '../../src/domain/mutations/types.ts';
import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { withReplicaFields } from '../../src/domain/sync/replicaFields.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { OutboxEntry } from './outbox.ts';

/** Diagnostics: what the engine did, for the chaos test's report of a failing run. */
export type SyncTrace = (event: string, detail: unknown) => void;

const keyOf = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Reads documents of the replica by reference (missing ones are simply absent). */
export async function readDocs(db: ReplicaDatabase, refs: DocRef[]): Promise<Map<string, ReplicaDoc>> {
  const byCollection = new Map<SyncedCollection, string[]>();
  for (const ref of refs) byCollection.set(ref.collection, [...(byCollection.get(ref.collection) ?? []), ref.id]);
  const found = new Map<string, ReplicaDoc>();
  for (const [collection, ids] of byCollection) {
    const docs = await db[collection].findByIds(ids).exec();
    for (const [id, doc] of docs) found.set(id, doc.toMutableJSON() as ReplicaDoc);
  }
  return found;
}

/** Writes documents to the replica: tombstones are removed, everything else is upserted. */
export async function writeDocs(db: ReplicaDatabase, writes: Iterable<DocWrite>): Promise<void> {
  const byCollection = new Map<SyncedCollection, { upsert: ReplicaDoc[]; remove: string[] }>();
  for (const { collection, doc } of writes) {
    const group = byCollection.get(collection) ?? { upsert: [], remove: [] };
    if (doc.deleted) group.remove.push(doc.id);
    else group.upsert.push(withReplicaFields(doc));
    byCollection.set(collection, group);
  }
  for (const [collection, { upsert, remove }] of byCollection) {
    if (upsert.length) await db[collection].bulkUpsert(upsert);
    if (remove.length) await db[collection].bulkRemove(remove);
  }
}

/**
 * Server documents older than what the replica already holds are dropped: a late reply (a reordered page, a
 * document fetch that crossed a newer pull) must never move a document back in time. A document the server
 * says is gone for this user (`kind: 'gone'`) is always removed. `mustCheck` narrows the check to the documents
 * that could be newer in the replica (a first load's page past everything written before it needs none of it).
 */
async function withoutStale(db: ReplicaDatabase, serverDocs: DocWrite[], mustCheck: (doc: ReplicaDoc) => boolean): Promise<DocWrite[]> {
  const checked = serverDocs.filter((w) => w.doc.kind !== 'gone' && mustCheck(w.doc));
  if (checked.length === 0) return serverDocs;
  const current = await readDocs(db, checked.map((w) => ({ collection: w.collection, id: w.doc.id })));
  return serverDocs.filter((w) => w.doc.kind === 'gone' || w.doc.rev >= ((current.get(w.doc.id)?.rev as number | undefined) ?? 0));
}

/**
 * The rebase: server documents are written, then the effects of the mutations still pending are applied
 * again on top, in queue order, so the screen keeps showing the user's unsent changes and never flickers
 * back. A pending mutation whose effect no longer applies (its ticket was closed meanwhile, say) is skipped
 * here; the server will give the verdict when it is sent.
 */
export async function rebase(
  db: ReplicaDatabase,
  serverDocs: DocWrite[],
  pending: OutboxEntry[],
  actor: MutationActor | null,
  trace?: SyncTrace,
  mustCheck: (doc: ReplicaDoc) => boolean = () => true,
): Promise<void> {
  const fresh = await withoutStale(db, serverDocs, mustCheck);
  trace?.('rebase', { server: serverDocs.map((w) => `${w.doc.id}@${w.doc.rev}`), kept: fresh.length, pending: pending.map((p) => `${p.name}:${p.id}`) });
  const overlay = new Map<string, DocWrite>(fresh.map((w) => [keyOf(w.collection, w.doc.id), w]));
  if (actor) {
    for (const entry of pending) {
      const definition = mutationDefinition(entry.name);
      if (!definition) continue;
      const parsed = definition.args.safeParse(entry.args);
      if (!parsed.success) continue;
      const refs = [...definition.reads(parsed.data, actor), ...entry.touched];
      if (!refs.some((r) => overlay.has(keyOf(r.collection, r.id)))) continue;
      const docs = await readDocs(db, refs.filter((r) => !overlay.has(keyOf(r.collection, r.id))));
      for (const r of refs) {
        const w = overlay.get(keyOf(r.collection, r.id));
        if (w) docs.set(r.id, w.doc);
      }
      try {
        for (const write of definition.apply(parsed.data, docs, actor, entry.at)) overlay.set(keyOf(write.collection, write.doc.id), write);
      } catch (error) {
        if (!(error instanceof MutationRefused)) throw error;
      }
    }
  }
  await writeDocs(db, overlay.values());
}
