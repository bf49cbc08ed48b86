import type { DashboardChartsCatalogue } from './dashboardCharts.en.ts';

export const dashboardChartsEs: DashboardChartsCatalogue = {
  placeholder: '',
};
