import { getHeightOfRevision, getQueryMatcher, getSortComparator, normalizeMangoQuery, type RxDocument } from 'rxdb';
import { combineLatest, type Subscription } from 'rxjs';
import { mutationActor } from '../domain/mutations/actor.ts';
import type { DocRef, MutationActor } from '../domain/mutations/types.ts';
import { SYNCED_COLLECTIONS, type SyncedCollection } from '../domain/sync/collections.ts';
import type { ReplicaDoc } from '../domain/sync/protocol.ts';
import type { ReplicaDatabase } from './openReplica.ts';
import { mergeCount, mergeDoc, mergeQuery, type QueryShape, type ReplicaAnswer } from './overlay/mergeView.ts';
import { overlayApplies, overlayKey, PendingOverlay, type OverlayTimers, type OverlayWrite } from './overlay/pendingOverlay.ts';
import type { planMutation } from './overlay/previewMutation.ts';
import type { MutationResult, ReplicaQuery } from './replicaApi.ts';

type AnyRxDocument = RxDocument<Record<string, unknown>>;
type Held = { lookup(id: string): AnyRxDocument | undefined };
/** Called with the worker's answer to a previewed mutation (null: the call failed). */
export type PreviewSettle = (result: MutationResult | null) => void;

// RxDB hands out the same RxDocument object while a document's revision is unchanged, so its plain copy is made
// once: a query over 10,000 tickets then copies only what changed, and unchanged documents keep their identity.
const plainCopies = new WeakMap<object, unknown>();
function plainDoc<T>(doc: { toJSON(): unknown }): T {
  let copy = plainCopies.get(doc);
  if (copy === undefined) {
    copy = doc.toJSON();
    plainCopies.set(doc, copy);
  }
  return copy as T;
}

const heightOf = (doc: AnyRxDocument) => getHeightOfRevision(doc.revision);
const sameItems = <T>(a: readonly T[], b: readonly T[]) => a === b || (a.length === b.length && a.every((item, i) => item === b[i]));

