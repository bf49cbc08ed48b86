import { useEffect, useMemo, useRef, useState } from 'react';
import { useCounts, useQuery, useSeekedQuery } from '../../data/replica.ts';
import { caseHistoryPlan, pageWindow, segmentSlices, type CaseHistorySearch, type CountQuery } from '../../domain/cases/caseHistoryQuery.ts';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';

export type CaseHistoryPage = {
  /** Cases the view holds in all (undefined until counted, which may be after its rows are shown). */
  total: number | undefined;
  group: number;
  page: number;
  offset: number;
  rows: CaseDoc[];
  /** True until the current view's rows have answered (the previous rows stay shown meanwhile). */
  loading: boolean;
};

const NO_QUERY = null;
const NO_COUNTS: CountQuery[] = [];

/**
 * One page of the cases history from the replica. The page's rows come first: a view without a search needs no
 * count to find them (the page's offset is its place in one index), a search only the short counts that say where
 * its customer id matches start. The counts that give the total (and so the groups) are read once the rows have
 * answered, so they never hold the rows up. While a new view loads, the last rows stay on screen.
 */
export function useCaseHistory(search: CaseHistorySearch): CaseHistoryPage {
  const plan = useMemo(
    () => caseHistoryPlan({ q: search.q, status: search.status, type: search.type, state: search.state, from: search.from, to: search.to }),
    [search.q, search.status, search.type, search.state, search.from, search.to],
  );
  const all = useMemo(() => [...plan.counts.add, ...plan.counts.subtract], [plan]);
  const needed = useMemo(() => [...plan.neededForRows.add, ...plan.neededForRows.subtract], [plan]);
  const viewKey = useMemo(() => JSON.stringify(all), [all]);
  const [answeredView, setAnsweredView] = useState<string | null>(null);
  const totalsOpen = answeredView === viewKey;
  const first = useCounts('cases', useMemo(() => all.filter((_, i) => needed[i]), [all, needed]));
  const later = useCounts('cases', useMemo(() => (totalsOpen ? all.filter((_, i) => !needed[i]) : NO_COUNTS), [all, needed, totalsOpen]));
  let f = 0;
  let l = 0;
  const counts = all.map((_, i) => (needed[i] ? first[f++] : totalsOpen ? later[l++] : undefined));
  const add = counts.slice(0, plan.counts.add.length);
  const subtract = counts.slice(plan.counts.add.length);
  const known = counts.every((count) => count !== undefined);
  const total = known ? plan.segmentCounts(add as number[], subtract as number[]).reduce((a, b) => a + b, 0) : undefined;
  const open = plan.openSegmentCounts(add, subtract);
  const window = pageWindow(total ?? Infinity, search.group, search.page);
  const slices = open === null ? [] : segmentSlices(open, window.offset, window.limit);
  const queryOf = (i: number) => {
    const slice = slices[i];
    if (slice === undefined) return NO_QUERY;
    const segment = (subtract.every((count) => count === 0) ? plan.segmentsWithoutOverlap : plan.segments)[slice.segment]!;
    return { selector: segment.selector, sort: segment.sort, index: segment.index, skip: slice.skip, limit: slice.limit };
  };
  // A page deep in a group (or a group deep in the list) starts from the index, not by reading what comes before.
  const firstRows = useQuery('cases', useSeekedQuery('cases', queryOf(0), total));
  const secondRows = useQuery('cases', useSeekedQuery('cases', queryOf(1), total));
  const rowsLoading = open === null || (slices.length > 0 && firstRows.loading) || (slices.length > 1 && secondRows.loading);
  useEffect(() => {
    if (!rowsLoading) setAnsweredView(viewKey);
  }, [rowsLoading, viewKey]);
  const rows = useMemo(() => [...firstRows.docs, ...secondRows.docs].filter((doc): doc is CaseDoc => doc.kind === 'case'), [firstRows.docs, secondRows.docs]);
  // A page past the end of a list not counted yet answers no rows: it waits for the total, which clamps it.
  const loading = rowsLoading || (total === undefined && rows.length === 0 && window.offset > 0);
  const shown = useRef<CaseDoc[]>([]);
  if (!loading) shown.current = slices.length === 0 ? [] : rows;
  return { total, group: window.group, page: window.page, offset: window.offset, rows: shown.current, loading };
}
