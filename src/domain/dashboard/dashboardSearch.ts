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
  if (out.span === 5) {
    // One end may be chosen before the other; both, they are put in order.
    const ends = [raw.from, raw.to].map((day) => (validDay(day) ? day : undefined));
    const [from, to] = ends[0] !== undefined && ends[1] !== undefined && ends[0] > ends[1] ? [ends[1], ends[0]] : ends;
    if (from !== undefined) out.from = from;
    if (to !== undefined) out.to = to;
  }
  if (typeof raw.type === 'string' && raw.type.length > 0 && raw.type.length <= 100) out.type = raw.type;
  return out;
}

export const timespanOf = (search: DashboardSearch): Timespan => search.span ?? DEFAULT_TIMESPAN;

/**
 * The custom range of timespan 5 as instants: from the start of `from` to the end of `to`, local days (`offsetAt`
 * gives minutes east of UTC at an instant). Without `to`, up to `nowMs`; without `from`, the 7 days up to `to`.
 */
export function customRange(search: DashboardSearch, nowMs: number, offsetAt: (ms: number) => number): { fromMs: number; toMs: number } {
  const DAY_MS = 86_400_000;
  const localMidnight = (day: string) => {
    const utc = Date.parse(`${day}T00:00:00Z`);
    return utc - offsetAt(utc) * 60_000;
  };
  const toMs = search.to === undefined ? nowMs : localMidnight(search.to) + DAY_MS - 1;
  return { fromMs: search.from === undefined ? toMs - 7 * DAY_MS + 1 : localMidnight(search.from), toMs };
}
