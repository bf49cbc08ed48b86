import { useMemo } from 'react';
import { useCount, useQuery } from '../../data/replica.ts';
import { activityPage, activitySelector, type ActivitySearch, type ActivityView } from '../../domain/cases/caseActivity.ts';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';

export type CaseActivity = { total: number | undefined; rows: CaseDoc[]; page: number; loading: boolean };

const NONE = { id: { $in: [] } };

/**
 * One page of a case type's cases, newest first, and how many there are: a count and a skip/limit page of the
 * replica on the `caseTypeId, newestFirst` index, so a type with 100,000 cases still reads only one page. The
 * URL's page is clamped against the count (0-based in the answer).
 */
export function useCaseActivity(caseTypeId: string | null, view: ActivityView, search: string, place: ActivitySearch, pageSize: number): CaseActivity {
  const selector = useMemo(() => (caseTypeId === null ? null : activitySelector(caseTypeId, view, search)), [caseTypeId, view, search]);
  const total = useCount('cases', selector ?? NONE);
  const page = total === undefined ? Math.max(0, (place.page ?? 1) - 1) : activityPage(place, total, pageSize);
  const { docs, loading } = useQuery('cases', selector === null ? null : { selector, sort: [{ newestFirst: 'asc' }], skip: page * pageSize, limit: pageSize });
  return { total: selector === null ? 0 : total, rows: docs as CaseDoc[], page, loading: selector !== null && (loading || total === undefined) };
}
