import { dayStart, historyRange } from '../engine/instanceHistory.ts';
import { newestFirst, searchKey, SEARCH_KEY_MAX } from '../sync/replicaFields.ts';
import { DEFAULT_PAGE_SIZE } from '../ui/paging.ts';

/**
 * The cases history's rules (part 2 §2, §5, §9) and how its view becomes replica queries. The view lives in the
 * URL; every query is one range of one index of the `cases` collection (src/data/replicaSchema.ts), so a page
 * reads its 10 rows and a count is the index's own, never every case.
 *
 * - Filters: a date range that applies only when both dates are chosen, a status, a case type, and a state (of
 *   that type). Search: the text begins the case id or the customer id, case-insensitively (`searchKey`).
 * - Cases come in groups of 500; the group input is clamped between 1 and the number of groups; the table shows
 *   10 rows a page within the group.
 * - Without a search, newest first. With one, the cases whose id matches come first, then those whose customer id
 *   matches, each in id order (the order of their index, so a page stops after its rows).
 */
export const CASE_STATUSES = ['CREATED', 'PROGRESS', 'COMPLETED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASES_GROUP_SIZE = 500;
export const CASES_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** Part 2 §5 and §9: the cases history's search waits 3,000 ms after typing (other searches 700 ms). */
export const CASES_SEARCH_DEBOUNCE_MS = 3000;
/** Part 2 §2 and §9: the case type TBD is never listed. */
export const HIDDEN_CASE_TYPE = 'TBD';

export const isListedCaseType = (type: { id: string; code?: string }) => type.id !== HIDDEN_CASE_TYPE && type.code !== HIDDEN_CASE_TYPE;

/** The history's place in the URL. `group` is the group number shown (1-based); `page` is 0-based within it. */
export type CaseHistorySearch = {
  q?: string;
  status?: CaseStatus;
  type?: string;
  state?: string;
  from?: string;
  to?: string;
  group?: number;
  page?: number;
};

const ID_LIKE = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,199}$/;
const isCaseStatus = (value: unknown): value is CaseStatus => typeof value === 'string' && (CASE_STATUSES as readonly string[]).includes(value);

function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 && n < 1_000_000 ? n : null;
}

/**
 * Reads the search params leniently: anything unknown or malformed is dropped, so an old or edited link still
 * opens. Defaults are left out (group 1, page 0), and a state needs its case type.
 */
export function validateCaseHistorySearch(raw: Record<string, unknown>): CaseHistorySearch {
  const search: CaseHistorySearch = {};
  const q = typeof raw.q === 'number' ? String(raw.q) : typeof raw.q === 'string' ? raw.q.trim() : '';
  if (q !== '') search.q = q.slice(0, SEARCH_KEY_MAX);
  const status = typeof raw.status === 'string' ? raw.status.trim().toUpperCase() : null;
  if (isCaseStatus(status)) search.status = status;
  if (typeof raw.type === 'string' && ID_LIKE.test(raw.type) && raw.type !== HIDDEN_CASE_TYPE) search.type = raw.type;
  if (search.type !== undefined && typeof raw.state === 'string' && ID_LIKE.test(raw.state)) search.state = raw.state;
  if (typeof raw.from === 'string' && dayStart(raw.from) !== null) search.from = raw.from;
  if (typeof raw.to === 'string' && dayStart(raw.to) !== null) search.to = raw.to;
  const group = positiveInteger(raw.group);
  if (group !== null && group > 1) search.group = group;
  const page = typeof raw.page === 'number' && raw.page === 0 ? null : positiveInteger(raw.page);
  if (page !== null) search.page = page;
  return search;
}

/** The filters and search of a view, without its place in the list: a change to these starts at group 1, page 1. */
export type CaseHistoryFilters = Omit<CaseHistorySearch, 'group' | 'page'>;

