import type { CaseStatesPieProps } from '../main/dashboardTypes.ts';

/** Stands in until the chart is built (issue 16 item 3). */
export function CaseStatesPie(_props: CaseStatesPieProps) {
  return <section className="rounded-xl border border-slate-200 bg-white p-4" data-card="CaseStatesPie" />;
}
