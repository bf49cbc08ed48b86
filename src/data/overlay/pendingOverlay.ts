import type { DocWrite } from '../../domain/mutations/types.ts';
import type { SyncedCollection } from '../../domain/sync/collections.ts';
import type { ReplicaDoc } from '../../domain/sync/protocol.ts';

/**
 * The page's in-memory overlay of pending effects (ARCHITECTURE.md "Data and sync"): what a mutation will make of
 * the documents it touches, shown by the page's queries at once, while the sync worker makes the mutation durable
 * and writes the same effect to the replica. Entries give way to the replica once it holds the worker's write;
 * a mutation the worker refuses takes its entries away at once. Nothing here is durable and nothing here is
 * reported as queued: that is the worker's answer to mutate().
 */
export type OverlayEntry = {
  readonly collection: SyncedCollection;
  readonly id: string;
  /** The document as the newest pending mutation leaves it; `deleted` when it removes it. */
  doc: ReplicaDoc;
  /** What the page's replica held when the first mutation of this entry was applied (null: nothing); counts move by the difference. */
  readonly base: ReplicaDoc | null;
  /** Local numbers of the mutations the worker has not answered yet. */
  readonly waiting: Set<number>;
  /** The revision height (RxDB `_rev`) the replica reached with the worker's writes, once every mutation is answered. */
  target: number | null;
  /** The highest revision height of the document that the page's change stream delivered since the entry was made. */
  seenHeight: number;
  /** The change sequence at which `seenHeight` was delivered. */
  seenSeq: number;
  /** The replica's copies the change stream delivered since the entry was made (null: removed), oldest first. */
  readonly delivered: Array<{ seq: number; doc: ReplicaDoc | null }>;
  /** The change sequence at which the page's change stream delivered `target` (null: not yet). */
  reachedSeq: number | null;
  /** Bumped by every new mutation, so a clean-up scheduled before it leaves the entry alone. */
  generation: number;
};

/** A write to overlay, with what the replica held before it. */
export type OverlayWrite = DocWrite & { base: ReplicaDoc | null };

export type OverlayTimers = { schedule(run: () => void, ms: number): void };

/**
 * After the change stream delivered the worker's write, how long an entry stays for the views that do not hold the
 * document themselves and have not answered since (a query re-run after the event); only then is it forgotten.
 */
export const OVERLAY_GRACE_MS = 2_000;
/** The longest an answered entry is kept when the change stream never shows the write (the worker could not store it). */
export const OVERLAY_MAX_MS = 15_000;

/** Copies kept per entry: a mutation's own write, a restore or a rebase; older ones no view can still be showing. */
const MAX_DELIVERED = 8;

export const overlayKey = (collection: string, id: string) => `${collection}\u0000${id}`;

const browserTimers: OverlayTimers = { schedule: (run, ms) => void setTimeout(run, ms) };

export class PendingOverlay {
  private readonly entries = new Map<string, OverlayEntry>();
  private readonly keysOf = new Map<number, string[]>();
  private readonly perCollection = new Map<SyncedCollection, Map<string, OverlayEntry>>();
  private readonly listeners = new Map<SyncedCollection, Set<() => void>>();
  private nextMutation = 1;
  /** Counts the page's change-stream deliveries; views note it when their query answers. */
  seq = 0;

  constructor(private readonly timers: OverlayTimers = browserTimers) {}

  /** Overlays one mutation's writes and tells the views at once; answers the mutation's local number. */
  add(writes: readonly OverlayWrite[]): number {
    const mutation = this.nextMutation++;
    const keys: string[] = [];
    const touched = new Set<SyncedCollection>();
    for (const { collection, doc, base } of writes) {
      const key = overlayKey(collection, doc.id);
      const existing = this.entries.get(key);
      if (existing) {
        existing.doc = doc;
        existing.waiting.add(mutation);
        existing.reachedSeq = null;
        existing.generation += 1;
      } else {
        const entry: OverlayEntry = { collection, id: doc.id, doc, base, waiting: new Set([mutation]), target: null, seenHeight: -1, seenSeq: 0, delivered: [], reachedSeq: null, generation: 0 };
        this.entries.set(key, entry);
        this.collectionEntries(collection).set(doc.id, entry);
      }
      keys.push(key);
      touched.add(collection);
    }
    this.keysOf.set(mutation, keys);
    this.notify(touched);
    return mutation;
  }

  /**
   * The worker queued the mutation and wrote its effect: `heights` holds the revision height each document reached
   * (read from storage after the answer, so at least the worker's write). Views holding that revision show the replica.
   */
  settle(mutation: number, heights: ReadonlyMap<string, number>): void {
    const touched = new Set<SyncedCollection>();
    for (const key of this.takeKeys(mutation)) {
      const entry = this.entries.get(key);
      if (!entry || !entry.waiting.delete(mutation)) continue;
      entry.target = Math.max(entry.target ?? 0, heights.get(key) ?? 0);
      touched.add(entry.collection);
      if (entry.waiting.size > 0) continue;
      // The write may have reached the page before the worker's answer did.
      if (entry.seenHeight >= entry.target) entry.reachedSeq = entry.seenSeq;
      this.scheduleForget(entry, entry.reachedSeq === null ? OVERLAY_MAX_MS : OVERLAY_GRACE_MS);
    }
    this.notify(touched);
  }

