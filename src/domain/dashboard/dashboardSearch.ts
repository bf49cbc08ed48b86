/**
 * The main dashboard's view in its URL (part 1 §2, §9): the timespan filter (1–5, default 2), the custom range of
 * timespan 5 as local calendar days, and the case type drilled into or chosen for the pie. Anything else in a
 * hand-edited link is dropped, so a bad link shows the default view instead of an error.
 */
import { DEFAULT_TIMESPAN, TIMESPANS, type Timespan } from './dashboardConstants.ts';

export type DashboardSearch = { span?: Timespan; from?: string; to?: string; type?: string };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: unknown): value is string => typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function validateDashboardSearch(raw: Record<string, unknown>): DashboardSearch {
  const out: DashboardSearch = {};
  const span = Number(raw.span);
  if ((TIMESPANS as readonly number[]).includes(span) && span !== DEFAULT_TIMESPAN) out.span = span as Timespan;
  if (out.span === 5 && validDay(raw.from) && validDay(raw.to)) {
    const [from, to] = raw.from <= raw.to ? [raw.from, raw.to] : [raw.to, raw.from];
    out.from = from;
    out.to = to;
  }
  if (typeof raw.type === 'string' && raw.type.length > 0 && raw.type.length <= 100) out.type = raw.type;
  return out;
}

export const timespanOf = (search: DashboardSearch): Timespan => search.span ?? DEFAULT_TIMESPAN;

/**
 * The custom range of timespan 5 as instants: from the start of `from` to the end of `to`, local days (`offsetAt`
 * gives minutes east of UTC at an instant). Without a range, the last 7 days up to `nowMs`.
 */
export function customRange(search: DashboardSearch, nowMs: number, offsetAt: (ms: number) => number): { fromMs: number; toMs: number } {
  const DAY_MS = 86_400_000;
  if (search.from === undefined || search.to === undefined) return { fromMs: nowMs - 7 * DAY_MS, toMs: nowMs };
  const localMidnight = (day: string) => {
    const utc = Date.parse(`${day}T00:00:00Z`);
    return utc - offsetAt(utc) * 60_000;
  };
  return { fromMs: localMidnight(search.from), toMs: localMidnight(search.to) + DAY_MS - 1 };
}
