import type { TeamsStatusProps } from '../main/dashboardTypes.ts';

/** Stands in until the card is built (issue 16 item 2). */
export function TeamsStatusCard(_props: TeamsStatusProps) {
  return <section className="rounded-xl border border-slate-200 bg-white p-4" data-card="TeamsStatusCard" />;
}
