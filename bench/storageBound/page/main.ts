/**
 * The storage-bound benchmark's page (bench/storageBound.ts): writes documents shaped as the cases
 * and tickets the sync bench's feed sends, page by page as the worker does, into IndexedDB with no library at all
 * (with no index, and with the collection's indexes as RxDB lays them out) and through the worker's own write path
 * (RxDB on Dexie, the product's replica schema). Nothing here is used by the product.
 */
import { fillWithDefaultSettings } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openReplica } from '../../../src/data/openReplica.ts';
import { REPLICA_SCHEMAS } from '../../../src/data/replicaSchema.ts';
import type { CaseDoc, TicketDoc } from '../../../src/domain/sync/documents.gen.ts';
import { withReplicaFields } from '../../../src/domain/sync/replicaFields.ts';
import { writeDocs } from '../../../workers/sync/rebase.ts';

type Collection = 'tickets' | 'cases';
const STATUSES = ['CREATED', 'PROGRESS', 'COMPLETED'];

/** A case as the server's feed sends it (the shape of bench/sync/seedVolume.ts's cases). */
function caseDoc(n: number, now: number): CaseDoc {
  return {
    id: `case-vol-${String(n).padStart(6, '0')}`,
    kind: 'case',
    rev: 100 + n,
    deleted: false,
    workspaceId: 'ws-demo',
    caseTypeId: n % 2 === 0 ? 'ct-demo-onboarding' : 'ct-demo-claim',
    stateId: n % 2 === 0 ? 'cst-demo-onboarding-docs' : 'cst-demo-claim-review',
    status: STATUSES[n % 3]!,
    customerId: `CUST-${n % 5000}`,
    category: 'bench',
    description: `Volume case ${n}`,
    data: { amount: n % 997, channel: 'bench' },
    batchId: null,
    closing: null,
    createdAt: now - (n % 129_600) * 60_000,
    updatedAt: now,
  } as CaseDoc;
}

/** An open ticket as the feed sends it (the shape of bench/sync/seedVolume.ts's tickets). */
function ticketDoc(n: number, now: number): TicketDoc {
  return {
    id: `tck-vol-${String(n).padStart(6, '0')}`,
    kind: 'ticket',
    rev: 100 + n,
    deleted: false,
    workspaceId: 'ws-demo',
    caseId: `case-vol-${String(n).padStart(6, '0')}`,
    instanceId: null,
    stageKey: null,
    operation: `OP-${n}`,
    contact: null,
    contactName: null,
    description: `Volume ticket ${n}`,
    teamId: ['team-demo-claims', 'team-demo-field', 'team-demo-back-office'][n % 3]!,
    assigneeMemberId: null,
    assigneeUserId: null,
    status: 'unassigned',
    state: 'open',
    template: '<form><input name="note"></form>',
    initialValues: {},
    data: {},
    slaSeconds: 28_800,
    dueAt: now + 8 * 3_600_000 - (n % 480) * 60_000,
    claimedAt: null,
    resolvedAt: null,
    resolvedByUserId: null,
    exit: null,
    createdAt: now - (n % 480) * 60_000,
    updatedAt: now,
    templateVersion: null,
  } as TicketDoc;
}

const docOf = (collection: Collection, n: number, now: number) => (collection === 'cases' ? caseDoc(n, now) : ticketDoc(n, now));

/** The key paths of the IndexedDB indexes RxDB keeps for a schema: its own fields first, the primary key last. */
const indexPaths = (schema: (typeof REPLICA_SCHEMAS)[Collection]) => fillWithDefaultSettings(schema).indexes!.map((index) => (typeof index === 'string' ? [index] : [...index]));

function openStore(name: string, indexes: string[][]): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore('docs', { keyPath: 'id' });
      indexes.forEach((path, i) => store.createIndex(`index${i}`, path.length === 1 ? path[0]! : path));
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One transaction per page, a put per document, as stored by RxDB (its fields, `_deleted` as an indexable '0'). */
function putPage(db: IDBDatabase, docs: object[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const tx = db.transaction('docs', 'readwrite');
    const store = tx.objectStore('docs');
    for (const doc of docs) store.put({ ...withReplicaFields(doc as Record<string, unknown>), _deleted: '0', _rev: '1-bench', _meta: { lwt: Date.now() }, _attachments: {} });
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
}

const bench = {
  /**
   * Milliseconds to write `count` documents of a collection in pages of `pageSize`, in IndexedDB alone, with that
   * collection's indexes or with none.
   */
  async indexedDb(collection: Collection, indexed: boolean, count: number, pageSize: number): Promise<number> {
    const db = await openStore(`bench-${collection}-${indexed}-${Date.now()}`, indexed ? indexPaths(REPLICA_SCHEMAS[collection]) : []);
    const now = Date.now();
    const started = performance.now();
    for (let from = 0; from < count; from += pageSize) {
      await putPage(db, Array.from({ length: Math.min(pageSize, count - from) }, (_, i) => docOf(collection, from + i, now)));
    }
    const ms = performance.now() - started;
    db.close();
    return ms;
  },
  /** The same through the sync worker's write of a pulled page (writeDocs: RxDB's bulkUpsert on Dexie). */
  async replica(collection: Collection, count: number, pageSize: number): Promise<number> {
    const db = await openReplica(`bench_replica_${Date.now()}`, getRxStorageDexie());
    const now = Date.now();
    const started = performance.now();
    for (let from = 0; from < count; from += pageSize) {
      await writeDocs(db, Array.from({ length: Math.min(pageSize, count - from) }, (_, i) => ({ collection, doc: docOf(collection, from + i, now) })));
    }
    const ms = performance.now() - started;
    await db.close();
    return ms;
  },
  /** The number of indexes each collection has in IndexedDB. */
  indexCounts: () => ({ tickets: indexPaths(REPLICA_SCHEMAS.tickets).length, cases: indexPaths(REPLICA_SCHEMAS.cases).length }),
};

Object.assign(window, { bench });
document.getElementById('state')!.textContent = 'ready';
