/**
 * Created / closed / active case series of the main dashboard (part 1 §2, §9) from `caseFlow` aggregates: hourly
 * UTC cells summed into local hours (timespan 1: today) or local days (2: 7 days, 3: 30, 4: 90, 5: a range), with
 * the previous period of the same length for the trend. Active at a point = cases created up to its end minus
 * cases closed up to its end, over the whole history the aggregates hold.
 *
 * One case type's figures are kept per UTC day (aggregateShapes.ts): a UTC day counts as the local day of the same
 * date (exact for the day's totals, not for cases near midnight), and its 24-hour view is a single point, today.
 */
import { ALL_TYPES, isHourly, monthStartMs, type CaseFlowDoc } from './aggregateShapes.ts';
import { CHART_LAST_POINTS, LAST_POINTS_TIMESPANS, TIMESPAN_DAYS, TIMESPAN_PERIOD, type ChartPeriod, type Timespan } from './dashboardConstants.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Minutes east of UTC at an instant (the browser: `(ms) => -new Date(ms).getTimezoneOffset()`). */
export type OffsetAt = (ms: number) => number;
export const UTC: OffsetAt = () => 0;

export type SeriesRequest = { timespan: Timespan; nowMs: number; offsetAt?: OffsetAt; range?: { fromMs: number; toMs: number }; caseTypeId?: string };
export type CaseSeries = {
  period: ChartPeriod;
  bucket: 'hour' | 'day';
  /** Instant each point starts. */
  starts: number[];
  created: number[];
  closed: number[];
  active: number[];
  previous: { created: number[]; closed: number[]; active: number[] };
  /** Index of the first point the chart shows (the last 7 for timespans 2 and 3). */
  chartFrom: number;
};

type Cell = { atMs: number; created: number; closed: number };

/**
 * Every non-empty cell of the documents: hours of every type together, or the days of one case type (placed at
 * noon UTC, so they land on the local day of the same date anywhere within 12 hours of UTC).
 */
export function flowCells(docs: Iterable<CaseFlowDoc>, caseTypeId?: string): Cell[] {
  const wanted = caseTypeId ?? ALL_TYPES;
  const cells: Cell[] = [];
  for (const doc of docs) {
    if (doc.deleted || doc.caseTypeId !== wanted) continue;
    const start = monthStartMs(doc.month);
    const [size, at] = isHourly(doc) ? [HOUR_MS, 0] : [DAY_MS, DAY_MS / 2];
    const length = Math.max(doc.created.length, doc.closed.length);
    for (let i = 0; i < length; i += 1) {
      const created = doc.created[i] ?? 0;
      const closed = doc.closed[i] ?? 0;
      if (created !== 0 || closed !== 0) cells.push({ atMs: start + i * size + at, created, closed });
    }
  }
  return cells;
}

const localMs = (ms: number, offsetAt: OffsetAt) => ms + offsetAt(ms) * 60_000;

/** The buckets of a request, in local time: first bucket's local start, bucket length and count. */
export function bucketsOf(req: SeriesRequest): { localStart: number; size: number; count: number; bucket: 'hour' | 'day' } {
  const offsetAt = req.offsetAt ?? UTC;
  const today = Math.floor(localMs(req.nowMs, offsetAt) / DAY_MS) * DAY_MS;
  if (req.timespan === 1) return req.caseTypeId === undefined ? { localStart: today, size: HOUR_MS, count: 24, bucket: 'hour' } : { localStart: today, size: DAY_MS, count: 1, bucket: 'day' };
  if (req.timespan === 5) {
    const range = req.range ?? { fromMs: req.nowMs - 6 * DAY_MS, toMs: req.nowMs };
    const from = Math.floor(localMs(Math.min(range.fromMs, range.toMs), offsetAt) / DAY_MS) * DAY_MS;
    const to = Math.floor(localMs(Math.max(range.fromMs, range.toMs), offsetAt) / DAY_MS) * DAY_MS;
    return { localStart: from, size: DAY_MS, count: Math.min(3660, (to - from) / DAY_MS + 1), bucket: 'day' };
  }
  const days = TIMESPAN_DAYS[req.timespan];
  return { localStart: today - (days - 1) * DAY_MS, size: DAY_MS, count: days, bucket: 'day' };
}

