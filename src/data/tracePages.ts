import { useMemo } from 'react';
import type { ApiExecutionDoc, WebhookExecutionDoc } from '../domain/sync/documents.gen.ts';
import { TRACE_PAGE_KIND, tracePageId, type TracePageDoc } from '../domain/traces/traceScope.ts';
import { useDoc, useQuery, useReplicaScope } from './replica.ts';

export type TracePageState<Row> = {
  /** Until the replica answers, or (with no page kept for these filters) until the scope's first pull was tried. */
  loading: boolean;
  /** The page as last read from the server (null when none was ever read on this device for these filters). */
  page: TracePageDoc | null;
  rows: Row[];
  refresh: () => void;
};

/**
 * One trace page (src/domain/traces/traceScope.ts) from the replica, its scope kept open while the screen shows it,
 * so the page is read from the server when the screen opens and again on each `runs` notice or Refresh.
 *
 * A trace read that fails (part 2 §8 "emptied silently"), for a list the replica backs: when the server refuses
 * the page or cannot be reached and this device never read it, the list is empty with no error message; a page read before
 * stays shown with its age (offline, that is the point of the replica), never replaced by an error.
 */
export function useTracePage<Row extends WebhookExecutionDoc | ApiExecutionDoc>(scope: string): TracePageState<Row> {
  const { tried, refresh } = useReplicaScope(scope);
  const id = useMemo(() => tracePageId(scope), [scope]);
  const doc = useDoc('runs', id) as unknown as TracePageDoc | null | undefined;
  const page = doc && doc.kind === TRACE_PAGE_KIND && doc.scope === scope ? doc : null;
  const ids = page?.rowIds ?? null;
  const query = useMemo(() => (ids && ids.length > 0 ? { selector: { id: { $in: ids } } } : null), [ids]);
  const { docs, loading: rowsLoading } = useQuery('runs', query);
  const rows = useMemo(() => {
    if (!ids) return [];
    const byId = new Map(docs.map((d) => [d.id, d as unknown as Row]));
    return ids.flatMap((rowId) => byId.get(rowId) ?? []);
  }, [docs, ids]);
  const loading = doc === undefined || (page === null && !tried) || (query !== null && rowsLoading);
  return { loading, page, rows, refresh };
}
