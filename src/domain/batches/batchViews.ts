/**
 * What the batches screens show (part 2 §2 Batches, §6, §9): the list's tabs and search, the detail's lines grouped
 * by status and searched by line id, and the screens' URL state. Pure, so the rules are tested without a browser.
 */
import { searchPage, searchText } from '../ui/urlSearch.ts';
import { ALL_BATCH_STATUSES } from './batchLifecycle.ts';

export type BatchesTab = 'personal' | 'history';
export type BatchesSearch = { tab?: BatchesTab; q?: string; page?: number };
export type BatchDetailSearch = { status?: string; q?: string; page?: number; line?: string };

const defined = <T extends Record<string, unknown>>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The list's URL state; anything else in the URL is dropped, so a hand-edited link never breaks the screen. */
export function validateBatchesSearch(raw: Record<string, unknown>): BatchesSearch {
  return defined({ tab: raw.tab === 'history' ? ('history' as const) : undefined, q: searchText(raw.q), page: searchPage(raw.page) });
}

export function validateBatchDetailSearch(raw: Record<string, unknown>): BatchDetailSearch {
  const status = searchText(raw.status);
  return defined({
    status: status !== undefined && (ALL_BATCH_STATUSES as readonly string[]).includes(status) ? status : undefined,
    q: searchText(raw.q),
    page: searchPage(raw.page),
    line: searchText(raw.line),
  });
}

type Owned = { id: string; userId: string };

/**
 * Part 2 §2 and §6: Personal shows only the user's own batches; History (ADMIN only) shows every batch. The search
 * matches the batch id as a substring, case-insensitive. Anyone else asking for History gets Personal.
 */
export function visibleBatches<B extends Owned>(batches: readonly B[], view: { tab: BatchesTab; q?: string | undefined; userId: string; isAdmin: boolean }): B[] {
  const history = view.tab === 'history' && view.isAdmin;
  const needle = view.q?.trim().toLowerCase() ?? '';
  return batches.filter((batch) => (history || batch.userId === view.userId) && (needle === '' || batch.id.toLowerCase().includes(needle)));
}

type Line = { lineId: string; status: string; lineNo: number | null };

/** Lines in file order: by their number, then by their id for lines written without one. */
export function fileOrder<L extends Line>(lines: readonly L[]): L[] {
  return [...lines].sort((a, b) => (a.lineNo ?? Number(a.lineId)) - (b.lineNo ?? Number(b.lineId)) || a.lineId.localeCompare(b.lineId));
}

/** The detail's status tabs: every status its lines have, in part 2 §4's order, each with its count. */
export function lineStatusGroups(lines: readonly Line[]): { status: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(line.status, (counts.get(line.status) ?? 0) + 1);
  const known = ALL_BATCH_STATUSES.filter((status) => counts.has(status)).map((status) => ({ status, count: counts.get(status) ?? 0 }));
  const unknown = [...counts.keys()].filter((status) => !(ALL_BATCH_STATUSES as readonly string[]).includes(status)).sort();
  return [...known, ...unknown.map((status) => ({ status, count: counts.get(status) ?? 0 }))];
}

/** Part 2 §5: the line search matches the line id as a substring; a status narrows to that tab. */
export function visibleLines<L extends Line>(lines: readonly L[], view: { status?: string | undefined; q?: string | undefined }): L[] {
  const needle = view.q?.trim().toLowerCase() ?? '';
  return lines.filter((line) => (view.status === undefined || line.status === view.status) && (needle === '' || line.lineId.toLowerCase().includes(needle)));
}

/** How far a batch has got: its lines done or failed out of those it holds (for a bar and its words). */
export function batchProgress(batch: { insertedCount: number; lineCount: number; doneCount: number; errorCount: number }): { finished: number; total: number; percent: number } {
  const total = Math.max(batch.insertedCount, 0);
  const finished = Math.min(batch.doneCount + batch.errorCount, total);
  return { finished, total, percent: total === 0 ? 0 : Math.round((finished / total) * 100) };
}
