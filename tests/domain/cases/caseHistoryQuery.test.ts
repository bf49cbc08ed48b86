import { createRxSchema, normalizeMangoQuery, prepareQuery, type MangoQuery } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { REPLICA_SCHEMAS } from '../../../src/data/replicaSchema.ts';
import {
  caseHistoryPlan,
  CASES_GROUP_SIZE,
  CASES_SEARCH_DEBOUNCE_MS,
  clampGroup,
  filtersOf,
  groupCount,
  isListedCaseType,
  pageWindow,
  rangeIncomplete,
  segmentSlices,
  validateCaseHistorySearch,
  type CaseHistoryFilters,
} from '../../../src/domain/cases/caseHistoryQuery.ts';
import { caseSearchFields, newestFirst, searchKey, withReplicaFields } from '../../../src/domain/sync/replicaFields.ts';

describe('the spec constants of the cases history', () => {
  it.each([
    ['group size', CASES_GROUP_SIZE, 500],
    ['search debounce (ms)', CASES_SEARCH_DEBOUNCE_MS, 3000],
  ])('%s is %d', (_name, value, expected) => expect(value).toBe(expected));

  it('never lists the case type TBD', () => {
    expect(isListedCaseType({ id: 'TBD' })).toBe(false);
    expect(isListedCaseType({ id: 'ct-x', code: 'TBD' })).toBe(false);
    expect(isListedCaseType({ id: 'ct-demo-claim', code: 'CLAIM' })).toBe(true);
  });
});

describe("the history's place in its URL", () => {
  it('keeps filters, search, group and page, and leaves defaults out', () => {
    expect(validateCaseHistorySearch({})).toEqual({});
    expect(validateCaseHistorySearch({ q: '  Cust-10 ', status: 'progress', type: 'ct-demo-claim', state: 'cst-1', from: '2026-11-01', to: '2026-11-20', group: '3', page: 4 })).toEqual({
      q: 'Cust-10',
      status: 'PROGRESS',
      type: 'ct-demo-claim',
      state: 'cst-1',
      from: '2026-11-01',
      to: '2026-11-20',
      group: 3,
      page: 4,
    });
    expect(validateCaseHistorySearch({ group: 1, page: 0 })).toEqual({});
  });

  it('takes a numeric search as text (the router parses 1001 as a number)', () => {
    expect(validateCaseHistorySearch({ q: 1001 })).toEqual({ q: '1001' });
  });

  it.each([
    [{ status: 'DONE' }],
    [{ state: 'cst-1' }],
    [{ type: 'TBD' }],
    [{ type: '../x' }],
    [{ from: '2026-02-30' }],
    [{ group: -2 }],
    [{ group: 'two' }],
    [{ page: 1.5 }],
    [{ q: { $gt: '' } }],
  ])('drops what a hand-edited link gets wrong: %j', (raw) => {
    expect(validateCaseHistorySearch(raw)).toEqual({});
  });

  it('a date range needs both dates', () => {
    expect(rangeIncomplete({ from: '2026-11-01' })).toBe(true);
    expect(rangeIncomplete({ from: '2026-11-01', to: '2026-11-02' })).toBe(false);
    expect(caseHistoryPlan({ from: '2026-11-01' }).segments[0]!.selector).toEqual({});
  });

  it('filters leave the place in the list behind', () => {
    expect(filtersOf({ q: 'a', status: 'CREATED', group: 2, page: 3 })).toEqual({ q: 'a', status: 'CREATED' });
  });
});

describe('groups of 500 and pages of 10', () => {
  it.each([
    [0, 1],
    [1, 1],
    [500, 1],
    [501, 2],
    [100_000, 200],
  ])('%d cases make %d groups', (total, groups) => expect(groupCount(total)).toBe(groups));

  it.each([
    [0, 1000, 1],
    [-5, 1000, 1],
    [3, 1000, 2],
    [2, 1000, 2],
    [250, 100_000, 200],
    [Number.NaN, 100_000, 1],
    [7.6, 100_000, 8],
  ])('group %d of %d cases is clamped to %d', (group, total, clamped) => expect(clampGroup(group, total)).toBe(clamped));

  it('places a page inside its group and keeps it within the rows there are', () => {
    expect(pageWindow(100_000, 1, 0)).toEqual({ group: 1, page: 0, offset: 0, limit: 10 });
    expect(pageWindow(100_000, 3, 2)).toEqual({ group: 3, page: 2, offset: 1020, limit: 10 });
    // The last group of 1,234 cases holds 234 rows: 24 pages, the last with 4 rows.
    expect(pageWindow(1234, 3, 99)).toEqual({ group: 3, page: 23, offset: 1230, limit: 4 });
    expect(pageWindow(0, 4, 2)).toEqual({ group: 1, page: 0, offset: 0, limit: 0 });
  });

  it('splits a window over the search segments (case id matches, then customer id matches)', () => {
    expect(segmentSlices([3, 20], 0, 10)).toEqual([
      { segment: 0, skip: 0, limit: 3 },
      { segment: 1, skip: 0, limit: 7 },
    ]);
    expect(segmentSlices([3, 20], 10, 10)).toEqual([{ segment: 1, skip: 7, limit: 10 }]);
    expect(segmentSlices([0, 5], 0, 10)).toEqual([{ segment: 1, skip: 0, limit: 5 }]);
    expect(segmentSlices([30], 20, 10)).toEqual([{ segment: 0, skip: 20, limit: 10 }]);
  });
});

