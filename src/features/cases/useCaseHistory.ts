import { useMemo, useRef } from 'react';
import { useCounts, useQuery, useSeekedQuery } from '../../data/replica.ts';
import { caseHistoryPlan, pageWindow, segmentSlices, type CaseHistorySearch } from '../../domain/cases/caseHistoryQuery.ts';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';

export type CaseHistoryPage = {
  /** Cases the view holds in all (undefined until counted). */
  total: number | undefined;
  group: number;
  page: number;
  offset: number;
  rows: CaseDoc[];
  /** True until the current view's rows have answered (the previous rows stay shown meanwhile). */
  loading: boolean;
};

const NO_QUERY = null;

/**
 * One page of the cases history from the replica: the counts of the view's index ranges give the total (and so
 * the groups), then at most two page queries read the 10 rows (a search lists case id matches, then customer id
 * matches). While a new view loads, the last rows stay on screen instead of flashing empty.
 */
export function useCaseHistory(search: CaseHistorySearch): CaseHistoryPage {
  const plan = useMemo(
    () => caseHistoryPlan({ q: search.q, status: search.status, type: search.type, state: search.state, from: search.from, to: search.to }),
    [search.q, search.status, search.type, search.state, search.from, search.to],
  );
  const counts = useCounts('cases', [...plan.counts.add, ...plan.counts.subtract]);
  const known = counts.every((count) => count !== undefined);
  const add = counts.slice(0, plan.counts.add.length).map((count) => count ?? 0);
  const subtract = counts.slice(plan.counts.add.length).map((count) => count ?? 0);
  const segmentCounts = known ? plan.segmentCounts(add, subtract) : null;
  const total = segmentCounts === null ? undefined : segmentCounts.reduce((a, b) => a + b, 0);
  const window = pageWindow(total ?? 0, search.group, search.page);
  const slices = segmentCounts === null ? [] : segmentSlices(segmentCounts, window.offset, window.limit);
  const queryOf = (i: number) => {
    const slice = slices[i];
    if (slice === undefined) return NO_QUERY;
    const segment = (subtract.every((count) => count === 0) ? plan.segmentsWithoutOverlap : plan.segments)[slice.segment]!;
    return { selector: segment.selector, sort: segment.sort, index: segment.index, skip: slice.skip, limit: slice.limit };
  };
  // A page deep in a group (or a group deep in the list) starts from the index, not by reading what comes before.
  const first = useQuery('cases', useSeekedQuery('cases', queryOf(0), total));
  const second = useQuery('cases', useSeekedQuery('cases', queryOf(1), total));
  const loading = !known || (slices.length > 0 && first.loading) || (slices.length > 1 && second.loading);
  const rows = useMemo(() => [...first.docs, ...second.docs].filter((doc): doc is CaseDoc => doc.kind === 'case'), [first.docs, second.docs]);
  const shown = useRef<CaseDoc[]>([]);
  if (!loading) shown.current = slices.length === 0 ? [] : rows;
  return { total, group: window.group, page: window.page, offset: window.offset, rows: shown.current, loading };
}
