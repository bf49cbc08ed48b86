/**
 * The cases history's reads, timed in the page over the real replica: for each view, what the screen runs when it
 * opens a page (src/features/cases/useCaseHistory.ts): the counts its rows need, the rows of the page from its
 * segments, then the counts that give the total. Each run goes to the storage (IndexedDB), as a view the screen
 * has not shown yet does; RxDB's query cache would otherwise answer a repeated query from memory.
 */
import type { ReplicaDatabase } from '../../../src/data/openReplica.ts';
import { seekQuery } from '../../../workers/sync/indexSeek.ts';
import { caseHistoryPlan, pageWindow, segmentSlices, type CaseHistoryFilters, type CountQuery } from '../../../src/domain/cases/caseHistoryQuery.ts';

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;

type Query = { selector: Record<string, unknown>; index: string[]; sort?: Record<string, 'asc'>[]; skip?: number; limit?: number };

async function count(db: ReplicaDatabase, query: Query): Promise<number> {
  return db.cases.storageInstance.count(db.cases.count({ selector: query.selector, index: query.index }).getPreparedQuery()).then((r) => r.count);
}

/** The page's rows as the screen reads them: a deep skip is first turned into an index range (useSeekedQuery). */
async function rows(db: ReplicaDatabase, wanted: Query): Promise<number> {
  const query = ((await seekQuery(db.cases, wanted)) ?? wanted) as Query;
  const prepared = db.cases.find({ selector: query.selector, index: query.index, sort: query.sort, skip: query.skip, limit: query.limit }).getPreparedQuery();
  return (await db.cases.storageInstance.query(prepared)).documents.length;
}

type Counted = { add: number[]; subtract: number[] };

/** The view's counts, as the screen keeps them while its pages are turned. */
async function countView(db: ReplicaDatabase, filters: CaseHistoryFilters): Promise<Counted> {
  const plan = caseHistoryPlan(filters);
  const [add, subtract] = await Promise.all([Promise.all(plan.counts.add.map((q) => count(db, q))), Promise.all(plan.counts.subtract.map((q) => count(db, q)))]);
  return { add, subtract };
}

/** The rows of a window from the segments' row counts (the last may be open-ended). */
async function pageRows(db: ReplicaDatabase, filters: CaseHistoryFilters, segmentCounts: number[], subtract: readonly (number | undefined)[], offset: number, limit: number) {
  const plan = caseHistoryPlan(filters);
  const slices = segmentSlices(segmentCounts, offset, limit);
  const segments = subtract.every((n) => n === 0) ? plan.segmentsWithoutOverlap : plan.segments;
  const shown = await Promise.all(slices.map((slice) => rows(db, { ...segments[slice.segment]!, skip: slice.skip, limit: slice.limit })));
  return shown.reduce((a, b) => a + b, 0);
}

/**
 * One page of a view as the screen opens it (src/features/cases/useCaseHistory.ts): the counts the rows need,
 * the rows, and only then the counts that give the total. `rowsMs` is when the rows are there to paint, `totalMs`
 * when the total is. With `counted`, a page turn: the view's counts are already held, only the rows are read.
 */
export async function openPage(db: ReplicaDatabase, filters: CaseHistoryFilters, group: number, page: number, counted?: Counted) {
  const start = performance.now();
  const plan = caseHistoryPlan(filters);
  if (counted) {
    const segmentCounts = plan.segmentCounts(counted.add, counted.subtract);
    const total = segmentCounts.reduce((a, b) => a + b, 0);
    const window = pageWindow(total, group, page);
    const shown = await pageRows(db, filters, segmentCounts, counted.subtract, window.offset, window.limit);
    const ms = performance.now() - start;
    return { total, shown, rowsMs: ms, totalMs: ms };
  }
  const first = async (queries: CountQuery[], needed: boolean[]) => Promise.all(queries.map((q, i) => (needed[i] ? count(db, q) : undefined)));
  const [add, subtract] = await Promise.all([first(plan.counts.add, plan.neededForRows.add), first(plan.counts.subtract, plan.neededForRows.subtract)]);
  const open = plan.openSegmentCounts(add, subtract)!;
  const asked = pageWindow(Infinity, group, page);
  let shown = await pageRows(db, filters, open, subtract, asked.offset, asked.limit);
  const rowsMs = performance.now() - start;
  const rest = async (values: (number | undefined)[], queries: CountQuery[]) => Promise.all(values.map((v, i) => v ?? count(db, queries[i]!)));
  const [allAdd, allSubtract] = await Promise.all([rest(add, plan.counts.add), rest(subtract, plan.counts.subtract)]);
  const segmentCounts = plan.segmentCounts(allAdd, allSubtract);
  const total = segmentCounts.reduce((a, b) => a + b, 0);
  const window = pageWindow(total, group, page);
  // A page past the end: the screen waits for the total, which clamps it, and reads the clamped page.
  if (shown === 0 && window.offset !== asked.offset) shown = await pageRows(db, filters, segmentCounts, allSubtract, window.offset, window.limit);
  const totalMs = performance.now() - start;
  return { total, shown, rowsMs: shown > 0 && window.offset === asked.offset ? rowsMs : totalMs, totalMs };
}

