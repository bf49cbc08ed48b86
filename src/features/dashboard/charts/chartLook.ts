import type { ApexOptions } from 'apexcharts';

/** Part 1 §9: the treemap's eight fixed colours (dark enough for white labels, WCAG AA). */
export const TREEMAP_COLORS = ['#1d4ed8', '#0f766e', '#6d28d9', '#be123c', '#92400e', '#065f46', '#334155', '#86198f'] as const;
/** Part 1 §9: the pie's twelve-colour palette. */
export const PIE_COLORS = [...TREEMAP_COLORS, '#155e75', '#9a3412', '#3730a3', '#3f6212'] as const;
/** Part 1 §9: the pie's 800 ms animation. */
export const PIE_ANIMATION_MS = 800;
export const FLOW_COLORS = { created: '#1d4ed8', closed: '#0f766e', active: '#92400e' } as const;
export const RESOLUTION_COLOR = '#6d28d9';

export const colorAt = (palette: readonly string[], index: number): string => palette[index % palette.length]!;

/**
 * What every dashboard chart shares: the page's font, no toolbar, zoom or built-in legend (the cards draw their own
 * legends as focusable lists, and apexcharts' legend is an optional feature that is not loaded), and figures in the
 * reader's number format.
 */
export function baseOptions(formatNumber: (n: number) => string): ApexOptions {
  return {
    chart: {
      fontFamily: 'inherit',
      toolbar: { show: false },
      zoom: { enabled: false },
      parentHeightOffset: 0,
      redrawOnParentResize: true,
    },
    legend: { show: false },
    dataLabels: { enabled: false },
    tooltip: { y: { formatter: (value: number) => formatNumber(value) } },
    states: { active: { filter: { type: 'none' } } },
  };
}

/** A number in the reader's language; `fraction` fixes the decimals (the pie's shares have one). */
export function numberFormatter(locale: string, fraction?: number): (n: number) => string {
  const format = new Intl.NumberFormat(locale, fraction === undefined ? { maximumFractionDigits: 1 } : { minimumFractionDigits: fraction, maximumFractionDigits: fraction });
  return (n) => format.format(n);
}

/**
 * A category x axis that names at most `most` points, evenly spaced (every other day of a week, every sixth hour),
 * so labels never overlap on a narrow card; the tooltip still names every point.
 */
export function sparseCategoryAxis(labels: readonly string[], most: number): Pick<ApexOptions, 'xaxis' | 'tooltip'> {
  const step = Math.max(1, Math.ceil(labels.length / most));
  const index = new Map(labels.map((label, i) => [label, i]));
  return {
    xaxis: {
      categories: [...labels],
      labels: { rotate: 0, hideOverlappingLabels: false, trim: false, formatter: (value: string) => ((index.get(value) ?? 0) % step === 0 ? value : '') },
      tooltip: { enabled: false },
    },
    tooltip: { x: { formatter: (_value: number, opts?: { dataPointIndex?: number }) => labels[opts?.dataPointIndex ?? -1] ?? '' } },
  };
}
