import { mutationActor } from '../domain/mutations/actor.ts';
import type { DocRef, MutationActor } from '../domain/mutations/types.ts';
import type { SyncedCollection } from '../domain/sync/collections.ts';
import { matchesSelector, sortComparator, type MangoSort } from '../domain/sync/mango.ts';
import type { ReplicaDoc } from '../domain/sync/protocol.ts';
import { mergeCount, mergeDoc, mergeQuery, type QueryShape, type ReplicaAnswer } from './overlay/mergeView.ts';
import { loadPlannerWhenIdle } from './overlay/loadPlanner.ts';
import { overlayApplies, overlayKey, PendingOverlay, type OverlayTimers, type OverlayWrite } from './overlay/pendingOverlay.ts';
import type { planMutation } from './overlay/previewMutation.ts';
import type { HeldDoc, ReaderClient } from './reader/readerClient.ts';
import type { MutationResult, ReplicaQuery } from './replicaApi.ts';

type Held = { lookup(id: string): HeldDoc | undefined };
/** Called with the worker's answer to a previewed mutation (null: the call failed). */
export type PreviewSettle = (result: MutationResult | null) => void;

const sameItems = <T>(a: readonly T[], b: readonly T[]) => a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
const copyOf = (held: HeldDoc) => structuredClone(held.doc) as ReplicaDoc;

function queryAnswer<T>(held: readonly HeldDoc[], seq: number): ReplicaAnswer<T> & Held {
  let index: Map<string, number> | null = null;
  const find = (id: string) => {
    index ??= new Map(held.map((item, i) => [String(item.doc.id), i]));
    const i = index.get(id);
    return i === undefined ? undefined : { index: i, height: held[i]!.height };
  };
  return { docs: held.map((item) => item.doc as T), find, seq, lookup: (id) => held[find(id)?.index ?? -1] };
}

/**
 * The page's reads of the replica: reactive queries that show the overlay of pending effects merged over the
 * replica's answers, and the preview that puts a mutation's effect in that overlay before the worker has written
 * it (the claim shows in the next frame). The worker still queues and writes every mutation; the overlay only
 * bridges the time until its write reaches this page's copy of the database.
 */
export class LiveReplica {
  readonly overlay: PendingOverlay;
  private readonly held = new Map<SyncedCollection, Set<Held>>();
  private readonly stops: Array<() => void> = [];
  private readonly now: () => number;
  private actor: MutationActor | null = null;
  private planner: typeof planMutation | null = null;

  constructor(
    readonly reader: ReaderClient,
    userId: string,
    options: { timers?: OverlayTimers; now?: () => number } = {},
  ) {
    this.overlay = new PendingOverlay(options.timers);
    this.now = options.now ?? Date.now;
    this.stops.push(loadPlannerWhenIdle((planner) => (this.planner = planner)));
    // Every delivery of the worker's change stream is counted; revisions of overlaid documents tell when the
    // worker's write has arrived (the views that show it answer after this, on the same port).
    this.stops.push(
      reader.onChanges((collection, events) => {
        this.overlay.tick();
        if (!this.overlay.has(collection)) return;
        for (const [id, height, doc] of events) {
          // A large bulk carries the data of watched documents only; an entry made since is told by a later one.
          if (doc !== undefined) this.overlay.observe(collection, id, height, doc as ReplicaDoc | null);
        }
      }),
    );
    // The same actor the worker reads (workers/sync/actor.ts), kept current so a preview never waits for it.
    let user: HeldDoc | null | undefined;
    let member: HeldDoc | null | undefined;
    const updateActor = () => {
      if (user === undefined || member === undefined) return;
      this.actor = user ? mutationActor(userId, { role: user.doc.role as never, name: user.doc.name as never }, member ? String(member.doc.id) : null) : null;
    };
    this.stops.push(
      reader.openView({ kind: 'doc', collection: 'config', id: userId }, { doc: (doc) => ((user = doc), updateActor()) }),
      reader.openView(
        { kind: 'query', collection: 'config', query: { selector: { kind: 'member', userId }, limit: 1 } },
        { docs: (docs) => ((member = docs[0] ?? null), updateActor()) },
      ),
    );
  }