export function filtersOf({ q, status, type, state, from, to }: CaseHistorySearch): CaseHistoryFilters {
  return { ...(q ? { q } : {}), ...(status ? { status } : {}), ...(type ? { type } : {}), ...(type && state ? { state } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export const hasCaseFilters = (search: CaseHistorySearch) => Object.keys(filtersOf(search)).length > 0;

/** Part 2 §5: true when only one of the two dates is chosen (the range waits for the other). */
export const rangeIncomplete = (search: CaseHistorySearch) => (search.from === undefined) !== (search.to === undefined);

// ---- groups and pages ----------------------------------------------------------------------------------------

export const groupCount = (total: number) => Math.max(1, Math.ceil(total / CASES_GROUP_SIZE));

/** Part 2 §2: the group input is clamped between 1 and the number of groups (anything unreadable is group 1). */
export function clampGroup(group: number, total: number): number {
  if (!Number.isFinite(group)) return 1;
  return Math.min(Math.max(1, Math.round(group)), groupCount(total));
}

export const rowsInGroup = (total: number, group: number) => Math.max(0, Math.min(CASES_GROUP_SIZE, total - (clampGroup(group, total) - 1) * CASES_GROUP_SIZE));

export const pagesInGroup = (total: number, group: number) => Math.max(1, Math.ceil(rowsInGroup(total, group) / CASES_PAGE_SIZE));

/**
 * Where the shown rows start in the whole list, and how many there are, with group and page clamped. A total not
 * counted yet (Infinity) leaves the group and page as asked: the page's rows show it exists, or that it must wait.
 */
export function pageWindow(total: number, group: number | undefined, page: number | undefined) {
  const g = clampGroup(group ?? 1, total);
  const p = Math.min(Math.max(0, Math.floor(page ?? 0)), pagesInGroup(total, g) - 1);
  const offset = (g - 1) * CASES_GROUP_SIZE + p * CASES_PAGE_SIZE;
  return { group: g, page: p, offset, limit: Math.max(0, Math.min(CASES_PAGE_SIZE, total - offset)) };
}

// ---- replica queries -----------------------------------------------------------------------------------------

type Selector = Record<string, unknown>;
/** A query on one index: the index it walks, in that index's order, so it stops after skip + limit documents. */
export type IndexQuery = { selector: Selector; sort: Record<string, 'asc'>[]; index: string[] };

/**
 * How the view is answered. The total is the sum of `add` counts less the `subtract` ones; the rows come from the
 * segments in turn (`segmentCounts` says how many rows each holds, by the same counts).
 */
export type CountQuery = { selector: Selector; index: string[] };
export type CaseHistoryPlan = {
  counts: { add: CountQuery[]; subtract: CountQuery[] };
  segments: IndexQuery[];
  /**
   * The segments to use when no case matches by both ids (every `subtract` count is 0): the customer id segment
   * then needs no condition beyond its index range, so a deep page can start from the index.
   */
  segmentsWithoutOverlap: IndexQuery[];
  /** The rows of each segment, from the answers to `counts.add` and `counts.subtract` in order. */
  segmentCounts: (add: readonly number[], subtract: readonly number[]) => number[];
  /**
   * Which counts a page's rows need; the others only give the total, so the screen reads them after the rows (a
   * count is a walk of its whole range: 100,000 cases take about 10 ms, and IndexedDB answers one request at a time).
   */
  neededForRows: { add: boolean[]; subtract: boolean[] };
  /**
   * The segments' rows from the counts known so far, the last segment open-ended (Infinity) until it is counted;
   * null while a count the rows need is missing.
   */
  openSegmentCounts: (add: readonly (number | undefined)[], subtract: readonly (number | undefined)[]) => number[] | null;
};

/** Strings that begin with `prefix`, as an index range (every character of an id sorts below U+FFFF). */
export const startsWith = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\uffff` });
const notStartingWith = (field: string, prefix: string) => ({ $or: [{ [field]: { $lt: prefix } }, { [field]: { $gte: `${prefix}\uffff` } }] });

/** The equality filters and the date range of a view, and the index that serves them newest first. */
function filterParts(filters: CaseHistoryFilters): { selector: Selector; index: string[] } {
  const selector: Selector = {};
  const index: string[] = [];
  if (filters.status !== undefined) {
    selector.status = filters.status;
    index.push('status');
  }
  // A state belongs to one case type (its id is unique), so it alone narrows the type too.
  if (filters.state !== undefined) {
    selector.stateKey = filters.state;
    index.push('stateKey');
  } else if (filters.type !== undefined) {
    selector.caseTypeId = filters.type;
    index.push('caseTypeId');
  }
  const range = historyRange({ from: filters.from, to: filters.to });
  if (range !== null) selector.newestFirst = { $gte: newestFirst(range.to), $lte: newestFirst(range.from) };
  index.push('newestFirst');
  return { selector, index };
}

export function caseHistoryPlan(filters: CaseHistoryFilters): CaseHistoryPlan {
  const parts = filterParts(filters);
  const text = filters.q === undefined ? '' : searchKey(filters.q);
  if (text === '') {
    return {
      counts: { add: [{ selector: parts.selector, index: parts.index }], subtract: [] },
      segments: [{ selector: parts.selector, sort: [{ newestFirst: 'asc' }], index: parts.index }],
      segmentsWithoutOverlap: [{ selector: parts.selector, sort: [{ newestFirst: 'asc' }], index: parts.index }],
      segmentCounts: ([all = 0]) => [all],
      neededForRows: { add: [false], subtract: [] },
      openSegmentCounts: ([all]) => [all ?? Infinity],
    };
  }
  // A status alone has the search keys under it in an index, so its ranges are counted and seeked like any other.
  // Other filters ride along as conditions on the search's range (a search narrows to few cases).
  const underStatus = Object.keys(parts.selector).length === 1 && parts.selector.status !== undefined;
  const keyIndex = (key: string) => (underStatus ? ['status', key] : [key]);
  const byCase = { caseKey: startsWith(text), ...parts.selector };
  const byCustomer = { customerKey: startsWith(text), ...parts.selector };
  const both = { sharedKey: startsWith(text), ...parts.selector };
  return {
    counts: {
      add: [
        { selector: byCase, index: keyIndex('caseKey') },
        { selector: byCustomer, index: keyIndex('customerKey') },
      ],
      subtract: [{ selector: both, index: keyIndex('sharedKey') }],
    },
    segments: [
      { selector: byCase, sort: [{ caseKey: 'asc' }], index: keyIndex('caseKey') },
      { selector: { ...byCustomer, ...notStartingWith('caseKey', text) }, sort: [{ customerKey: 'asc' }], index: keyIndex('customerKey') },
    ],
    segmentsWithoutOverlap: [
      { selector: byCase, sort: [{ caseKey: 'asc' }], index: keyIndex('caseKey') },
      { selector: byCustomer, sort: [{ customerKey: 'asc' }], index: keyIndex('customerKey') },
    ],
    segmentCounts: ([cases = 0, customers = 0], [shared = 0]) => [cases, Math.max(0, customers - shared)],
    // The case id matches come first, so where the customer id matches start is their count; the shared count
    // picks the segments (few cases match by both ids: both ranges are short).
    neededForRows: { add: [true, false], subtract: [true] },
    openSegmentCounts: ([cases, customers], [shared]) =>
      cases === undefined || shared === undefined ? null : [cases, customers === undefined ? Infinity : Math.max(0, customers - shared)],
  };
}

/** Which part of each segment a window of the whole list covers (segments with nothing to show are left out). */
export function segmentSlices(segmentCounts: readonly number[], offset: number, limit: number): { segment: number; skip: number; limit: number }[] {
  const slices: { segment: number; skip: number; limit: number }[] = [];
  let start = offset;
  let wanted = limit;
  segmentCounts.forEach((count, segment) => {
    if (wanted <= 0) return;
    if (start >= count) {
      start -= count;
      return;
    }
    const take = Math.min(wanted, count - start);
    slices.push({ segment, skip: start, limit: take });
    wanted -= take;
    start = 0;
  });
  return slices;
}
