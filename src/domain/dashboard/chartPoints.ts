/**
 * What the dashboard's charts plot (part 1 §9): the window of points a chart shows, the window just before it for
 * the trend, and the points' labels. Hours are labelled as local 'HH:00', days as short local dates. Intl is part of
 * the language, so this stays pure; tests pass a time zone.
 */
import type { CaseSeries } from './caseSeries.ts';

export type FlowMetric = 'created' | 'closed' | 'active';
export const FLOW_METRICS: readonly FlowMetric[] = ['created', 'closed', 'active'];

/**
 * The points of one metric a chart shows (from `chartFrom` on) and the same number of points just before them —
 * from the current series when it holds them (the 30-day view shows its last 7 days against the 7 before), else
 * from the previous period — so Peak, Average, Total and the trend describe exactly what is drawn.
 */
export function chartWindow(series: CaseSeries, metric: FlowMetric): { shown: number[]; before: number[] } {
  const current = series[metric];
  const shown = current.slice(series.chartFrom);
  const joined = [...series.previous[metric], ...current];
  const end = series.previous[metric].length + series.chartFrom;
  return { shown, before: joined.slice(Math.max(0, end - shown.length), end) };
}

export type PointLabelOptions = { locale: string; timeZone?: string | undefined };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'hour' | 'day', { locale, timeZone }: PointLabelOptions): Intl.DateTimeFormat {
  const key = `${kind}|${locale}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (found === undefined) {
    const zone = timeZone === undefined ? {} : { timeZone };
    found = new Intl.DateTimeFormat(locale, kind === 'hour' ? { hour: '2-digit', hourCycle: 'h23', ...zone } : { day: 'numeric', month: 'short', ...zone });
    formatters.set(key, found);
  }
  return found;
}

/** The label of a point starting at `startMs`: 'HH:00' in local time for hours, a short local date for days. */
export function pointLabel(startMs: number, bucket: 'hour' | 'day', options: PointLabelOptions): string {
  if (bucket === 'day') return formatter('day', options).format(startMs);
  const hour = formatter('hour', options)
    .formatToParts(startMs)
    .find((part) => part.type === 'hour')?.value;
  return `${(hour ?? '00').padStart(2, '0')}:00`;
}

export const pointLabels = (starts: readonly number[], bucket: 'hour' | 'day', options: PointLabelOptions): string[] => starts.map((start) => pointLabel(start, bucket, options));
