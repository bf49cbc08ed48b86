import { lazy, Suspense, useMemo } from 'react';
import type { ApexChartProps } from './apexChartProps.ts';

// apexcharts (~200 kB gzip) is fetched the first time a chart is drawn, never with the dashboard's own chunk.
const ApexChartImpl = lazy(() => import('./apexChartImpl.tsx'));

type Props = ApexChartProps & { label: string };

/**
 * One drawn chart. Its SVG is a picture (role img) named by `label` in the reader's language — apexcharts' own
 * keyboard navigation and live announcements are off, since the card's table and lists carry the figures; its box
 * keeps its height while the library loads, so nothing below it jumps. apexcharts redraws to a new width a moment
 * after the window narrows (a phone turned, a window resized); until then the box clips the old drawing instead of
 * making the page scroll sideways.
 */
export function ApexChart({ label, height, options, ...chart }: Props) {
  const named = useMemo(
    () => ({ ...options, chart: { ...options.chart, accessibility: { enabled: true, description: label, keyboard: { enabled: false }, announcements: { enabled: false } } } }),
    [options, label],
  );
  return (
    <div className="w-full min-w-0 overflow-hidden" style={{ minHeight: height }} data-chart={chart.type}>
      <Suspense fallback={<div className="w-full animate-pulse rounded-lg bg-slate-100" style={{ height }} data-chart-loading="" />}>
        <ApexChartImpl height={height} options={named} {...chart} />
      </Suspense>
    </div>
  );
}
