import { getHeightOfRevision, type RxDocument } from 'rxdb';
import type { Subscription } from 'rxjs';
import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { ReplicaQuery } from '../../src/data/replicaApi.ts';
import { ANSWER_PART_DOCS, BULK_DOCS_MAX, type Doc, type ReaderMessage, type ReaderRequest, type SentDoc, type ViewSpec } from '../../src/data/reader/protocol.ts';
import { SYNCED_COLLECTIONS, type ReplicaCollection } from '../../src/domain/sync/collections.ts';
import type { MangoSort } from '../../src/domain/sync/mango.ts';
import { watchIds, type StoredDoc } from './idsView.ts';
import { seekQuery } from './indexSeek.ts';

type AnyDoc = RxDocument<Record<string, unknown>>;
type Port = { postMessage(message: ReaderMessage): void; onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null; close(): void };

/** A stored document without RxDB's own fields, as the page's views show it. */
function plain(data: Record<string, unknown>): Doc {
  const doc: Doc = {};
  for (const [key, value] of Object.entries(data)) if (!key.startsWith('_')) doc[key] = value;
  return doc;
}

/** The ids of a query for documents by primary key and nothing else (`{ selector: { id: { $in: ids } } }`), or null. */
function idsOnly(query: ReplicaQuery, primaryPath: string): string[] | null {
  if (Object.keys(query).some((key) => key !== 'selector')) return null;
  const selector = query.selector ?? {};
  const condition = selector[primaryPath] as Record<string, unknown> | undefined;
  if (Object.keys(selector).length !== 1 || typeof condition !== 'object' || condition === null) return null;
  const ids = condition.$in;
  const byIdOnly = Object.keys(condition).length === 1 && Array.isArray(ids) && ids.every((id) => typeof id === 'string');
  return byIdOnly ? (ids as string[]) : null;
}

/**
 * Sends the data of a large answer's documents ahead, ANSWER_PART_DOCS at a time, and returns the answer as the page
 * then receives it: every document by id and height alone, its data already there.
 */
function sendAhead(view: number, docs: SentDoc[], post: (message: ReaderMessage) => void): SentDoc[] {
  if (docs.length <= ANSWER_PART_DOCS) return docs;
  const full = docs.filter((doc) => doc.length === 3);
  if (full.length <= ANSWER_PART_DOCS) return docs;
  for (let at = 0; at < full.length; at += ANSWER_PART_DOCS) post({ t: 'part', view, docs: full.slice(at, at + ANSWER_PART_DOCS) });
  return docs.map(([id, height]) => [id, height]);
}

/**
 * Answers the page's reads of the replica (src/data/reader/protocol.ts) from this worker's database over `port`,
 * until the answered function is called. The change events of every collection are forwarded first, as the writes
 * happen, so the page hears of a write before any answer that includes it.
 */