  /** Whether mutations can be previewed: the user's own documents have reached the page, and the definitions. */
  canPreview(): boolean {
    return this.actor !== null && this.planner !== null;
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.overlay.clear();
  }

  /** Documents matching a query, with pending effects, in the query's order; answers the unsubscribe. */
  observeQuery<T extends { id: string }>(
    collection: SyncedCollection,
    query: ReplicaQuery,
    onChange: (docs: readonly T[], fromWorker: boolean) => void,
  ): () => void {
    const selector = query.selector ?? {};
    let shape: QueryShape<T> | null = null;
    const shapeOf = (sort: MangoSort): QueryShape<T> => ({
      matches: (doc) => matchesSelector(doc, selector),
      compare: sortComparator(sort),
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      ...(query.skip === undefined ? {} : { skip: query.skip }),
    });
    let answer: (ReplicaAnswer<T> & Held) | null = null;
    let shown: readonly T[] | null = null;
    // fromWorker: an answer of the worker (a write, perhaps a first-load page), not a pending effect of this page.
    const show = (fromWorker = false) => {
      if (!answer || !shape) return;
      const next = mergeQuery(answer, this.overlay.entriesOf(collection), shape);
      if (shown !== null && sameItems(shown, next)) return;
      shown = next;
      onChange(next, fromWorker);
    };
    const held: Held = { lookup: (id) => answer?.lookup(id) };
    const stop = this.reader.openView(
      { kind: 'query', collection, query },
      {
        docs: (docs, sort) => {
          shape ??= shapeOf(sort ?? []);
          answer = queryAnswer<T>(docs, this.overlay.seq);
          show(true);
        },
      },
    );
    return this.track(collection, held, stop, () => show());
  }

  /** One document with its pending effects: null when the replica does not have it (or a pending effect deletes it). */
  observeDoc<T>(collection: SyncedCollection, id: string, onChange: (doc: T | null) => void): () => void {
    let replica: HeldDoc | null | undefined;
    let seq = 0;
    let shown: { doc: T | null } | null = null;
    const show = () => {
      if (replica === undefined) return;
      const next = mergeDoc(replica ? (replica.doc as T) : null, replica?.height, seq, this.overlay.entry(collection, id));
      if (shown !== null && shown.doc === next) return;
      shown = { doc: next };
      onChange(next);
    };
    const held: Held = { lookup: (wanted) => (wanted === id && replica ? replica : undefined) };
    const stop = this.reader.openView(
      { kind: 'doc', collection, id },
      {
        doc: (doc) => {
          replica = doc;
          seq = this.overlay.seq;
          show();
        },
      },
    );
    return this.track(collection, held, stop, show);
  }

  /** How many documents match a selector, with pending effects. */
  observeCount(collection: SyncedCollection, selector: Record<string, unknown>, onChange: (count: number) => void, index?: string[]): () => void {
    const matches = (doc: unknown) => matchesSelector(doc, selector);
    let replica: { count: number; seq: number } | null = null;
    let shown: number | null = null;
    const show = () => {
      if (!replica) return;
      const next = mergeCount(replica.count, replica.seq, this.overlay.entriesOf(collection), matches);
      if (next === shown) return;
      shown = next;
      onChange(next);
    };
    const spec = index === undefined ? { kind: 'count' as const, collection, selector } : { kind: 'count' as const, collection, selector, index };
    const stop = this.reader.openView(spec, {
      count: (count) => {
        replica = { count, seq: this.overlay.seq };
        show();
      },
    });
    return this.track(collection, null, stop, show);
  }

