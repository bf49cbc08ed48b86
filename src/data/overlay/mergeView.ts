import { overlayApplies, replicaCopyAt, type OverlayEntry } from './pendingOverlay.ts';

/**
 * Pure merging of a view's answer from the replica with the overlay of pending effects. Only the overlaid
 * documents are tested against the query (never the collection), with RxDB's matching and order (the caller's
 * shape, from src/domain/sync/mango.ts), so a merged list is what the replica will answer once the worker has
 * written the same effects.
 */

/** A query's answer from the replica, in the query's order. */
export type ReplicaAnswer<T> = {
  docs: readonly T[];
  /** Position and revision height (RxDB `_rev`) of a document in `docs`, if it is there. */
  find(id: string): { index: number; height: number } | undefined;
  /** The page's change sequence when the answer arrived (see `overlayApplies`). */
  seq: number;
};

export type QueryShape<T> = {
  matches(doc: T): boolean;
  compare(a: T, b: T): number;
  limit?: number;
  skip?: number;
};

type Doc = { id: string };
const shown = (entry: OverlayEntry) => !entry.doc.deleted;

/** Where `doc` goes in `docs` (sorted by `compare`): after every document that sorts before it. */
function insertionIndex<T>(docs: readonly T[], doc: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = docs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(docs[middle]!, doc) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The list a query shows: a document in the overlay replaces the replica's copy, leaves the list when it no longer
 * matches (or is deleted) and joins it, in sort order, when it newly matches. With a limit or a skip the replica
 * answered one window of a longer list: a document that sorts outside the window is left to the replica (it
 * belongs to another page), and a window the overlay shortened stays short until the replica fills it.
 * Answers `answer.docs` itself when nothing overlaid concerns the view.
 */
export function mergeQuery<T extends Doc>(answer: ReplicaAnswer<T>, entries: readonly OverlayEntry[], shape: QueryShape<T>): readonly T[] {
  if (entries.length === 0) return answer.docs;
  const removed = new Set<number>();
  const added: T[] = [];
  for (const entry of entries) {
    const held = answer.find(entry.id);
    if (!overlayApplies(entry, held?.height, answer.seq)) continue;
    if (held) removed.add(held.index);
    const doc = entry.doc as unknown as T;
    if (shown(entry) && shape.matches(doc)) added.push(doc);
  }
  if (removed.size === 0 && added.length === 0) return answer.docs;
  const { docs } = answer;
  const full = shape.limit !== undefined && docs.length >= shape.limit;
  const first = docs[0];
  const last = docs[docs.length - 1];
  const merged = removed.size === 0 ? docs.slice() : docs.filter((_doc, index) => !removed.has(index));
  for (const doc of added) {
    if ((shape.skip ?? 0) > 0 && first !== undefined && shape.compare(doc, first) < 0) continue;
    if (full && last !== undefined && shape.compare(doc, last) > 0) continue;
    merged.splice(insertionIndex(merged, doc, shape.compare), 0, doc);
  }
  return shape.limit !== undefined && merged.length > shape.limit ? merged.slice(0, shape.limit) : merged;
}

/** One document as a view shows it: the overlay's copy while it applies (null when it deletes the document). */
export function mergeDoc<T>(replica: T | null, height: number | undefined, seq: number, entry: OverlayEntry | undefined): T | null {
  if (!entry || !overlayApplies(entry, replica === null ? undefined : height, seq)) return replica;
  return shown(entry) ? (entry.doc as unknown as T) : null;
}

/**
 * A count as a view shows it: the replica's count moved by each overlaid document that enters or leaves the
 * selector, compared with the replica's copy the count was made on (the worker's write may already be in it).
 */
export function mergeCount(count: number, seq: number, entries: readonly OverlayEntry[], matches: (doc: unknown) => boolean): number {
  let merged = count;
  for (const entry of entries) {
    if (!overlayApplies(entry, undefined, seq)) continue;
    const now = shown(entry) && matches(entry.doc);
    const counted = replicaCopyAt(entry, seq);
    const before = counted !== null && !counted.deleted && matches(counted);
    merged += Number(now) - Number(before);
  }
  return merged;
}
