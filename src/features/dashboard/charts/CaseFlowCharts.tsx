import type { CaseFlowChartsProps } from '../main/dashboardTypes.ts';

/** Stands in until the chart is built (issue 16 item 3). */
export function CaseFlowCharts(_props: CaseFlowChartsProps) {
  return <section className="rounded-xl border border-slate-200 bg-white p-4" data-card="CaseFlowCharts" />;
}
