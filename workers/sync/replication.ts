import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { Checkpoint, ReplicaDoc } from '../../src/domain/sync/protocol.ts';
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

/**
 * `unseen`: every document of the page comes after the last page this pass wrote (and after the checkpoint it
 * started from), so none of them can be older than what an earlier page put in the replica. A late or replayed
 * page is never unseen; the caller then checks each document against the replica before writing it.
 */
export type PulledPage = { collection: SyncedCollection; documents: ReplicaDoc[]; unseen: boolean };

export type PullOptions = {
  scope?: string | undefined;
  /** Ask the server how many documents follow the checkpoint, and report each written page against that count. */
  onProgress?: ((received: number, total: number | null) => Promise<void> | void) | undefined;
  /** Checked between pages: true stops the pass there (its checkpoint saved), for more urgent work. */
  yieldNow?: (() => boolean) | undefined;
};

/** `complete`: the feed was pulled to its end; otherwise the pass yielded and continues from its checkpoint later. */
export type PullPass = { received: number; complete: boolean };

const after = (doc: ReplicaDoc, mark: Checkpoint | null) => mark === null || doc.rev > mark.rev || (doc.rev === mark.rev && doc.id > mark.id);

/**
 * Pulls one collection (or one scope of it) to the end of its feed, page by page. Each page is handed to
 * `onPage` (which writes it with the rebase) before its checkpoint is saved, so a crash re-pulls a page rather
 * than skipping one; `yieldNow` may end the pass between pages. When the server restarts the feed (what the caller may see changed), documents that did
 * not come again are removed at the end of the pass, unless they exist only locally (rev 0: optimistic).
 */
export async function pullToEnd(
  db: ReplicaDatabase,
  transport: SyncTransport,
  collection: SyncedCollection,
  limit: number,
  onPage: (page: PulledPage) => Promise<void>,
  { scope, onProgress, yieldNow }: PullOptions = {},
): Promise<PullPass> {
  const checkpoint = await loadCheckpoint(db, collection, scope);
  let seenInReset: Set<string> | null = null;
  let total = 0;
  let counted: number | null = null;
  // The highest (rev, id) this pass has written: a page starting above it holds only newer documents.
  let mark: Checkpoint | null = checkpoint;
  // The next page is requested while the current one is written: the network and IndexedDB work side by side.
  let next = transport.pull(collection, checkpoint, limit, scope, onProgress !== undefined);
  for (;;) {
    const page = await next;
    const more = page.documents.length >= limit;
    if (more) {
      next = transport.pull(collection, page.checkpoint, limit, scope);
      next.catch(() => undefined); // awaited below; this only keeps a failure during the write from going unhandled
    }
    if (typeof page.remaining === 'number' && counted === null) counted = page.remaining;
    if (page.reset) {
      seenInReset = new Set();
      mark = null;
    }
    if (seenInReset) for (const doc of page.documents) seenInReset.add(doc.id);
    const first = page.documents[0];
    if (first) await onPage({ collection, documents: page.documents, unseen: !page.reset && after(first, mark) });
    const last = page.documents.at(-1);
    if (last && after(last, mark)) mark = { rev: last.rev, id: last.id, v: page.checkpoint.v };
    total += page.documents.length;
    await saveCheckpoint(db, collection, page.checkpoint, scope);
    if (onProgress) await onProgress(total, counted);
    if (!more) break;
    // A reset pass runs to its end: the clean-up after it needs every document it kept.
    if (!seenInReset && yieldNow?.()) return { received: total, complete: false };
  }
  if (seenInReset) {
    const selector = scope?.startsWith('case:') ? { caseId: scope.slice(5) } : {};
    const local = await db[collection].find({ selector }).exec();
    const gone = local.filter((d) => !seenInReset.has(d.primary) && (d.get('rev') as number) > 0).map((d) => d.primary);
    if (gone.length) await db[collection].bulkRemove(gone);
  }
  return { received: total, complete: true };
}
