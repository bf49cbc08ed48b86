/**
 * The case detail screen's rules (part 2 §2 Case detail): its two views, kept in the URL's search params so Back,
 * reload and a shared link reopen the same view, and the reading of a case's progress and logs.
 */
import type { CaseProgress } from './caseProgress.ts';

/** Part 2 §2: the accordion (the default, not written in the URL) or the dashboard view. */
export const CASE_DETAIL_VIEWS = ['accordion', 'dashboard'] as const;
export type CaseDetailView = (typeof CASE_DETAIL_VIEWS)[number];
export type CaseDetailSearch = { view?: 'dashboard' };

/** Search params of /cases/{id}: anything but `view=dashboard` is the accordion view. */
export function validateCaseDetailSearch(search: Record<string, unknown>): CaseDetailSearch {
  return search.view === 'dashboard' ? { view: 'dashboard' } : {};
}

export const caseDetailView = (search: CaseDetailSearch): CaseDetailView => search.view ?? 'accordion';

/**
 * "Step n of m": the position of the furthest step reached among the real steps (placeholders are not steps);
 * n is 0 while the case has reached none of them.
 */
export function progressPosition(progress: CaseProgress): { step: number; of: number } {
  const of = progress.steps.filter((step) => step.kind === 'state').length;
  return { step: progress.current < 0 ? 0 : progress.current + 1, of };
}

/** Case logs newest first (part 2 §3 case log: date, actionDescription, fieldChanged, newValue); ties by id. */
export function sortCaseLogs<L extends { id: string; date: number }>(logs: readonly L[]): L[] {
  return [...logs].sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
