import { getHeightOfRevision, type RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';

/** A document as stored, RxDB's own fields included. */
export type StoredDoc = Record<string, unknown> & { _rev: string; _deleted: boolean };

/**
 * The documents of `ids` as they change, for a view that asks for documents by id and nothing else (the inbox's
 * cases of its tickets). RxDB runs a query over storage again after any write larger than its change buffer, so
 * such a query, an `$in` of thousands of ids, was run again for every page of a first load: 44 s of a 77 s cold
 * load with the inbox open. Here a write costs a set lookup per written document.
 *
 * `onDocs` gets the documents that exist, in primary key order (a query's order without a sort), once the ids have
 * been read and again after each write that changes one of them. A write that happened while they were read is
 * applied after, unless the read already holds that revision or a later one.
 */
export function watchIds(collection: RxCollection, ids: readonly string[], onDocs: (docs: StoredDoc[]) => void, onError: (error: unknown) => void): Subscription {
  const primaryPath = collection.schema.primaryPath as string;
  const wanted = new Set(ids);
  const current = new Map<string, StoredDoc>();
  // The latest revision height seen of each id, deleted ones too, so an older write never replaces a newer one.
  const heights = new Map<string, number>();
  let early: StoredDoc[] | null = [];
  const apply = (data: StoredDoc): boolean => {
    const id = String(data[primaryPath]);
    const height = getHeightOfRevision(data._rev);
    if ((heights.get(id) ?? -1) >= height) return false;
    heights.set(id, height);
    if (data._deleted) return current.delete(id);
    current.set(id, data);
    return true;
  };
  const emit = () => onDocs([...current.values()].sort((a, b) => (a[primaryPath]! < b[primaryPath]! ? -1 : 1)));

  const subscription = collection.eventBulks$.subscribe((bulk) => {
    let changed = false;
    for (const event of bulk.events) {
      if (!wanted.has(event.documentId)) continue;
      const data = event.documentData as unknown as StoredDoc;
      if (early) early.push(data);
      else changed = apply(data) || changed;
    }
    if (changed) emit();
  });
  collection.storageInstance.findDocumentsById([...wanted], true).then(
    (found) => {
      if (subscription.closed) return;
      for (const data of found) apply(data as unknown as StoredDoc);
      for (const data of early ?? []) apply(data);
      early = null;
      emit();
    },
    (error: unknown) => {
      if (!subscription.closed) onError(error);
    },
  );
  return subscription;
}
