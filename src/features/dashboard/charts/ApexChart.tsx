import { lazy, Suspense } from 'react';
import type { ApexChartProps } from './apexChartProps.ts';

// apexcharts (~100 kB gzip) is fetched the first time a chart is drawn, never with the dashboard's own chunk.
const ApexChartImpl = lazy(() => import('./apexChartImpl.tsx'));

type Props = ApexChartProps & { label: string };

/**
 * One drawn chart: a picture for sighted readers, named by `label`, whose figures are also in the card's table
 * (ChartCard.tsx); its box keeps its height while the library loads, so nothing below it jumps.
 */
export function ApexChart({ label, height, ...chart }: Props) {
  return (
    <div role="img" aria-label={label} className="w-full min-w-0" style={{ minHeight: height }} data-chart={chart.type}>
      <Suspense fallback={<div className="w-full animate-pulse rounded-lg bg-slate-100" style={{ height }} data-chart-loading="" />}>
        <ApexChartImpl height={height} {...chart} />
      </Suspense>
    </div>
  );
}
