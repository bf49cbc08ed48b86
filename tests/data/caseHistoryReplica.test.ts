import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { createRxDatabase, type RxCollection, type RxJsonSchema } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seekQuery } from '../../workers/sync/indexSeek.ts';
import type { ReplicaQuery } from '../../src/data/replicaApi.ts';
import { openReplica, type ReplicaDatabase } from '../../src/data/openReplica.ts';
import { REPLICA_SCHEMAS } from '../../src/data/replicaSchema.ts';
import { caseHistoryPlan, pageWindow, segmentSlices, type CaseHistoryFilters } from '../../src/domain/cases/caseHistoryQuery.ts';
import { newestFirst } from '../../src/domain/sync/replicaFields.ts';
import { writeDocs } from '../../workers/sync/rebase.ts';

// The free Dexie storage prints a notice per database; it says nothing about the tests.
const original = console.log.bind(console);
console.log = (...args: unknown[]) => (typeof args[0] === 'string' && args[0].includes('RxDB Open Core') ? undefined : original(...args));

/** The storage the browser uses (Dexie over IndexedDB), on fake-indexeddb: kept small, it is quadratic on ranges. */
const storage = getRxStorageDexie({ indexedDB, IDBKeyRange });
const DAY = 86_400_000;
const BASE = new Date(2026, 10, 1).getTime();
const STATUSES = ['CREATED', 'PROGRESS', 'COMPLETED'] as const;

/** 60 cases: ids Case-00..59 (mixed case), customers CUST-0..9 (case 07 has customer 'case-0'), one a day. */
const CASES = Array.from({ length: 60 }, (_, n) => ({
  id: `${n % 2 === 0 ? 'Case' : 'CASE'}-${String(n).padStart(2, '0')}`,
  kind: 'case',
  rev: n + 1,
  deleted: false,
  workspaceId: 'ws',
  caseTypeId: n % 3 === 0 ? 'ct-b' : 'ct-a',
  stateId: n % 3 === 0 ? null : n % 2 === 0 ? 'st-a1' : 'st-a2',
  status: STATUSES[n % 3]!,
  customerId: n === 7 ? 'case-0' : `CUST-${n % 10}`,
  category: null,
  description: `case ${n}`,
  data: {},
  batchId: null,
  closing: null,
  createdAt: BASE + n * DAY,
  updatedAt: BASE + n * DAY,
}));

let db: ReplicaDatabase;
beforeAll(async () => {
  db = await openReplica(`case_history_${process.pid}`, storage);
  await writeDocs(db, CASES.map((doc) => ({ collection: 'cases' as const, doc })));
});
afterAll(async () => {
  await db.remove();
});

/** The view's total and the ids of one page, read the way the screen reads them. */
async function view(filters: CaseHistoryFilters, group = 1, page = 0) {
  const plan = caseHistoryPlan(filters);
  const count = (q: { selector: Record<string, unknown>; index: string[] }) => db.cases.count({ selector: q.selector, index: q.index }).exec();
  const add = await Promise.all(plan.counts.add.map(count));
  const subtract = await Promise.all(plan.counts.subtract.map(count));
  const segmentCounts = plan.segmentCounts(add, subtract);
  const total = segmentCounts.reduce((a, b) => a + b, 0);
  const window = pageWindow(total, group, page);
  const ids: string[] = [];
  for (const slice of segmentSlices(segmentCounts, window.offset, window.limit)) {
    const segment = plan.segments[slice.segment]!;
    const docs = await db.cases.find({ ...segment, skip: slice.skip, limit: slice.limit }).exec();
    ids.push(...docs.map((doc) => doc.primary));
  }
  return { total, ids };
}

/** What the filters mean, computed the slow way over the plain list. */
function expected(filters: CaseHistoryFilters): string[] {
  const from = filters.from && filters.to ? Math.min(new Date(filters.from + 'T00:00').getTime(), new Date(filters.to + 'T00:00').getTime()) : null;
  const to = filters.from && filters.to ? Math.max(new Date(filters.from + 'T00:00').getTime(), new Date(filters.to + 'T00:00').getTime()) + DAY - 1 : null;
  return CASES.filter(
    (c) =>
      (!filters.status || c.status === filters.status) &&
      (!filters.type || c.caseTypeId === filters.type) &&
      (!filters.state || c.stateId === filters.state) &&
      (from === null || to === null || (c.createdAt >= from && c.createdAt <= to)),
  )
    .sort((a, b) => newestFirst(a.createdAt) - newestFirst(b.createdAt))
    .map((c) => c.id);
}

