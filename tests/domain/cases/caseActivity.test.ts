import { getQueryMatcher, normalizeMangoQuery } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { REPLICA_SCHEMAS } from '../../../src/data/replicaSchema.ts';
import {
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_PAGE_SIZE_MOBILE,
  activityPage,
  activityPageSize,
  activitySelector,
  canDeleteFromActivity,
  deleteFromActivityArgs,
  deniedStateOf,
  hashOfSearch,
  searchFromHash,
  validateActivitySearch,
  viewOf,
} from '../../../src/domain/cases/caseActivity.ts';
import { updateCaseArgs } from '../../../src/domain/mutations/caseRecordMutations.ts';

const schema = REPLICA_SCHEMAS.cases;
/** Runs a selector the way the replica does (RxDB's own matcher over the cases schema). */
const matches = (selector: Record<string, unknown>, doc: Record<string, unknown>) =>
  (getQueryMatcher(schema, normalizeMangoQuery(schema, { selector })) as unknown as (d: unknown) => boolean)(doc);

const aCase = (over: Record<string, unknown>) => ({ id: 'case-demo-0001', kind: 'case', rev: 1, deleted: false, caseTypeId: 'ct-claim', status: 'PROGRESS', customerId: 'CUST-77', newestFirst: 1, ...over });

describe('activity page size (part 2 §9: 17 rows, 13 on mobile)', () => {
  it.each([
    [false, ACTIVITY_PAGE_SIZE, 17],
    [true, ACTIVITY_PAGE_SIZE_MOBILE, 13],
  ])('phone %s: %i rows', (phone, constant, rows) => {
    expect(activityPageSize(phone)).toBe(constant);
    expect(constant).toBe(rows);
  });

  it('clamps the URL page into the rows there are', () => {
    expect(activityPage({}, 40, 17)).toBe(0);
    expect(activityPage({ page: 3 }, 40, 17)).toBe(2);
    expect(activityPage({ page: 9 }, 40, 17)).toBe(2);
    expect(activityPage({ page: 9 }, 0, 17)).toBe(0);
  });
});

describe('the activity URL', () => {
  it('keeps only a history view and a page above 1', () => {
    expect(validateActivitySearch({ view: 'history', page: '3' })).toEqual({ view: 'history', page: 3 });
    expect(validateActivitySearch({ view: 'other', page: 1 })).toEqual({});
    expect(validateActivitySearch({ page: 'x' })).toEqual({});
    expect(viewOf({})).toBe('active');
    expect(viewOf({ view: 'history' })).toBe('history');
  });

  it('round-trips the search text through the hash, and reads a broken hash as typed', () => {
    expect(searchFromHash(`#${hashOfSearch('  cust 7/8 ')}`)).toBe('cust 7/8');
    expect(hashOfSearch('')).toBe('');
    expect(searchFromHash('#50%')).toBe('50%');
    expect(searchFromHash('')).toBe('');
    expect(searchFromHash(`#${'a'.repeat(500)}`)).toHaveLength(120);
  });

  it("reads the type's own id in the hash (how part 1's dashboard opens the page) as no search", () => {
    expect(searchFromHash('#ct-claim', ['ct-claim', 'CLAIM'])).toBe('');
    expect(searchFromHash('#CLAIM', ['ct-claim', 'CLAIM'])).toBe('');
    expect(searchFromHash('#CUST-1', ['ct-claim', 'CLAIM'])).toBe('CUST-1');
  });
});

describe('which cases a view lists', () => {
  it('the active view lists CREATED and PROGRESS cases of the type only', () => {
    const selector = activitySelector('ct-claim', 'active', '');
    expect(matches(selector, aCase({ status: 'CREATED' }))).toBe(true);
    expect(matches(selector, aCase({ status: 'PROGRESS' }))).toBe(true);
    expect(matches(selector, aCase({ status: 'COMPLETED' }))).toBe(false);
    expect(matches(selector, aCase({ caseTypeId: 'ct-other' }))).toBe(false);
  });

  it('the history view lists every case of the type', () => {
    expect(matches(activitySelector('ct-claim', 'history', ''), aCase({ status: 'COMPLETED' }))).toBe(true);
  });

  it('the search matches the case id or the customer id, case-insensitively, with its text taken literally', () => {
    const selector = activitySelector('ct-claim', 'history', 'DEMO-0001');
    expect(matches(selector, aCase({}))).toBe(true);
    expect(matches(activitySelector('ct-claim', 'history', 'cust-7'), aCase({ id: 'case-x' }))).toBe(true);
    expect(matches(activitySelector('ct-claim', 'history', 'cust-8'), aCase({}))).toBe(false);
    expect(matches(activitySelector('ct-claim', 'history', 'case.demo'), aCase({}))).toBe(false);
    expect(matches(activitySelector('ct-claim', 'history', 'CUST'), aCase({ customerId: null, id: 'case-y' }))).toBe(false);
  });
});

describe('deleting a case from activity (part 2 §4)', () => {
  const state = (id: string, description: string, order: number, caseTypeId = 'ct-claim') => ({ id, description, order, caseTypeId });

  it('only a PROGRESS case can be deleted', () => {
    expect(['CREATED', 'PROGRESS', 'COMPLETED'].filter(canDeleteFromActivity)).toEqual(['PROGRESS']);
  });

  it("finds the type's 'Denegado' state, preferring the one outside the progress order", () => {
    const states = [state('s1', 'Received', 1), state('s2', 'denegado ', 3), state('s3', 'Denegado', -1), state('s4', 'Denegado', -1, 'ct-other')];
    expect(deniedStateOf(states, 'ct-claim')?.id).toBe('s3');
    expect(deniedStateOf([state('s2', 'Denegado', 2)], 'ct-claim')?.id).toBe('s2');
    expect(deniedStateOf([state('s1', 'Received', 1)], 'ct-claim')).toBeNull();
    expect(deniedStateOf([{ ...state('s3', 'Denegado', -1), deleted: true }], 'ct-claim')).toBeNull();
  });

  it('sends case.update to COMPLETED in that state, which the mutation accepts', () => {
    const args = deleteFromActivityArgs('case-demo-0001', 'cst-demo-claim-rejected');
    expect(args).toEqual({ caseId: 'case-demo-0001', status: 'COMPLETED', stateId: 'cst-demo-claim-rejected' });
    expect(updateCaseArgs.safeParse(args).success).toBe(true);
  });
});