export function serveReads(db: ReplicaDatabase, port: Port): () => void {
  const post = (message: ReaderMessage) => port.postMessage(message);
  const views = new Map<number, Subscription>();
  const watched = new Map<ReplicaCollection, Set<string>>();
  const collection = (name: ReplicaCollection) => {
    const found = db.collections[name];
    if (!found) throw new Error(`No collection ${name}`);
    return found;
  };

  // The synced collections only: the overlay never shows the outbox, whose every queued change would travel too.
  const forwards = SYNCED_COLLECTIONS.map((name) =>
    db[name].eventBulks$.subscribe((bulk) => {
      const small = bulk.events.length <= BULK_DOCS_MAX;
      const watching = watched.get(name);
      const events: SentDoc[] = bulk.events.map(({ documentId, documentData }) => {
        const height = getHeightOfRevision(documentData._rev);
        if (!small && !watching?.has(documentId)) return [documentId, height];
        return [documentId, height, documentData._deleted ? null : plain(documentData as unknown as Record<string, unknown>)];
      });
      post({ t: 'changes', collection: name, events });
    }),
  );

  const openView = (view: number, spec: ViewSpec): Subscription => {
    const failed = (error: unknown) => post({ t: 'failed', view, message: error instanceof Error ? error.message : String(error) });
    // The revision of each document this view last sent: an unchanged one goes as its id and height alone.
    let sent = new Map<string, number>();
    const sendAs = (id: string, rev: string, full: () => Doc): SentDoc => {
      const height = getHeightOfRevision(rev);
      return sent.get(id) === height ? [id, height] : [id, height, full()];
    };
    const send = (doc: AnyDoc): SentDoc => sendAs(doc.primary, doc.revision, () => doc.toJSON() as Doc);
    if (spec.kind === 'query') {
      const rx = collection(spec.collection);
      const primaryPath = rx.schema.primaryPath as string;
      const ids = idsOnly(spec.query, primaryPath);
      const rxQuery = ids === null ? rx.find(spec.query) : null;
      // The first answer carries the full sort: the query's own, or by primary key (a query's order without one).
      let sort: MangoSort | undefined = rxQuery ? (rxQuery.getPreparedQuery().query.sort as MangoSort) : [{ [primaryPath]: 'asc' }];
      const answer = (docs: SentDoc[]) => {
        sent = new Map(docs.map(([id, height]) => [id, height]));
        const ahead = sendAhead(view, docs, post);
        post(sort ? { t: 'docs', view, docs: ahead, sort } : { t: 'docs', view, docs: ahead });
        sort = undefined;
      };
      if (rxQuery) return rxQuery.$.subscribe({ next: (docs: AnyDoc[]) => answer(docs.map(send)), error: failed });
      // By id alone (workers/sync/idsView.ts): a write is checked against the ids, the view is never run again.
      const sendStored = (data: StoredDoc) => sendAs(String(data[primaryPath]), data._rev, () => plain(data));
      return watchIds(rx, ids!, (docs) => answer(docs.map(sendStored)), failed);
    }
    if (spec.kind === 'doc') {
      return collection(spec.collection)
        .findOne(spec.id)
        .$.subscribe({
          next: (doc: AnyDoc | null) => {
            const answer = doc ? send(doc) : null;
            sent = new Map(answer ? [[answer[0], answer[1]]] : []);
            post({ t: 'doc', view, doc: answer });
          },
          error: failed,
        });
    }
    const query = spec.index === undefined ? { selector: spec.selector } : { selector: spec.selector, index: spec.index };
    return collection(spec.collection)
      .count(query)
      .$.subscribe({ next: (count: number) => post({ t: 'count', view, count }), error: failed });
  };

  const answerCall = async (request: Extract<ReaderRequest, { call: number }>) => {
    try {
      if (request.t === 'seek') {
        post({ t: 'reply', call: request.call, query: await seekQuery(collection(request.collection), request.query) });
        return;
      }
      const rx = collection(request.collection);
      const stored = await rx.storageInstance.findDocumentsById(request.ids, true);
      const docs = stored.map((data): SentDoc => {
        const record = data as unknown as Record<string, unknown> & { _rev: string; _deleted: boolean };
        return [String(record[rx.schema.primaryPath]), getHeightOfRevision(record._rev), record._deleted ? null : plain(record)];
      });
      post({ t: 'reply', call: request.call, docs });
    } catch (error) {
      post({ t: 'failed', call: request.call, message: error instanceof Error ? error.message : String(error) });
    }
  };

  port.onmessage = ({ data: request }) => {
    switch (request.t) {
      case 'open':
        try {
          views.set(request.view, openView(request.view, request.spec));
        } catch (error) {
          post({ t: 'failed', view: request.view, message: error instanceof Error ? error.message : String(error) });
        }
        break;
      case 'close':
        views.get(request.view)?.unsubscribe();
        views.delete(request.view);
        break;
      case 'watch': {
        const ids = watched.get(request.collection) ?? new Set<string>();
        for (const id of request.ids) ids.add(id);
        watched.set(request.collection, ids);
        break;
      }
      default:
        void answerCall(request);
    }
  };

  return () => {
    port.onmessage = null;
    for (const forward of forwards) forward.unsubscribe();
    for (const view of views.values()) view.unsubscribe();
    views.clear();
    port.close();
  };
}
