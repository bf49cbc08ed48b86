import type { HumansStatusProps } from '../main/dashboardTypes.ts';

/** Stands in until the card is built (issue 16 item 2). */
export function HumansStatusCard(_props: HumansStatusProps) {
  return <section className="rounded-xl border border-slate-200 bg-white p-4" data-card="HumansStatusCard" />;
}
