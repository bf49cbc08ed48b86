import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { Checkpoint } from '../../src/domain/sync/protocol.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { SyncTransport } from './transport.ts';

const checkpointKey = (collection: SyncedCollection, scope?: string) => `checkpoint:${collection}${scope ? `:${scope}` : ''}`;

export async function loadCheckpoint(db: ReplicaDatabase, collection: SyncedCollection, scope?: string): Promise<Checkpoint | null> {
  const doc = await db.getLocal<Checkpoint>(checkpointKey(collection, scope));
  return doc ? (doc.toJSON().data as Checkpoint) : null;
}

async function saveCheckpoint(db: ReplicaDatabase, collection: SyncedCollection, checkpoint: Checkpoint, scope?: string) {
  await db.upsertLocal(checkpointKey(collection, scope), checkpoint);
}

export type PulledPage = { collection: SyncedCollection; documents: import('../../src/domain/sync/protocol.ts').ReplicaDoc[] };

/**
 * Pulls one collection (or one scope of it) to the end of its feed, page by page. Each page is handed to
 * `onPage` (which writes it with the rebase) before its checkpoint is saved, so a crash re-pulls a page rather
 * than skipping one. When the server restarts the feed (what the caller may see changed), documents that did
 * not come again are removed at the end of the pass, unless they exist only locally (rev 0: optimistic).
 */
export async function pullToEnd(
  db: ReplicaDatabase,
  transport: SyncTransport,
  collection: SyncedCollection,
  limit: number,
  onPage: (page: PulledPage) => Promise<void>,
  scope?: string,
): Promise<number> {
  const checkpoint = await loadCheckpoint(db, collection, scope);
  let seenInReset: Set<string> | null = null;
  let total = 0;
  // The next page is requested while the current one is written: the network and IndexedDB work side by side.
  let next = transport.pull(collection, checkpoint, limit, scope);
  for (;;) {
    const page = await next;
    const more = page.documents.length >= limit;
    if (more) {
      next = transport.pull(collection, page.checkpoint, limit, scope);
      next.catch(() => undefined); // awaited below; this only keeps a failure during the write from going unhandled
    }
    if (page.reset) seenInReset = new Set();
    if (seenInReset) for (const doc of page.documents) seenInReset.add(doc.id);
    if (page.documents.length > 0) await onPage({ collection, documents: page.documents });
    total += page.documents.length;
    await saveCheckpoint(db, collection, page.checkpoint, scope);
    if (!more) break;
  }
  if (seenInReset) {
    const selector = scope?.startsWith('case:') ? { caseId: scope.slice(5) } : {};
    const local = await db[collection].find({ selector }).exec();
    const gone = local.filter((d) => !seenInReset.has(d.primary) && (d.get('rev') as number) > 0).map((d) => d.primary);
    if (gone.length) await db[collection].bulkRemove(gone);
  }
  return total;
}
