/**
 * The batch detail's own rules (part 2 §2 Batches, §3 batch line, §4, §7 download): a line's values as a list, the
 * batch written back as a CSV file from what the device holds, what the header offers (Play, the stop note) and how
 * the URL state moves. Pure, so they are tested without a browser.
 */
import { exportLine, exportRecord, columnsOf } from './batchExport.ts';
import { BATCH_STATUS } from './batchLifecycle.ts';
import { validateBatchDetailSearch, type BatchDetailSearch } from './batchViews.ts';

const cell = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : (JSON.stringify(value) ?? ''));

/**
 * A line's data (an object of column → value) as name/value pairs: in the batch header's order when one is given
 * (the stored object does not keep the file's order), then any other columns; anything but an object has none.
 */
export function lineValueEntries(data: unknown, header?: unknown): [string, string][] {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return [];
  const entries = Object.entries(data as Record<string, unknown>).map(([key, value]): [string, string] => [key, cell(value)]);
  const columns = keptHeader(header);
  if (columns === null) return entries;
  const rank = new Map(columns.map((column, index) => [column, index]));
  return entries
    .map((entry, index) => ({ entry, order: rank.get(entry[0]) ?? columns.length + index }))
    .sort((a, b) => a.order - b.order)
    .map(({ entry }) => entry);
}

/** The batch's header when it kept one (a list of column names), else null. */
function keptHeader(header: unknown): string[] | null {
  if (!Array.isArray(header) || header.length === 0) return null;
  return header.every((column): column is string => typeof column === 'string') ? header : null;
}

/**
 * The batch as a CSV file (part 2 §7 GET /download/batches/{id}), built on the device so it works offline: the
 * kept header, or the lines' columns in order of first appearance for a batch made before headers were kept, then
 * one record per line in the order given (file order).
 */
export function batchCsv(header: unknown, lines: ReadonlyArray<{ data: unknown }>): string {
  const rows = lines.map((line) => Object.fromEntries(lineValueEntries(line.data)));
  const columns = keptHeader(header) ?? columnsOf(rows);
  return exportRecord(columns) + rows.map((row) => exportLine(columns, row)).join('');
}

/** The downloaded file's name: the batch id, with characters a file name cannot hold replaced. */
export const batchFileName = (batchId: string): string => `${batchId.replace(/[^A-Za-z0-9_.-]/g, '_')}.csv`;

/**
 * What the header offers (part 2 §2, §4): Play on a batch not started, for those who may act on it; an ongoing
 * batch shows that it cannot be stopped.
 */
export function batchHeaderActions(batch: { status: string }, mayAct: boolean): { play: boolean; cannotStop: boolean } {
  return { play: mayAct && batch.status === BATCH_STATUS.notStarted, cannotStop: batch.status === BATCH_STATUS.ongoing };
}

/**
 * The detail's next URL state: a new tab or search goes back to the first page (0-based pages, the first left out)
 * and keeps an open line; undefined values are dropped so the URL stays short.
 */
export function nextDetailSearch(current: BatchDetailSearch, patch: Partial<Record<keyof BatchDetailSearch, string | number | undefined>>): BatchDetailSearch {
  const resetsPage = 'status' in patch || 'q' in patch;
  const merged = { ...current, ...(resetsPage ? { page: undefined } : {}), ...patch } as Record<string, unknown>;
  if (merged.page === 0) merged.page = undefined;
  if (merged.q === '') merged.q = undefined;
  return Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as BatchDetailSearch;
}

/** The detail's URL state as the router hands it over (a hand-typed `?line=2` names line 2: see batchViews.ts). */
export const readDetailSearch = (raw: Record<string, unknown>): BatchDetailSearch => validateBatchDetailSearch(raw);