describe('the cases history over a Dexie replica', () => {
  it.each<CaseHistoryFilters>([
    {},
    { status: 'PROGRESS' },
    { type: 'ct-a' },
    { type: 'ct-a', state: 'st-a2' },
    { status: 'CREATED', type: 'ct-a' },
    { status: 'COMPLETED', type: 'ct-a', state: 'st-a1' },
    { from: '2026-11-03', to: '2026-11-12' },
    { status: 'PROGRESS', type: 'ct-b', from: '2026-11-12', to: '2026-11-03' },
  ])('%j lists what the filters keep, newest first, 10 a page', async (filters) => {
    const want = expected(filters);
    const first = await view(filters);
    expect(first.total).toBe(want.length);
    expect(first.ids).toEqual(want.slice(0, 10));
    // A page past the last one shows the last (the page is clamped, never an empty table).
    const second = await view(filters, 1, 1);
    expect(second.ids).toEqual(want.length > 10 ? want.slice(10, 20) : want.slice(0, 10));
  });

  it('finds a case id fragment in any letter case, in id order', async () => {
    const found = await view({ q: 'case-1' });
    expect(found.total).toBe(10);
    expect(found.ids).toEqual(['CASE-11', 'CASE-13', 'CASE-15', 'CASE-17', 'CASE-19', 'Case-10', 'Case-12', 'Case-14', 'Case-16', 'Case-18'].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('finds a customer id, and a case matched by both its ids is listed once', async () => {
    const customer = await view({ q: 'cust-3' });
    expect(customer.total).toBe(6);
    expect(customer.ids).toEqual(['CASE-03', 'CASE-13', 'CASE-23', 'CASE-33', 'CASE-43', 'CASE-53']);
    // 'case-0' begins case ids Case-00..CASE-09 and the customer id of CASE-07.
    const both = await view({ q: 'CASE-0' });
    expect(both.total).toBe(10);
    expect(new Set(both.ids).size).toBe(10);
  });

  it('a search and filters narrow together', async () => {
    const found = await view({ q: 'cust-3', status: 'COMPLETED' });
    expect(found.ids).toEqual(CASES.filter((c) => c.customerId === 'CUST-3' && c.status === 'COMPLETED').map((c) => c.id));
    expect(found.total).toBe(found.ids.length);
  });

  it('shows nothing for a search no id begins with', async () => {
    expect(await view({ q: 'zzz' })).toEqual({ total: 0, ids: [] });
  });
});

/** A page's ids as the screen reads them before the total: only the counts the rows need (the hook's order). */
async function rowsBeforeTotal(filters: CaseHistoryFilters, group = 1, page = 0) {
  const plan = caseHistoryPlan(filters);
  const count = (q: { selector: Record<string, unknown>; index: string[] }, needed: boolean | undefined) =>
    needed ? db.cases.count({ selector: q.selector, index: q.index }).exec() : undefined;
  const add = await Promise.all(plan.counts.add.map((q, i) => count(q, plan.neededForRows.add[i])));
  const subtract = await Promise.all(plan.counts.subtract.map((q, i) => count(q, plan.neededForRows.subtract[i])));
  const open = plan.openSegmentCounts(add, subtract);
  if (open === null) throw new Error('the counts the rows need were read, yet the segments are not open');
  const window = pageWindow(Infinity, group, page);
  const segments = subtract.every((n) => n === 0) ? plan.segmentsWithoutOverlap : plan.segments;
  const ids: string[] = [];
  for (const slice of segmentSlices(open, window.offset, window.limit)) {
    const docs = await db.cases.find({ ...segments[slice.segment]!, skip: slice.skip, limit: slice.limit }).exec();
    ids.push(...docs.map((doc) => doc.primary));
  }
  return { offset: window.offset, ids };
}

describe('the rows come before the total', () => {
  it.each<CaseHistoryFilters>([{}, { status: 'PROGRESS' }, { type: 'ct-a', state: 'st-a2' }, { q: 'cust-3' }, { q: 'CASE-0' }, { q: 'case' }, { q: 'cust', status: 'COMPLETED' }, { q: 'zzz' }])(
    '%j: every page read without its total holds what the counted page shows; past the end, nothing',
    async (filters) => {
      const { total } = await view(filters);
      for (const page of [0, 1, 2, 3, 4, 5, 6]) {
        const early = await rowsBeforeTotal(filters, 1, page);
        if (early.offset < total) expect(early.ids).toEqual((await view(filters, 1, page)).ids);
        else expect(early.ids).toEqual([]);
      }
    },
  );

  it('a view without a search needs no count for its rows; a search only the short ones', () => {
    expect(caseHistoryPlan({ status: 'PROGRESS', type: 'ct-a' }).neededForRows).toEqual({ add: [false], subtract: [] });
    expect(caseHistoryPlan({ q: 'cust-3' }).neededForRows).toEqual({ add: [true, false], subtract: [true] });
    expect(caseHistoryPlan({ q: 'cust-3' }).openSegmentCounts([0, undefined], [0])).toEqual([0, Infinity]);
    expect(caseHistoryPlan({ q: 'cust-3' }).openSegmentCounts([0, undefined], [undefined])).toBeNull();
  });
});

describe('a deep page starts from the index', () => {
  it.each<[CaseHistoryFilters, number]>([
    [{}, 0],
    [{ from: '2026-11-01', to: '2026-12-05' }, 0],
    [{ type: 'ct-a' }, 0],
    [{ q: 'cust' }, 1],
    [{ q: 'case' }, 0],
  ])('%j: a seeked page holds what skipping would show', async (filters, segmentIndex) => {
    const segment = caseHistoryPlan(filters).segmentsWithoutOverlap[segmentIndex]!;
    const ids = async (query: ReplicaQuery) =>
      (await db.cases.find(query as Parameters<typeof db.cases.find>[0]).exec()).map((doc) => doc.primary);
    let seeked = 0;
    for (const skip of [20, 23, 30, 34, 41, 50, 58]) {
      const query = { ...segment, skip, limit: 10 };
      const sought = await seekQuery(db.cases, query);
      if (sought !== null) seeked += 1;
      expect(await ids(sought ?? query)).toEqual(await ids(query));
    }
    expect(seeked).toBeGreaterThan(0);
  });

  it('a page past the end of its range answers nothing, without a skip over the range', async () => {
    const query = { ...caseHistoryPlan({ type: 'ct-a' }).segments[0]!, skip: 45, limit: 10 };
    const sought = await seekQuery(db.cases, query);
    expect(sought?.skip).toBe(0);
    expect(await db.cases.find(sought as Parameters<typeof db.cases.find>[0]).exec()).toEqual([]);
  });

  it('leaves a shallow page and a query its index cannot answer alone to skip', async () => {
    expect(await seekQuery(db.cases, { ...caseHistoryPlan({}).segments[0]!, skip: 5, limit: 10 })).toBeNull();
    expect(await seekQuery(db.cases, { ...caseHistoryPlan({ q: 'case-0' }).segments[1]!, skip: 30, limit: 10 })).toBeNull();
  });
});

describe('a replica from before the search keys', () => {
  it('keeps its cases and fills in their keys when it opens', async () => {
    const name = `case_history_v0_${process.pid}`;
    const v0 = REPLICA_SCHEMAS.cases as RxJsonSchema<Record<string, unknown> & { id: string }>;
    const old = await createRxDatabase<{ cases: RxCollection }>({ name, storage, multiInstance: false });
    await old.addCollections({
      cases: {
        schema: {
          ...v0,
          version: 0,
          indexes: [['newestFirst'], ['status', 'newestFirst'], ['caseTypeId', 'newestFirst']],
          required: ['id', 'kind', 'rev', 'status', 'caseTypeId', 'newestFirst'],
        },
      },
    });
    await old.cases.bulkInsert(CASES.slice(0, 3).map((c) => ({ ...c, newestFirst: newestFirst(c.createdAt) })));
    await old.close();
    const reopened = await openReplica(name, storage);
    try {
      const found = await reopened.cases.find({ selector: { customerKey: { $gte: 'cust-1', $lt: 'cust-1\uffff' } }, index: ['customerKey'] }).exec();
      expect(found.map((doc) => doc.primary)).toEqual(['CASE-01']);
      expect(await reopened.cases.count({ selector: { stateKey: '' }, index: ['stateKey', 'newestFirst'] }).exec()).toBe(1);
    } finally {
      await reopened.remove();
    }
  });
});
