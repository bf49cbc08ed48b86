import { lazy, Suspense, useMemo } from 'react';
import type { ApexChartProps } from './apexChartProps.ts';

// apexcharts (~200 kB gzip) is fetched the first time a chart is drawn, never with the dashboard's own chunk.
const ApexChartImpl = lazy(() => import('./apexChartImpl.tsx'));

type Props = ApexChartProps & { label: string };

/**
 * One drawn chart. Its SVG is a picture (role img) named by `label` in the reader's language — apexcharts' own
 * keyboard navigation and live announcements are off, since the card's table and lists carry the figures; its box
 * keeps its height while the library loads, so nothing below it jumps.
 */
export function ApexChart({ label, height, options, ...chart }: Props) {
  const named = useMemo(
    () => ({ ...options, chart: { ...options.chart, accessibility: { enabled: true, description: label, keyboard: { enabled: false }, announcements: { enabled: false } } } }),
    [options, label],
  );
  return (
    <div className="w-full min-w-0" style={{ minHeight: height }} data-chart={chart.type}>
      <Suspense fallback={<div className="w-full animate-pulse rounded-lg bg-slate-100" style={{ height }} data-chart-loading="" />}>
        <ApexChartImpl height={height} options={named} {...chart} />
      </Suspense>
    </div>
  );
}