function seriesOver(cells: readonly Cell[], localStart: number, size: number, count: number, offsetAt: OffsetAt) {
  const created = new Array<number>(count).fill(0);
  const closed = new Array<number>(count).fill(0);
  let before = 0;
  for (const cell of cells) {
    const at = localMs(cell.atMs, offsetAt);
    if (at < localStart) {
      before += cell.created - cell.closed;
      continue;
    }
    const i = Math.floor((at - localStart) / size);
    if (i >= count) continue;
    created[i]! += cell.created;
    closed[i]! += cell.closed;
  }
  const active: number[] = [];
  let running = before;
  for (let i = 0; i < count; i += 1) {
    running += created[i]! - closed[i]!;
    active.push(running);
  }
  return { created, closed, active };
}

export function caseSeries(docs: Iterable<CaseFlowDoc>, req: SeriesRequest): CaseSeries {
  const offsetAt = req.offsetAt ?? UTC;
  const cells = flowCells(docs, req.caseTypeId);
  const { localStart, size, count, bucket } = bucketsOf(req);
  const current = seriesOver(cells, localStart, size, count, offsetAt);
  const previous = seriesOver(cells, localStart - size * count, size, count, offsetAt);
  const shift = offsetAt(req.nowMs) * 60_000;
  return {
    period: TIMESPAN_PERIOD[req.timespan],
    bucket,
    starts: Array.from({ length: count }, (_, i) => localStart + i * size - shift),
    ...current,
    previous,
    chartFrom: LAST_POINTS_TIMESPANS.has(req.timespan) ? Math.max(0, count - CHART_LAST_POINTS) : 0,
  };
}

export type Trend = 'up' | 'down' | 'stable';
export type SeriesSummary = {
  peak: number;
  average: number;
  lowest: number;
  /** Sum of the points; for a level series (active cases) the last point. */
  total: number;
  /** Part 1 §4: from the last two values. */
  trend: Trend;
  /** Against the previous period of the same length: its total and the change in percent (null from zero). */
  previousTotal: number;
  changePercent: number | null;
  againstPrevious: Trend;
};

const direction = (from: number, to: number): Trend => (to > from ? 'up' : to < from ? 'down' : 'stable');

export function summarize(values: readonly number[], previous: readonly number[], level = false): SeriesSummary {
  const totalOf = (xs: readonly number[]) => (level ? (xs.at(-1) ?? 0) : xs.reduce((s, x) => s + x, 0));
  const total = totalOf(values);
  const previousTotal = totalOf(previous);
  const n = values.length;
  return {
    peak: n ? Math.max(...values) : 0,
    average: n ? Math.round((values.reduce((s, x) => s + x, 0) / n) * 10) / 10 : 0,
    lowest: n ? Math.min(...values) : 0,
    total,
    trend: n >= 2 ? direction(values[n - 2]!, values[n - 1]!) : 'stable',
    previousTotal,
    changePercent: previousTotal === 0 ? null : Math.round(((total - previousTotal) / previousTotal) * 1000) / 10,
    againstPrevious: direction(previousTotal, total),
  };
}

/** Average resolution in hours per UTC day of a range, from the `resolutionMinutes` and `closed` of the documents. */
export function resolutionTimes(docs: Iterable<CaseFlowDoc>, fromDayMs: number, days: number, caseTypeId?: string) {
  const wanted = caseTypeId ?? ALL_TYPES;
  const minutes = new Array<number>(days).fill(0);
  const counts = new Array<number>(days).fill(0);
  for (const doc of docs) {
    if (doc.deleted || doc.caseTypeId !== wanted) continue;
    const start = monthStartMs(doc.month);
    const hourly = isHourly(doc);
    doc.resolutionMinutes.forEach((m, d) => {
      const i = Math.floor((start + d * DAY_MS - fromDayMs) / DAY_MS);
      if (i < 0 || i >= days) return;
      minutes[i]! += m;
      if (!hourly) counts[i]! += doc.closed[d] ?? 0;
      else for (let h = 0; h < 24; h += 1) counts[i]! += doc.closed[d * 24 + h] ?? 0;
    });
  }
  return {
    starts: Array.from({ length: days }, (_, i) => fromDayMs + i * DAY_MS),
    closed: counts,
    averageHours: minutes.map((m, i) => (counts[i] ? Math.round((m / counts[i]! / 60) * 10) / 10 : 0)),
  };
}
