import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TRACE_SEARCH_KEYS, type TraceSearch, type TraceTab } from '../../domain/traces/traceSearch.ts';

/**
 * Settings' Trace tab keeps its own state in the URL (src/domain/traces/traceSearch.ts): `set` changes some keys
 * (a filter change goes back to page 1 and closes the dialog unless the patch says otherwise), `setTab` opens
 * another trace tab with no filters.
 */
export function useTraceSearch() {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const others = useCallback(() => {
    const kept: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(search)) if (!(TRACE_SEARCH_KEYS as readonly string[]).includes(key)) kept[key] = value;
    return kept;
  }, [search]);
  const set = useCallback(
    (patch: TraceSearch, { keepPage = false }: { keepPage?: boolean } = {}) => {
      const next: Record<string, unknown> = { ...search, ...(keepPage ? {} : { page: undefined, trace: undefined }), ...patch };
      for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
      void navigate({ to: '/admin-info', search: next });
    },
    [search, navigate],
  );
  const setTab = useCallback((tab: TraceTab) => void navigate({ to: '/admin-info', search: { ...others(), tab: 'trace', traceTab: tab } }), [others, navigate]);
  /** A trace table's paging and row opening, kept in the URL like its filters. */
  const paging = (filters: { page: number; limit: number }) => ({
    page: filters.page,
    limit: filters.limit,
    onPage: (page: number) => set({ page: page > 1 ? page : undefined }),
    onLimit: (limit: number) => set({ limit }),
    onOpen: (row: { id: string }) => set({ trace: row.id }, { keepPage: true }),
  });
  const closeTrace = () => set({ trace: undefined }, { keepPage: true });
  return { search, set, setTab, paging, closeTrace };
}
