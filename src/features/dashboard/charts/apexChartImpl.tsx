/**
 * The only module that imports apexcharts, loaded by ApexChart.tsx when a chart is first drawn: the bare core and
 * the four chart types the dashboard draws (line, bar, pie, treemap), none of the optional features — the charts'
 * legends, tables and controls are our own, focusable, translated elements.
 */
import ReactApexChart from 'react-apexcharts/core';
import 'apexcharts/line';
import 'apexcharts/bar';
import 'apexcharts/pie';
import 'apexcharts/treemap';
import type { ApexChartProps } from './apexChartProps.ts';

export default function ApexChartImpl({ type, series, options, height }: ApexChartProps) {
  return <ReactApexChart type={type} series={series} options={options} height={height} width="100%" />;
}
