import type { ReplicaCollection, SyncedCollection } from '../../domain/sync/collections.ts';
import type { MangoSort } from '../../domain/sync/mango.ts';
import type { ReplicaQuery } from '../replicaApi.ts';

/**
 * The page's reads of the replica, answered by the sync worker over one MessagePort (workers/sync/readerHost.ts):
 * the page does not load RxDB or open IndexedDB itself. Everything the worker sends goes through that one port in
 * the order it happened, and the worker forwards each write's change events as it makes the write, so the page
 * hears of a write before any view's answer that includes it (the overlay of pending effects relies on that).
 */

/**
 * From this skip on, a page of a list is seeked first (workers/sync/indexSeek.ts) rather than skipped. On 100,000
 * cases in Chromium reading a document costs about 0.1 ms, so even the fifth page of a group (40 documents read and
 * dropped) costs more than a seek (two key-only requests).
 */
export const SEEK_FROM = 20;

/**
 * A change bulk with more events than this (a pull's page) carries only ids and revision heights, except for the
 * documents the page watches (those it has pending effects on): copying a document costs about 18 µs, and a
 * first load writes 100,000 of them.
 */
export const BULK_DOCS_MAX = 50;

/**
 * An answer with more documents' data than this sends that data ahead in parts of this size, each a message of its
 * own, and then the answer with ids and heights alone: the inbox's first answer of 10,000 tickets in one message
 * held the page 56 ms to receive (copying it in and holding its documents), one task the user cannot interrupt.
 */
export const ANSWER_PART_DOCS = 1000;

export type ViewSpec =
  | { kind: 'query'; collection: ReplicaCollection; query: ReplicaQuery }
  | { kind: 'doc'; collection: ReplicaCollection; id: string }
  | { kind: 'count'; collection: ReplicaCollection; selector: Record<string, unknown>; index?: string[] };

export type ReaderRequest =
  | { t: 'open'; view: number; spec: ViewSpec }
  | { t: 'close'; view: number }
  /** The stored documents now, deleted ones included (as null): what every committed write has made of them. */
  | { t: 'read'; call: number; collection: ReplicaCollection; ids: string[] }
  | { t: 'seek'; call: number; collection: ReplicaCollection; query: ReplicaQuery }
  | { t: 'watch'; collection: ReplicaCollection; ids: string[] };

export type Doc = Record<string, unknown>;
/**
 * A document as sent: id, revision height (RxDB `_rev`), and the data, unless this view already received that
 * revision (the page then keeps the copy it has, so an unchanged document keeps its identity). Null data: deleted.
 */
export type SentDoc = [id: string, height: number, doc?: Doc | null];

export type ReaderMessage =
  /** A write's events, in write order; a document's data only in small bulks or when watched (null: deleted). */
  | { t: 'changes'; collection: SyncedCollection; events: SentDoc[] }
  /** Documents' data sent ahead of a large answer (ANSWER_PART_DOCS), which then names them by id and height. */
  | { t: 'part'; view: number; docs: SentDoc[] }
  /** A query's answer in its order; `sort` (the query's full sort, as RxDB ordered it) with the first answer. */
  | { t: 'docs'; view: number; docs: SentDoc[]; sort?: MangoSort }
  | { t: 'doc'; view: number; doc: SentDoc | null }
  | { t: 'count'; view: number; count: number }
  | { t: 'reply'; call: number; docs?: SentDoc[]; query?: ReplicaQuery | null }
  | { t: 'failed'; view?: number; call?: number; message: string };