function queryAnswer<T>(rxDocs: AnyRxDocument[], seq: number): ReplicaAnswer<T> & Held {
  let index: Map<string, number> | null = null;
  const find = (id: string) => {
    index ??= new Map(rxDocs.map((doc, i) => [doc.primary, i]));
    const i = index.get(id);
    return i === undefined ? undefined : { index: i, height: heightOf(rxDocs[i]!) };
  };
  return { docs: rxDocs.map((doc) => plainDoc<T>(doc)), find, seq, lookup: (id) => rxDocs[find(id)?.index ?? -1] };
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
  private readonly subscriptions: Subscription[] = [];
  private readonly now: () => number;
  private actor: MutationActor | null = null;
  private planner: typeof planMutation | null = null;

  constructor(
    readonly db: ReplicaDatabase,
    userId: string,
    options: { timers?: OverlayTimers; now?: () => number } = {},
  ) {
    this.overlay = new PendingOverlay(options.timers);
    this.now = options.now ?? Date.now;
    // The mutation definitions and zod are a chunk of their own, loaded once the replica is open: the inbox's first
    // render does not wait for them, and a change made before they arrive shows when the worker has written it.
    void import('./overlay/previewMutation.ts').then(
      (module) => (this.planner = module.planMutation),
      () => undefined,
    );
    // Every delivery of the page's change stream is counted; revisions of overlaid documents tell when the
    // worker's write has arrived (the queries that show it answer after this, asynchronously).
    for (const collection of SYNCED_COLLECTIONS) {
      this.subscriptions.push(
        db[collection].eventBulks$.subscribe((bulk) => {
          this.overlay.tick();
          if (!this.overlay.has(collection)) return;
          for (const { documentId, documentData } of bulk.events) {
            const doc = documentData._deleted ? null : (documentData as unknown as ReplicaDoc);
            this.overlay.observe(collection, documentId, getHeightOfRevision(documentData._rev), doc);
          }
        }),
      );
    }
    // The same actor the worker reads (workers/sync/actor.ts), kept current so a preview never waits for it.
    this.subscriptions.push(
      combineLatest([db.config.findOne(userId).$, db.config.findOne({ selector: { kind: 'member', userId } }).$]).subscribe(([user, member]) => {
        this.actor = user ? mutationActor(userId, { role: user.get('role'), name: user.get('name') }, member ? member.primary : null) : null;
      }),
    );
  }

  /** Whether mutations can be previewed: the user's own documents have reached the page, and the definitions. */
  canPreview(): boolean {
    return this.actor !== null && this.planner !== null;
  }

  close(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    this.overlay.clear();
  }

  /** Documents matching a query, with pending effects, in the query's order; answers the unsubscribe. */
  observeQuery<T extends { id: string }>(collection: SyncedCollection, query: ReplicaQuery, onChange: (docs: readonly T[]) => void): () => void {
    const rxCollection = this.db[collection];
    const schema = rxCollection.schema.jsonSchema;
    const normalized = normalizeMangoQuery(schema, query);
    const shape: QueryShape<T> = {
      matches: getQueryMatcher(schema, normalized) as unknown as (doc: T) => boolean,
      compare: getSortComparator(schema, normalized) as unknown as (a: T, b: T) => number,
      ...(query.limit === undefined ? {} : { limit: query.limit }),
      ...(query.skip === undefined ? {} : { skip: query.skip }),
    };
    let answer: (ReplicaAnswer<T> & Held) | null = null;
    let shown: readonly T[] | null = null;
    const show = () => {
      if (!answer) return;
      const next = mergeQuery(answer, this.overlay.entriesOf(collection), shape);
      if (shown !== null && sameItems(shown, next)) return;
      shown = next;
      onChange(next);
    };
    const held: Held = { lookup: (id) => answer?.lookup(id) };
    const subscription = rxCollection.find(query).$.subscribe((docs: AnyRxDocument[]) => {
      answer = queryAnswer<T>(docs, this.overlay.seq);
      show();
    });
    return this.track(collection, held, subscription, show);
  }

  /** One document with its pending effects: null when the replica does not have it (or a pending effect deletes it). */
  observeDoc<T>(collection: SyncedCollection, id: string, onChange: (doc: T | null) => void): () => void {
    let replica: AnyRxDocument | null | undefined;
    let seq = 0;
    let shown: { doc: T | null } | null = null;
    const show = () => {
      if (replica === undefined) return;
      const next = mergeDoc(replica ? plainDoc<T>(replica) : null, replica ? heightOf(replica) : undefined, seq, this.overlay.entry(collection, id));
      if (shown !== null && shown.doc === next) return;
      shown = { doc: next };
      onChange(next);
    };
    const held: Held = { lookup: (wanted) => (wanted === id && replica ? replica : undefined) };
    const subscription = this.db[collection].findOne(id).$.subscribe((doc: AnyRxDocument | null) => {
      replica = doc;
      seq = this.overlay.seq;
      show();
    });
    return this.track(collection, held, subscription, show);
  }

  /** How many documents match a selector, with pending effects. */
  observeCount(collection: SyncedCollection, selector: Record<string, unknown>, onChange: (count: number) => void, index?: string[]): () => void {
    const rxCollection = this.db[collection];
    const schema = rxCollection.schema.jsonSchema;
    const matches = getQueryMatcher(schema, normalizeMangoQuery(schema, { selector }, true)) as unknown as (doc: unknown) => boolean;
    let replica: { count: number; seq: number } | null = null;
    let shown: number | null = null;
    const show = () => {
      if (!replica) return;
      const next = mergeCount(replica.count, replica.seq, this.overlay.entriesOf(collection), matches);
      if (next === shown) return;
      shown = next;
      onChange(next);
    };
    const subscription = rxCollection.count(index === undefined ? { selector } : { selector, index }).$.subscribe((count: number) => {
      replica = { count, seq: this.overlay.seq };
      show();
    });
    return this.track(collection, null, subscription, show);
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

  private track(collection: SyncedCollection, held: Held | null, subscription: Subscription, show: () => void): () => void {
    const views = this.held.get(collection) ?? new Set<Held>();
    this.held.set(collection, views);
    if (held) views.add(held);
    const unsubscribeOverlay = this.overlay.subscribe(collection, show);
    return () => {
      subscription.unsubscribe();
      unsubscribeOverlay();
      if (held) views.delete(held);
    };
  }

  /** The newest copy of a document among what the page's views hold (no storage read). */
  private heldCopy(collection: SyncedCollection, id: string): AnyRxDocument | undefined {
    let best: AnyRxDocument | undefined;
    for (const view of this.held.get(collection) ?? []) {
      const doc = view.lookup(id);
      if (doc && (!best || heightOf(doc) > heightOf(best))) best = doc;
    }
    return best;
  }

  private replicaCopy(collection: SyncedCollection, id: string): ReplicaDoc | undefined {
    return this.heldCopy(collection, id)?.toMutableJSON() as ReplicaDoc | undefined;
  }

  /** What the mutation reads, as the page shows it (pending effects included); `missing` must come from storage. */
  private readKnown(refs: DocRef[]) {
    const docs = new Map<string, ReplicaDoc>();
    const bases = new Map<string, ReplicaDoc>();
    const missing: DocRef[] = [];
    for (const ref of refs) {
      const copy = this.heldCopy(ref.collection, ref.id);
      const entry = this.overlay.entry(ref.collection, ref.id);
      if (copy) bases.set(overlayKey(ref.collection, ref.id), copy.toMutableJSON() as ReplicaDoc);
      if (entry && overlayApplies(entry, copy ? heightOf(copy) : undefined, 0)) {
        if (!entry.doc.deleted) docs.set(ref.id, entry.doc);
      } else if (copy) docs.set(ref.id, copy.toMutableJSON() as ReplicaDoc);
      else missing.push(ref);
    }
    return { docs, bases, missing };
  }

  private async readStored(refs: DocRef[], docs: Map<string, ReplicaDoc>, bases: Map<string, ReplicaDoc>): Promise<void> {
    for (const collection of new Set(refs.map((ref) => ref.collection))) {
      const found = await this.db[collection].findByIds(refs.filter((ref) => ref.collection === collection).map((ref) => ref.id)).exec();
      for (const [id, doc] of found) {
        const plain = doc.toMutableJSON() as ReplicaDoc;
        docs.set(id, plain);
        bases.set(overlayKey(collection, id), plain);
      }
    }
  }

  /** Revision heights the replica's storage holds now: after the worker's answer, at least its write. */
  private async storedHeights(writes: readonly OverlayWrite[]): Promise<Map<string, number>> {
    const heights = new Map<string, number>();
    for (const collection of new Set(writes.map((write) => write.collection))) {
      const ids = writes.filter((write) => write.collection === collection).map((write) => write.doc.id);
      for (const doc of await this.db[collection].storageInstance.findDocumentsById(ids, true)) {
        heights.set(overlayKey(collection, String(doc.id)), getHeightOfRevision(doc._rev));
      }
    }
    return heights;
  }
}