  /**
   * Shows a mutation's effect at once when the page holds what it reads (else as soon as it has read it from
   * storage), unless the replica would refuse it. Answers the function to call with the worker's answer: a refusal
   * takes the effect away, an acceptance lets it give way to the worker's write.
   */
  preview(name: string, args: unknown): PreviewSettle | null {
    const plan = this.actor && this.planner ? this.planner(name, args, this.actor) : null;
    if (!plan) return null;
    const now = this.now();
    let answered = false;
    let mutation: number | null = null;
    let touched: OverlayWrite[] = [];
    const show = (docs: Map<string, ReplicaDoc>, bases: Map<string, ReplicaDoc>) => {
      const writes = plan.apply(docs, now);
      if (!writes || writes.length === 0) return;
      touched = writes.map((write) => ({ ...write, base: bases.get(overlayKey(write.collection, write.doc.id)) ?? this.replicaCopy(write.collection, write.doc.id) ?? null }));
      for (const collection of new Set(touched.map((write) => write.collection))) {
        this.reader.watch(collection, touched.filter((write) => write.collection === collection).map((write) => write.doc.id));
      }
      mutation = this.overlay.add(touched);
    };
    const known = this.readKnown(plan.refs);
    if (known.missing.length === 0) show(known.docs, known.bases);
    else {
      void this.readStored(known.missing, known.docs, known.bases)
        .then(() => {
          if (!answered) show(known.docs, known.bases);
        })
        .catch(() => undefined);
    }
    return (result) => {
      answered = true;
      const settled = mutation;
      if (settled === null) return;
      if (!result?.ok) {
        this.overlay.refuse(settled);
        return;
      }
      this.storedHeights(touched).then(
        (heights) => this.overlay.settle(settled, heights),
        () => this.overlay.settle(settled, new Map()),
      );
    };
  }

  private track(collection: SyncedCollection, held: Held | null, stopView: () => void, show: () => void): () => void {
    const views = this.held.get(collection) ?? new Set<Held>();
    this.held.set(collection, views);
    if (held) views.add(held);
    const unsubscribeOverlay = this.overlay.subscribe(collection, show);
    return () => {
      stopView();
      unsubscribeOverlay();
      if (held) views.delete(held);
    };
  }

  /** The newest copy of a document among what the page's views hold (no storage read). */
  private heldCopy(collection: SyncedCollection, id: string): HeldDoc | undefined {
    let best: HeldDoc | undefined;
    for (const view of this.held.get(collection) ?? []) {
      const doc = view.lookup(id);
      if (doc && (!best || doc.height > best.height)) best = doc;
    }
    return best;
  }

  private replicaCopy(collection: SyncedCollection, id: string): ReplicaDoc | undefined {
    const held = this.heldCopy(collection, id);
    return held ? copyOf(held) : undefined;
  }

  /** What the mutation reads, as the page shows it (pending effects included); `missing` must come from storage. */
  private readKnown(refs: DocRef[]) {
    const docs = new Map<string, ReplicaDoc>();
    const bases = new Map<string, ReplicaDoc>();
    const missing: DocRef[] = [];
    for (const ref of refs) {
      const copy = this.heldCopy(ref.collection, ref.id);
      const entry = this.overlay.entry(ref.collection, ref.id);
      if (copy) bases.set(overlayKey(ref.collection, ref.id), copyOf(copy));
      if (entry && overlayApplies(entry, copy?.height, 0)) {
        if (!entry.doc.deleted) docs.set(ref.id, entry.doc);
      } else if (copy) docs.set(ref.id, copyOf(copy));
      else missing.push(ref);
    }
    return { docs, bases, missing };
  }

  private async readStored(refs: DocRef[], docs: Map<string, ReplicaDoc>, bases: Map<string, ReplicaDoc>): Promise<void> {
    for (const collection of new Set(refs.map((ref) => ref.collection))) {
      const ids = refs.filter((ref) => ref.collection === collection).map((ref) => ref.id);
      for (const { id, doc } of await this.reader.read(collection, ids)) {
        if (doc === null) continue;
        docs.set(id, doc as ReplicaDoc);
        bases.set(overlayKey(collection, id), structuredClone(doc) as ReplicaDoc);
      }
    }
  }

  /** Revision heights the replica's storage holds now: after the worker's answer, at least its write. */
  private async storedHeights(writes: readonly OverlayWrite[]): Promise<Map<string, number>> {
    const heights = new Map<string, number>();
    for (const collection of new Set(writes.map((write) => write.collection))) {
      const ids = writes.filter((write) => write.collection === collection).map((write) => write.doc.id);
      for (const { id, height } of await this.reader.read(collection, ids)) heights.set(overlayKey(collection, id), height);
    }
    return heights;
  }
}
