import type { SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { FirstLoad } from './firstLoad.ts';
import { pullToEnd } from './replication.ts';
import type { SyncTransport } from './transport.ts';

export type PullPassDeps = {
  db: ReplicaDatabase;
  transport: SyncTransport;
  limit: number;
  firstLoad: FirstLoad;
  /** Writes a page (with the rebase); `mustCheck` says which documents to compare with the replica first. */
  writePage: (collection: SyncedCollection, documents: ReplicaDoc[], mustCheck: ((doc: ReplicaDoc) => boolean) | undefined) => Promise<void>;
  /** True when something more urgent waits (or the engine stopped): the pass gives way between pages. */
  yieldNow: () => boolean;
};

/**
 * One pass of a pull target (a collection, or `caseRecords|<scope>`) toward the end of its feed; answers whether it
 * got there. A collection loading for the first time on this device reports its progress, writes its pages
 * without reading the replica first (FirstLoad says which documents still need it), and gives way between pages
 * to anything more urgent (the inbox's tickets before the rest of the cases), continuing from its checkpoint after.
 */
export async function pullPass(target: string, deps: PullPassDeps): Promise<boolean> {
  const { db, transport, limit, firstLoad, writePage, yieldNow } = deps;
  const [collection, scope] = target.split('|') as [SyncedCollection, string | undefined];
  const loading = !firstLoad.isLoaded(collection);
  if (loading) await firstLoad.beginPass(collection);
  const pass = await pullToEnd(db, transport, collection, limit, (page) => writePage(collection, page.documents, firstLoad.mustCheck(collection, page.unseen)), {
    scope,
    onProgress: loading ? (received, total) => firstLoad.progress(collection, received, total) : undefined,
    yieldNow,
  });
  if (pass.complete && loading) await firstLoad.finished(collection);
  return pass.complete;
}
