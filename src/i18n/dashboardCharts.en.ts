import type { Widen } from './en.ts';

/** The dashboard's charts texts (part 1 §2 Main dashboard, §8 Dashboard messages). */
export const dashboardChartsEn = {
  placeholder: '',
} as const;

export type DashboardChartsCatalogue = Widen<typeof dashboardChartsEn>;
