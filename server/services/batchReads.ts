import type { Kysely, Selectable } from 'kysely';
import { columnsOf, exportLine, exportRecord } from '../../src/domain/batches/batchExport.ts';
import { BATCH_REFUSALS, mayActOnBatch, type AnyBatchStatus, type BatchActor } from '../../src/domain/batches/batchLifecycle.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import type { BatchesTable, BatchLinesTable } from '../db/tables/workTables.ts';
import { ApiError } from '../http/errors.ts';
import { batchActorOf } from './batches.ts';

/** Part 2 §7 Batches reads: the batches and lines the caller may act on (own ones; every one for an ADMIN). */

export type BatchListQuery = { tab: 'personal' | 'history'; search?: string; limit: number; offset: number };
export type LineListQuery = { status?: AnyBatchStatus; search?: string; limit: number; offset: number };

const notFound = () => new ApiError(404, 'not-found', BATCH_REFUSALS.notFound);
const iso = (at: Date | null) => (at ? at.toISOString() : null);
/** A substring pattern for LIKE with the user's %, _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function readerOf(db: Kysely<Database>, actor: AuthContext): Promise<BatchActor> {
  const reader = await batchActorOf(db, actor);
  if (!reader.isAdmin && !reader.hasBatchesModule) throw new ApiError(403, 'forbidden', BATCH_REFUSALS.notAllowed);
  return reader;
}

type BatchRow = Selectable<BatchesTable> & { case_type_description: string | null };

function batchView(row: BatchRow, reader: BatchActor) {
  return {
    batchID: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    created: iso(row.created_at),
    processed: iso(row.processed_at),
    case_type: row.case_type_id,
    case_type_description: row.case_type_description ?? '',
    user_id: row.user_id,
    user_name: row.user_name,
    /** History marks the caller's own batches 'You' (part 2 §2). */
    own: row.user_id === reader.userId,
    header: Array.isArray(row.header) ? row.header : [],
    lineCount: row.line_count,
    result: { insertedCount: row.inserted_count, doneCount: row.done_count, errorCount: row.error_count },
  };
}

const batchQuery = (db: Kysely<Database>, workspaceId: string) =>
  db
    .selectFrom('batches')
    .leftJoin('case_types', 'case_types.id', 'batches.case_type_id')
    .selectAll('batches')
    .select('case_types.description as case_type_description')
    .where('batches.workspace_id', '=', workspaceId)
    .where('batches.deleted', '=', false);

/** GET /batches: Personal (own) or, for an ADMIN, History (all); search by batch id substring (part 2 §2). */
export async function listBatches(db: Kysely<Database>, actor: AuthContext, query: BatchListQuery) {
  const reader = await readerOf(db, actor);
  let rows = batchQuery(db, actor.workspaceId);
  if (query.tab === 'personal' || !reader.isAdmin) rows = rows.where('batches.user_id', '=', actor.userId);
  if (query.search) rows = rows.where('batches.id', 'ilike', containing(query.search));
  const total = await rows.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const page = await rows.orderBy('batches.created_at', 'desc').orderBy('batches.id').limit(query.limit).offset(query.offset).execute();
  return { batches: page.map((row) => batchView(row, reader)), total: Number(total.n) };
}

async function visibleBatch(db: Kysely<Database>, actor: AuthContext, batchId: string) {
  const reader = await readerOf(db, actor);
  const row = await batchQuery(db, actor.workspaceId).where('batches.id', '=', batchId).executeTakeFirst();
  if (!row || !mayActOnBatch(reader, row.user_id)) throw notFound();
  return { row, reader };
}

export async function getBatch(db: Kysely<Database>, actor: AuthContext, batchId: string) {
  const { row, reader } = await visibleBatch(db, actor, batchId);
  return batchView(row, reader);
}

function lineView(row: Selectable<BatchLinesTable>, batch: BatchRow) {
  return {
    _id: row.id,
    lineId: row.line_id,
    lineNo: row.line_no,
    case_id: row.case_id,
    caseId: row.case_id,
    status: row.status,
    state: row.state,
    error: row.error,
    created: iso(row.created_at),
    processed: iso(row.processed_at),
    case_type_description: batch.case_type_description ?? '',
    user_name: batch.user_name,
    data: row.data,
  };
}

const linesOf = (db: Kysely<Database>, batchId: string) => db.selectFrom('batch_lines').where('batch_id', '=', batchId).where('deleted', '=', false);

/** GET /batches/{id}/lines: by status, line id substring search (part 2 §2), in file order. */
export async function listBatchLines(db: Kysely<Database>, actor: AuthContext, batchId: string, query: LineListQuery) {
  const { row: batch } = await visibleBatch(db, actor, batchId);
  let rows = linesOf(db, batchId);
  if (query.status) rows = rows.where('status', '=', query.status);
  if (query.search) rows = rows.where('line_id', 'like', containing(query.search));
  const total = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const page = await rows.selectAll().orderBy('line_no').orderBy('id').limit(query.limit).offset(query.offset).execute();
  return { lines: page.map((line) => lineView(line, batch)), total: Number(total.n) };
}

export async function getBatchLine(db: Kysely<Database>, actor: AuthContext, batchId: string, lineId: string) {
  const { row: batch } = await visibleBatch(db, actor, batchId);
  const line = await linesOf(db, batchId).selectAll().where('line_id', '=', lineId).executeTakeFirst();
  if (!line) throw new ApiError(404, 'not-found', BATCH_REFUSALS.lineNotFound);
  return lineView(line, batch);
}

const DOWNLOAD_PAGE = 2_000;
const textValues = (data: unknown): Record<string, string> =>
  data && typeof data === 'object' && !Array.isArray(data)
    ? Object.fromEntries(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
    : {};

/**
 * GET /download/batches/{id}: the batch as a CSV file, read in pages by line number so a 100,000-line batch is
 * never held as rows at once; yields the file's text piece by piece.
 */
export async function batchDownload(db: Kysely<Database>, actor: AuthContext, batchId: string): Promise<{ fileName: string; chunks: AsyncGenerator<string> }> {
  const { row: batch } = await visibleBatch(db, actor, batchId);
  const kept = Array.isArray(batch.header) ? batch.header.filter((c): c is string => typeof c === 'string') : [];
  const header = kept.length > 0 ? kept : columnsOf((await linesOf(db, batchId).select('data').limit(DOWNLOAD_PAGE).execute()).map((l) => textValues(l.data)));
  async function* chunks() {
    yield exportRecord(header);
    let after = -1;
    let afterId = '';
    for (;;) {
      const page = await linesOf(db, batchId)
        .select(['id', 'line_no', 'data'])
        .where((eb) => eb.or([eb(eb.fn.coalesce('line_no', eb.val(0)), '>', after), eb.and([eb(eb.fn.coalesce('line_no', eb.val(0)), '=', after), eb('id', '>', afterId)])]))
        .orderBy((eb) => eb.fn.coalesce('line_no', eb.val(0)))
        .orderBy('id')
        .limit(DOWNLOAD_PAGE)
        .execute();
      if (page.length === 0) return;
      yield page.map((line) => exportLine(header, textValues(line.data))).join('');
      const last = page.at(-1)!;
      after = last.line_no ?? 0;
      afterId = last.id;
    }
  }
  return { fileName: `batch-${batchId}.csv`, chunks: chunks() };
}
