import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { validateInboxSearch, type InboxSearch } from './inboxSearch.ts';

/**
 * The inbox's view as its URL holds it, and a way to change it. Choosing a tab or a page adds a history entry
 * (Back walks them); typing a search or picking filters replaces the current one. Neither moves the scroll.
 */
export function useInboxSearch(): [InboxSearch, (next: InboxSearch, options?: { replace?: boolean }) => void] {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const key = JSON.stringify(raw);
  const search = useMemo(() => validateInboxSearch(JSON.parse(key) as Record<string, unknown>), [key]);
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: InboxSearch, options: { replace?: boolean } = {}) => {
      if (JSON.stringify(next) === JSON.stringify(search)) return;
      // The scroll stays where the user is: a tab, a filter or a page changes the lists in place. The router's reset
      // would also lay the new lists out in the task that renders them (half of the Manager tab's 267 ms in a trace).
      void navigate({ to: '/tickets', search: next, replace: options.replace ?? false, resetScroll: false });
    },
    [navigate, search],
  );
  return [search, setSearch];
}
