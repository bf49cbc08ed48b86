import type { ApexOptions } from 'apexcharts';

export type ApexChartType = 'line' | 'bar' | 'pie' | 'treemap';
export type ApexChartProps = { type: ApexChartType; series: ApexOptions['series']; options: ApexOptions; height: number };