  /**
   * The worker refused the mutation (nothing was written): its effect goes at once. Effects of later mutations on
   * the same documents were computed on top of it, so they go too; the replica shows what the worker made of them.
   */
  refuse(mutation: number): void {
    const touched = new Set<SyncedCollection>();
    for (const key of this.takeKeys(mutation)) {
      const entry = this.entries.get(key);
      if (!entry) continue;
      this.remove(key, entry);
      touched.add(entry.collection);
    }
    this.notify(touched);
  }

  /** The page's change stream delivered a revision of a document (call `tick` once per delivery first). */
  observe(collection: SyncedCollection, id: string, height: number, doc: ReplicaDoc | null): void {
    const entry = this.perCollection.get(collection)?.get(id);
    if (!entry || height <= entry.seenHeight) return;
    entry.seenHeight = height;
    entry.seenSeq = this.seq;
    if (entry.delivered.length >= MAX_DELIVERED) entry.delivered.shift();
    entry.delivered.push({ seq: this.seq, doc });
    if (entry.waiting.size > 0 || entry.target === null || entry.reachedSeq !== null || height < entry.target) return;
    entry.reachedSeq = this.seq;
    this.scheduleForget(entry, OVERLAY_GRACE_MS);
    this.notify(new Set([collection]));
  }

  /** One delivery of the page's change stream; answers its sequence number. */
  tick(): number {
    this.seq += 1;
    return this.seq;
  }

  has(collection: SyncedCollection): boolean {
    return (this.perCollection.get(collection)?.size ?? 0) > 0;
  }

  entry(collection: SyncedCollection, id: string): OverlayEntry | undefined {
    return this.perCollection.get(collection)?.get(id);
  }

  entriesOf(collection: SyncedCollection): readonly OverlayEntry[] {
    const entries = this.perCollection.get(collection);
    return entries && entries.size > 0 ? [...entries.values()] : [];
  }

  /** Calls `listener` whenever the collection's overlay changes; answers the unsubscribe. */
  subscribe(collection: SyncedCollection, listener: () => void): () => void {
    const set = this.listeners.get(collection) ?? new Set();
    set.add(listener);
    this.listeners.set(collection, set);
    return () => set.delete(listener);
  }

  clear(): void {
    const touched = new Set(this.perCollection.keys());
    this.entries.clear();
    this.keysOf.clear();
    this.perCollection.clear();
    this.notify(touched);
  }

  private takeKeys(mutation: number): string[] {
    const keys = this.keysOf.get(mutation) ?? [];
    this.keysOf.delete(mutation);
    return keys;
  }

  private collectionEntries(collection: SyncedCollection): Map<string, OverlayEntry> {
    let entries = this.perCollection.get(collection);
    if (!entries) {
      entries = new Map();
      this.perCollection.set(collection, entries);
    }
    return entries;
  }

  private remove(key: string, entry: OverlayEntry): void {
    this.entries.delete(key);
    this.perCollection.get(entry.collection)?.delete(entry.id);
  }

  private scheduleForget(entry: OverlayEntry, ms: number): void {
    const { generation } = entry;
    const key = overlayKey(entry.collection, entry.id);
    this.timers.schedule(() => {
      if (this.entries.get(key) !== entry || entry.generation !== generation || entry.waiting.size > 0) return;
      this.remove(key, entry);
      this.notify(new Set([entry.collection]));
    }, ms);
  }

  private notify(collections: Iterable<SyncedCollection>): void {
    for (const collection of collections) for (const listener of [...(this.listeners.get(collection) ?? [])]) listener();
  }
}

/**
 * Whether a view shows an entry's document instead of its own answer from the replica. While the worker has not
 * answered, always. Then a view that holds the document shows the replica once it holds the worker's revision; a
 * view that does not hold it (a query the document newly matches, a count) once its query has answered after the
 * page's change stream delivered that revision.
 */
export function overlayApplies(entry: OverlayEntry, replicaHeight: number | undefined, viewSeq: number): boolean {
  if (entry.waiting.size > 0 || entry.target === null) return true;
  if (replicaHeight !== undefined) return replicaHeight < entry.target;
  return entry.reachedSeq === null || viewSeq < entry.reachedSeq;
}

/** The replica's copy of an entry's document as a view that answered at `viewSeq` saw it (null: none). */
export function replicaCopyAt(entry: OverlayEntry, viewSeq: number): ReplicaDoc | null {
  let copy = entry.base;
  for (const delivery of entry.delivered) {
    if (delivery.seq > viewSeq) break;
    copy = delivery.doc;
  }
  return copy;
}