const day = (at: Date) => `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => day(new Date(Date.now() - n * 86_400_000));

/** The views measured: a customer id fragment (several, any letter case), a case id fragment, each filter combination. */
export function benchViews(): { name: string; filters: CaseHistoryFilters[] }[] {
  const week = { from: daysAgo(14), to: daysAgo(7) };
  return [
    { name: 'search by customer id fragment', filters: ['cust-12', 'CUST-4', 'Cust-300', 'cust-77', 'CUST-1', 'cust-2500'].map((q) => ({ q })) },
    { name: 'search by case id fragment', filters: ['case-vol-0012', 'CASE-VOL-09', 'case-vol-05'].map((q) => ({ q })) },
    { name: 'no filter (newest first)', filters: [{}] },
    { name: 'status', filters: [{ status: 'PROGRESS' }, { status: 'CREATED' }] },
    { name: 'case type', filters: [{ type: 'ct-demo-claim' }] },
    { name: 'case type + state', filters: [{ type: 'ct-demo-claim', state: 'cst-demo-claim-review' }] },
    { name: 'date range (one week)', filters: [week] },
    { name: 'status + case type', filters: [{ status: 'COMPLETED', type: 'ct-demo-onboarding' }] },
    { name: 'status + case type + state', filters: [{ status: 'PROGRESS', type: 'ct-demo-claim', state: 'cst-demo-claim-field-visit' }] },
    { name: 'status + date range', filters: [{ status: 'PROGRESS', ...week }] },
    { name: 'case type + date range', filters: [{ type: 'ct-demo-claim', ...week }] },
    { name: 'case type + state + date range', filters: [{ type: 'ct-demo-onboarding', state: 'cst-demo-onboarding-docs', ...week }] },
    { name: 'status + case type + date range', filters: [{ status: 'CREATED', type: 'ct-demo-claim', ...week }] },
    { name: 'status + case type + state + date range', filters: [{ status: 'COMPLETED', type: 'ct-demo-claim', state: 'cst-demo-claim-received', ...week }] },
    // A search with filters counts by reading the search's range (the filters are conditions on it, not an index).
    { name: 'search (220 matches) + status', filters: [{ q: 'cust-123', status: 'PROGRESS' }, { q: 'CUST-456', status: 'COMPLETED' }] },
    { name: 'search (2,220 matches) + status', filters: [{ q: 'cust-12', status: 'PROGRESS' }, { q: 'CUST-45', status: 'COMPLETED' }] },
    { name: 'search (22,220 matches) + status', filters: [{ q: 'cust-1', status: 'PROGRESS' }, { q: 'CUST-4', status: 'COMPLETED' }] },
  ];
}

/**
 * Times each view `runs` times, walking the pages of its first group of 500 (page i % 50, so skips up to 490),
 * and the last page of the last group once per view as the deep case. Every view is opened once before (warm).
 */
export async function timeCaseHistory(db: ReplicaDatabase, runs: number) {
  const results: { name: string; p50: number; p95: number; max: number; totalP50: number; totalP95: number; total: number; lastGroupMs: number; groups: number; turnP50: number; turnP95: number }[] = [];
  // Warm: right after the cold sync IndexedDB is still compacting what it wrote, which the first queries would pay.
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  for (const view of benchViews()) for (const filters of view.filters) await openPage(db, filters, 1, 0);
  for (const view of benchViews()) {
    const times: number[] = [];
    const totals: number[] = [];
    let total = 0;
    for (let i = 0; i < runs; i += 1) {
      const filters = view.filters[i % view.filters.length]!;
      const answer = await openPage(db, filters, 1, i % 50);
      times.push(answer.rowsMs);
      totals.push(answer.totalMs);
      if (i === 0) total = answer.total;
      if (answer.total > 0 && answer.shown === 0) throw new Error(`${view.name}: no rows for a total of ${answer.total}`);
    }
    // Turning a page: the counts are the screen's already, only the page is read.
    const counted = await Promise.all(view.filters.map((filters) => countView(db, filters)));
    const turns: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      await openPage(db, view.filters[i % view.filters.length]!, 1, i % 50, counted[i % view.filters.length]);
      turns.push(performance.now() - start);
    }
    const groups = Math.max(1, Math.ceil(total / 500));
    const deep = performance.now();
    await openPage(db, view.filters[0]!, groups, 49);
    const lastGroupMs = performance.now() - deep;
    results.push({ name: view.name, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times), totalP50: percentile(totals, 50), totalP95: percentile(totals, 95), total, lastGroupMs, groups, turnP50: percentile(turns, 50), turnP95: percentile(turns, 95) });
  }
  return results;
}