describe('the search key', () => {
  it('compares ids case-insensitively and counts a case matched by both ids once', () => {
    expect(searchKey('  CUST-1001 ')).toBe('cust-1001');
    expect(caseSearchFields({ id: 'case-demo-0001', customerId: 'CUST-1001', stateId: null })).toEqual({ caseKey: 'case-demo-0001', customerKey: 'cust-1001', sharedKey: 'c', stateKey: '' });
    expect(withReplicaFields({ kind: 'case', id: 'C-1', customerId: null, stateId: 'st', createdAt: 5 })).toMatchObject({ caseKey: 'c-1', customerKey: '', sharedKey: '', stateKey: 'st', newestFirst: newestFirst(5) });
    expect(withReplicaFields({ kind: 'ticket', id: 'T-1', createdAt: 5 })).not.toHaveProperty('caseKey');
  });
});

/** The replica's own query planner over the real `cases` schema, as RxQuery prepares a query. */
const schema = createRxSchema(REPLICA_SCHEMAS.cases, () => Promise.resolve('')).jsonSchema;
type Doc = Record<string, unknown> & { id: string };
function planOf(query: MangoQuery<Doc>, count = false) {
  const normalized = normalizeMangoQuery(schema, query, count);
  normalized.selector = { ...normalized.selector, _deleted: { $eq: false } };
  if (normalized.index) normalized.index = ['_deleted', ...normalized.index];
  return prepareQuery(schema, normalized).queryPlan;
}

const COMBINATIONS: CaseHistoryFilters[] = [
  {},
  { status: 'PROGRESS' },
  { type: 'ct-demo-claim' },
  { type: 'ct-demo-claim', state: 'cst-demo-claim-review' },
  { status: 'CREATED', type: 'ct-demo-claim' },
  { status: 'COMPLETED', type: 'ct-demo-claim', state: 'cst-demo-claim-review' },
  { from: '2026-11-01', to: '2026-11-20' },
  { status: 'PROGRESS', from: '2026-11-01', to: '2026-11-20' },
  { type: 'ct-demo-claim', from: '2026-11-20', to: '2026-11-01' },
  { type: 'ct-demo-claim', state: 'cst-demo-claim-review', from: '2026-11-01', to: '2026-11-20' },
  { status: 'PROGRESS', type: 'ct-demo-claim', from: '2026-11-01', to: '2026-11-20' },
  { status: 'PROGRESS', type: 'ct-demo-claim', state: 'cst-demo-claim-review', from: '2026-11-01', to: '2026-11-20' },
];

describe('every filter combination runs on an index', () => {
  it.each(COMBINATIONS)('%j: a page stops after its rows and the count is the index range', (filters) => {
    const plan = caseHistoryPlan(filters);
    expect(plan.segments).toHaveLength(1);
    const page = planOf({ ...plan.segments[0]!, limit: 10, skip: 20 });
    expect(page.sortSatisfiedByIndex).toBe(true);
    expect(page.selectorSatisfiedByIndex).toBe(true);
    for (const count of plan.counts.add) expect(planOf(count, true).selectorSatisfiedByIndex).toBe(true);
  });

  it('a search walks the id and customer id ranges in their order, and its counts are index ranges', () => {
    const plan = caseHistoryPlan({ q: 'CUST-12' });
    for (const segment of plan.segments) expect(planOf({ ...segment, limit: 10 }).sortSatisfiedByIndex).toBe(true);
    for (const count of [...plan.counts.add, ...plan.counts.subtract]) expect(planOf(count, true).selectorSatisfiedByIndex).toBe(true);
    expect(plan.segments[1]!.selector.customerKey).toEqual({ $gte: 'cust-12', $lt: 'cust-12\uffff' });
    expect(plan.segmentCounts([2, 30], [2])).toEqual([2, 28]);
  });

  it('a search narrowed by a status alone is counted and paged on the status\u2019s own search key indexes', () => {
    const plan = caseHistoryPlan({ q: 'CUST-12', status: 'PROGRESS' });
    for (const count of [...plan.counts.add, ...plan.counts.subtract]) {
      expect(count.index[0]).toBe('status');
      expect(planOf(count, true).selectorSatisfiedByIndex).toBe(true);
    }
    for (const segment of plan.segmentsWithoutOverlap) {
      const page = planOf({ ...segment, limit: 10, skip: 20 });
      expect(page.sortSatisfiedByIndex).toBe(true);
      expect(page.selectorSatisfiedByIndex).toBe(true);
    }
    // With another filter beside it, the filters stay conditions on the search's range.
    expect(caseHistoryPlan({ q: 'CUST-12', status: 'PROGRESS', type: 'ct-demo-claim' }).counts.add[0]!.index).toEqual(['caseKey']);
  });

  it('a date range covers both whole days, newest first', () => {
    const { selector } = caseHistoryPlan({ from: '2026-11-20', to: '2026-11-01' }).segments[0]!;
    const from = new Date(2026, 10, 1).getTime();
    const to = new Date(2026, 10, 21).getTime() - 1;
    expect(selector.newestFirst).toEqual({ $gte: newestFirst(to), $lte: newestFirst(from) });
  });
});
