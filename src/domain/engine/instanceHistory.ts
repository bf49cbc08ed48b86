import { HISTORY_FILTER_STATUSES, stageDisplayStatus } from './instanceStatus.ts';

/**
 * The App history screen's rules (part 1 §2, §5, §9): which instances a status choice keeps, the date range that
 * applies only when both dates are chosen, and the history's place in the URL. Pure, so the screen and its tests
 * share one reading of the spec.
 */
export type HistoryStatus = (typeof HISTORY_FILTER_STATUSES)[number];

/** What the filter looks at of an instance. `stageHistory` is the engine's list of stage visits (JSON). */
export type HistoryInstance = { status: string; startDate: number | null; createdAt: number; stageHistory: unknown };

/**
 * The engine never writes HOLD: an instance parked on a human-interface or timer stage stays RUNNING, and its
 * latest stage visit reads 'waiting' (older entries carry no status: then part 1 §4's rule, a human-interface or
 * timer stage that has not succeeded, says it waits). So HOLD keeps those parked runs (and a HOLD status, should an older engine
 * have written one); they are still running, so RUNNING keeps them too. RUNNING keeps every run the engine is still
 * working on (UNPROCESSED, RUNNING, PROGRESS); DONE keeps the finished ones (DONE and COMPLETED); ERROR the failed.
 */
const RUNNING_STATUSES = new Set(['UNPROCESSED', 'RUNNING', 'PROGRESS', 'HOLD']);
const DONE_STATUSES = new Set(['DONE', 'COMPLETED']);

export function isParked(instance: Pick<HistoryInstance, 'status' | 'stageHistory'>): boolean {
  if (instance.status === 'HOLD') return true;
  if (!RUNNING_STATUSES.has(instance.status) || !Array.isArray(instance.stageHistory)) return false;
  const last: unknown = instance.stageHistory.at(-1);
  if (typeof last !== 'object' || last === null) return false;
  const entry = last as Record<string, unknown>;
  if (typeof entry.status === 'string') return entry.status === 'waiting';
  return stageDisplayStatus({ stage_type: String(entry.stage_type ?? ''), success: entry.success === true }) === 'waiting';
}

export function matchesHistoryStatus(instance: Pick<HistoryInstance, 'status' | 'stageHistory'>, wanted: HistoryStatus): boolean {
  switch (wanted) {
    case 'RUNNING':
      return RUNNING_STATUSES.has(instance.status);
    case 'HOLD':
      return isParked(instance);
    case 'DONE':
      return DONE_STATUSES.has(instance.status);
    case 'ERROR':
      return instance.status === 'ERROR';
  }
}

/** A day as the date inputs give it (YYYY-MM-DD, in the user's time zone). */
export type DayRange = { from?: string | undefined; to?: string | undefined };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Start of the day in local time, or null for anything that is not a real calendar day. */
export function dayStart(day: string): number | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(year, month - 1, date);
  return at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === date ? at.getTime() : null;
}

/**
 * Part 1 §5: the range applies only when two dates are chosen; it covers both whole days, whichever order they
 * were picked in. Answers null when it does not apply.
 */
export function historyRange(range: DayRange): { from: number; to: number } | null {
  if (range.from === undefined || range.to === undefined) return null;
  const a = dayStart(range.from);
  const b = dayStart(range.to);
  if (a === null || b === null) return null;
  const [first, last] = a <= b ? [a, b] : [b, a];
  const end = new Date(last);
  end.setDate(end.getDate() + 1);
  return { from: first, to: end.getTime() - 1 };
}

export type HistoryFilter = { statuses: readonly HistoryStatus[]; range: DayRange };

/** The instances the filter keeps (any of the chosen statuses; none chosen keeps all), in the given order. */
export function filterHistory<I extends HistoryInstance>(instances: readonly I[], filter: HistoryFilter): I[] {
  const range = historyRange(filter.range);
  return instances.filter((instance) => {
    if (filter.statuses.length > 0 && !filter.statuses.some((status) => matchesHistoryStatus(instance, status))) return false;
    if (range === null) return true;
    const started = instance.startDate ?? instance.createdAt;
    return started >= range.from && started <= range.to;
  });
}

/** Newest first by start (then creation, then id, so equal times keep one order). */
export function newestFirstOrder<I extends HistoryInstance & { id: string }>(instances: readonly I[]): I[] {
  const started = (i: I) => i.startDate ?? i.createdAt;
  return [...instances].sort((a, b) => started(b) - started(a) || b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/** The history's place in the URL: the app, the chosen statuses, the two dates and the page (0-based). */
export type HistorySearch = { appId?: string; status?: HistoryStatus[]; from?: string; to?: string; page?: number };

const isHistoryStatus = (value: string): value is HistoryStatus => (HISTORY_FILTER_STATUSES as readonly string[]).includes(value);

/** Reads the search params leniently: anything unknown is dropped, so an old or edited link still opens. */
export function validateHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const search: HistorySearch = {};
  if (typeof raw.appId === 'string' && raw.appId.trim() !== '' && raw.appId.length <= 200) search.appId = raw.appId.trim();
  const statusList = Array.isArray(raw.status) ? raw.status : typeof raw.status === 'string' ? raw.status.split(',') : [];
  const statuses = HISTORY_FILTER_STATUSES.filter((status) => statusList.some((s) => typeof s === 'string' && s.trim().toUpperCase() === status));
  if (statuses.length > 0) search.status = statuses.filter(isHistoryStatus);
  if (typeof raw.from === 'string' && dayStart(raw.from) !== null) search.from = raw.from;
  if (typeof raw.to === 'string' && dayStart(raw.to) !== null) search.to = raw.to;
  const page = typeof raw.page === 'number' ? raw.page : typeof raw.page === 'string' ? Number(raw.page) : NaN;
  if (Number.isInteger(page) && page > 0 && page < 100_000) search.page = page;
  return search;
}

/** True when any filter is chosen (Clear filters is offered then). */
export const hasHistoryFilters = (search: HistorySearch) => (search.status?.length ?? 0) > 0 || search.from !== undefined || search.to !== undefined;
