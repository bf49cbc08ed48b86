/**
 * Every constant of the dashboards (part 1 §4 and §9), in one place. Shares are percentages.
 */

/** Part 1 §9 timespan filter: 1 is 24 hours, 2 is 7 days, 3 is 30 days, 4 is 90 days, 5 a custom range; default 2. */
export const TIMESPANS = [1, 2, 3, 4, 5] as const;
export type Timespan = (typeof TIMESPANS)[number];
export const DEFAULT_TIMESPAN: Timespan = 2;

/** Part 1 §9 chart periods, by timespan. */
export type ChartPeriod = 'Daily' | 'Week' | 'Month' | 'Quarter' | 'Search';
export const TIMESPAN_PERIOD: Record<Timespan, ChartPeriod> = { 1: 'Daily', 2: 'Week', 3: 'Month', 4: 'Quarter', 5: 'Search' };
/** Days each fixed timespan covers (the 24-hour filter uses only today, in hours). */
export const TIMESPAN_DAYS: Record<Exclude<Timespan, 5>, number> = { 1: 1, 2: 7, 3: 30, 4: 90 };
/** Part 1 §9: "Month (31 days)" — the month period of the charts and of GET /cases-stats?period=MONTH. */
export const MONTH_PERIOD_DAYS = 31;
/** Part 1 §9: the charts show the last 7 points for filters 2 and 3. */
export const CHART_LAST_POINTS = 7;
export const LAST_POINTS_TIMESPANS: ReadonlySet<Timespan> = new Set([2, 3]);
/** Part 1 §9: dashboard loads are staggered by 300 ms. */
export const LOAD_STAGGER_MS = 300;

/** Part 1 §4, §9: a colour holding at least this share of a team's or a human's tickets sets its health. */
export const HEALTH_SHARE = 75;
/** Part 1 §4, §9: the urgent badge shows when unassigned yellow plus red exceeds this share of the unassigned. */
export const URGENT_UNASSIGNED_SHARE = 25;
/** Part 1 §4, §9: a human is alerted when red exceeds this share of their tickets. */
export const HUMAN_ALERT_RED_SHARE = 50;
/** Part 1 §4, §9: performance below 40 is critical, below 70 warning, else healthy. */
export const PERFORMANCE_BANDS = { critical: 40, warning: 70 } as const;
/** Part 1 §9: the workload bar is capped at 100%. */
export const WORKLOAD_CAP = 100;
