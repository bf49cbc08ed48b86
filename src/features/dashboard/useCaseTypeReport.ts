import { useMemo } from 'react';
import { useNow } from '../../app/shell/useNow.ts';
import { useCount, useQuery } from '../../data/replica.ts';
import { caseTypeReport, reportSelectors, RESOLUTION_SAMPLE, resolutionTimes, type CaseTypeReport, type ReportCounts } from '../../domain/cases/caseTypeReport.ts';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';

const MINUTE_MS = 60_000;

/**
 * The report's figures from the replica: seven live counts (each one selector of caseTypeReport.ts) and the newest
 * completed cases for the average resolution time — never every case of the type. The time windows move once a
 * minute. Undefined until every count has answered.
 */
export function useCaseTypeReport(caseTypeId: string, deniedStateId: string | null): CaseTypeReport | undefined {
  const now = Math.floor(useNow(MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const selectors = useMemo(() => reportSelectors(caseTypeId, deniedStateId, now), [caseTypeId, deniedStateId, now]);
  const counts: Partial<ReportCounts> = {
    created: useCount('cases', selectors.created),
    progress: useCount('cases', selectors.progress),
    completed: useCount('cases', selectors.completed),
    denied: useCount('cases', selectors.denied),
    stale: useCount('cases', selectors.stale),
    openedRecently: useCount('cases', selectors.openedRecently),
    closedRecently: useCount('cases', selectors.closedRecently),
  };
  const sample = useQuery('cases', { selector: selectors.completed, sort: [{ newestFirst: 'asc' }], limit: RESOLUTION_SAMPLE });
  const complete = Object.values(counts).every((value) => value !== undefined) && !sample.loading;
  const key = JSON.stringify(counts);
  return useMemo(
    () => (complete ? caseTypeReport(JSON.parse(key) as ReportCounts, resolutionTimes(sample.docs as CaseDoc[])) : undefined),
    [complete, key, sample.docs],
  );
}
