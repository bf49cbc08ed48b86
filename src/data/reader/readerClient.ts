import type { ReplicaCollection, SyncedCollection } from '../../domain/sync/collections.ts';
import type { MangoSort } from '../../domain/sync/mango.ts';
import type { ReplicaQuery } from '../replicaApi.ts';
import type { Doc, ReaderMessage, ReaderRequest, SentDoc, ViewSpec } from './protocol.ts';

type Port = { postMessage(message: ReaderRequest): void; onmessage: ((event: MessageEvent<ReaderMessage>) => void) | null; close(): void };

/** A stored document as the page holds it: its data (null: deleted) and revision height. */
export type HeldDoc = { doc: Doc; height: number };

export type ViewHandlers = {
  docs?(docs: readonly HeldDoc[], sort: MangoSort | undefined): void;
  doc?(doc: HeldDoc | null): void;
  count?(count: number): void;
  failed?(message: string): void;
};

type Call = { resolve(message: Extract<ReaderMessage, { t: 'reply' }>): void; reject(error: Error): void };

/**
 * The page's end of the reader port (src/data/reader/protocol.ts): views kept current by the sync worker, one-off
 * reads of storage, and the change stream. A view holds one copy per document revision, so a document that did
 * not change keeps its object identity from one answer to the next.
 */
export class ReaderClient {
  private nextId = 1;
  private readonly views = new Map<number, ViewHandlers & { held: Map<string, HeldDoc>; sort?: MangoSort }>();
  private readonly calls = new Map<number, Call>();
  private readonly changeListeners = new Set<(collection: SyncedCollection, events: readonly SentDoc[]) => void>();

  constructor(private readonly port: Port) {
    port.onmessage = ({ data }) => this.receive(data);
  }

  /** Every write's change events (synced collections), in the order the worker made them; answers the unsubscribe. */
  onChanges(listener: (collection: SyncedCollection, events: readonly SentDoc[]) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Keeps a view open until the answered function is called. */
  openView(spec: ViewSpec, handlers: ViewHandlers): () => void {
    const view = this.nextId++;
    this.views.set(view, { ...handlers, held: new Map() });
    this.port.postMessage({ t: 'open', view, spec });
    return () => {
      if (!this.views.delete(view)) return;
      this.port.postMessage({ t: 'close', view });
    };
  }

  /** The stored documents now (null: deleted), with their revision heights; missing ones are left out. */
  async read(collection: ReplicaCollection, ids: readonly string[]): Promise<Array<{ id: string; height: number; doc: Doc | null }>> {
    if (ids.length === 0) return [];
    const reply = await this.call((call) => ({ t: 'read', call, collection, ids: [...ids] }));
    return (reply.docs ?? []).map(([id, height, doc]) => ({ id, height, doc: doc ?? null }));
  }

  /** A deep page's query as an index range (null: it cannot be seeked, use `skip`). */
  async seek(collection: ReplicaCollection, query: ReplicaQuery): Promise<ReplicaQuery | null> {
    return (await this.call((call) => ({ t: 'seek', call, collection, query }))).query ?? null;
  }

  /** Asks for these documents' data in every change bulk, however large. */
  watch(collection: ReplicaCollection, ids: readonly string[]): void {
    if (ids.length > 0) this.port.postMessage({ t: 'watch', collection, ids: [...ids] });
  }

  close(): void {
    this.port.onmessage = null;
    this.views.clear();
    for (const call of this.calls.values()) call.reject(new Error('The replica was closed'));
    this.calls.clear();
    this.changeListeners.clear();
    this.port.close();
  }

  private call(request: (call: number) => ReaderRequest): Promise<Extract<ReaderMessage, { t: 'reply' }>> {
    const call = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(call, { resolve, reject });
      this.port.postMessage(request(call));
    });
  }

  private receive(message: ReaderMessage): void {
    switch (message.t) {
      case 'changes':
        for (const listener of [...this.changeListeners]) listener(message.collection, message.events);
        return;
      case 'reply':
        this.calls.get(message.call)?.resolve(message);
        this.calls.delete(message.call);
        return;
      case 'failed':
        if (message.call !== undefined) {
          this.calls.get(message.call)?.reject(new Error(message.message));
          this.calls.delete(message.call);
        }
        if (message.view !== undefined) this.views.get(message.view)?.failed?.(message.message);
        return;
      default:
        this.answer(message);
    }
  }

  private answer(message: Extract<ReaderMessage, { t: 'part' | 'docs' | 'doc' | 'count' }>): void {
    const view = this.views.get(message.view);
    if (!view) return;
    if (message.t === 'part') {
      // Held until the answer that names them comes, right after on the same port.
      for (const entry of message.docs) view.held.set(entry[0], keepOne(view.held, entry));
      return;
    }
    if (message.t === 'count') {
      view.count?.(message.count);
      return;
    }
    if (message.t === 'doc') {
      const held = message.doc ? keepOne(view.held, message.doc) : null;
      view.held = new Map(held ? [[message.doc![0], held]] : []);
      view.doc?.(held);
      return;
    }
    if (message.sort) view.sort = message.sort;
    view.docs?.(keepAll(view.held, message.docs), view.sort);
  }
}

/** A sent document as the page holds it: one whose data was not sent again keeps the copy already held. */
function keepOne(held: ReadonlyMap<string, HeldDoc>, [id, height, data]: SentDoc): HeldDoc {
  const known = held.get(id);
  if (data === undefined && known) return known;
  return { doc: data ?? {}, height };
}

/**
 * A query's answer as held documents, updating `held` in place: on a first load the inbox's tickets answered
 * 10,000 entries at a time, and a new map of them per answer took 8–30 ms of the page's task (a cold-inbox run).
 */
function keepAll(held: Map<string, HeldDoc>, sent: readonly SentDoc[]): HeldDoc[] {
  const docs = sent.map((entry) => {
    const kept = keepOne(held, entry);
    held.set(entry[0], kept);
    return kept;
  });
  if (held.size > sent.length) {
    // Some documents left the view: only then is the answer's set of ids worth building.
    const ids = new Set(sent.map(([id]) => id));
    for (const id of held.keys()) if (!ids.has(id)) held.delete(id);
  }
  return docs;
}
