import type { RxCollection } from 'rxdb';
import { dexieReplaceIfStartsWithPipe, getKeyRangeByQueryPlan } from 'rxdb/plugins/storage-dexie';
import { SEEK_FROM } from '../../src/data/reader/protocol.ts';
import type { ReplicaQuery } from '../../src/data/replicaApi.ts';

type DexieInternals = {
  booleanIndexes: string[];
  dexieTable: unknown;
  dexieDb: {
    _options: { IDBKeyRange?: typeof IDBKeyRange };
    transaction: (mode: 'r', table: unknown, run: (tx: { idbtrans: IDBTransaction }) => Promise<void>) => Promise<void>;
  };
};

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });

/**
 * A page deep in a list without reading the documents before it. RxDB's IndexedDB storage applies `skip` by
 * reading (and decoding) every skipped document, so page 5,000 of a list reads 50,000 documents. Here the index's
 * keys alone are walked (`advance`, no documents) to the page's first entry, and the query becomes a range that
 * starts at that entry's sort value, skipping only the entries that share it; past the range's end, a range after
 * its last entry, which answers nothing at once. Answers null when the query cannot be seeked this way (another
 * storage, a selector or sort its index does not answer alone): use `skip` then.
 */
export async function seekQuery(collection: RxCollection, query: ReplicaQuery): Promise<ReplicaQuery | null> {
  const skip = query.skip ?? 0;
  if (skip < SEEK_FROM || collection.database.storage.name !== 'dexie' || !query.index) return null;
  const rxQuery = collection.find({ selector: query.selector ?? {}, sort: query.sort, index: query.index });
  const plan = rxQuery.getPreparedQuery().queryPlan;
  if (!plan.selectorSatisfiedByIndex || !plan.sortSatisfiedByIndex) return null;
  const sortField = plan.index[plan.index.length - 2];
  if (sortField === undefined || sortField === '_deleted') return null;
  const state = (await (collection.storageInstance as unknown as { internals: Promise<DexieInternals> }).internals) satisfies DexieInternals;
  const Range = state.dexieDb._options.IDBKeyRange ?? IDBKeyRange;
  const range = getKeyRangeByQueryPlan(state.booleanIndexes, plan, Range);
  const indexName = `[${plan.index.map((field) => dexieReplaceIfStartsWithPipe(field)).join('+')}]`;
  let anchor: IDBValidKey[] | null = null;
  let last: IDBValidKey[] | null = null;
  let before = 0;
  await state.dexieDb.transaction('r', state.dexieTable, async (tx) => {
    const index = tx.idbtrans.objectStore('docs').index(indexName);
    anchor = await new Promise<IDBValidKey[] | null>((resolve, reject) => {
      const cursorRequest = index.openKeyCursor(range);
      let advanced = false;
      cursorRequest.onerror = () => reject(cursorRequest.error ?? new Error('IndexedDB cursor failed'));
      cursorRequest.onsuccess = () => {
        const cursor = cursorRequest.result;
        if (cursor === null) return resolve(null);
        if (!advanced) {
          advanced = true;
          cursor.advance(skip);
          return;
        }
        resolve(cursor.key as IDBValidKey[]);
      };
    });
    if (anchor === null) {
      last = await request(index.openKeyCursor(range, 'prev')).then((cursor) => (cursor ? (cursor.key as IDBValidKey[]) : null));
      return;
    }
    // Entries before the anchor with the same sort value: the first part of the page's range to skip.
    const key: IDBValidKey[] = anchor;
    const lower = [...key.slice(0, -1), ''];
    before = await request(index.count(Range.bound(lower, key, false, true)));
  });
  const selector = { ...(query.selector ?? {}) };
  const current = selector[sortField];
  const bounds = typeof current === 'object' && current !== null ? (current as Record<string, unknown>) : current === undefined ? {} : { $eq: current };
  if ('$eq' in bounds) return null;
  const { $gt: _after, $gte: _from, ...rest } = bounds;
  if (anchor === null) {
    // The range ends before the page (a link past the end of a list whose total is not counted yet): `skip` would
    // read every document of the range to find nothing; the range after its last entry finds nothing at once.
    const end = last as IDBValidKey[] | null;
    if (end === null) return null;
    selector[sortField] = { ...rest, $gt: end[end.length - 2] };
    return { ...query, selector, skip: 0 };
  }
  const found: IDBValidKey[] = anchor;
  selector[sortField] = { ...rest, $gte: found[found.length - 2] };
  return { ...query, selector, skip: before };
}
