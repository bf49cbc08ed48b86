import { useNavigate, useRouter } from '@tanstack/react-router';
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { useCallback } from 'react';

/** The last resolved navigation: where the page now shown was reached from. */
let last: { from: ParsedLocation | undefined; to: ParsedLocation } | null = null;

export function rememberNavigations(router: AnyRouter): () => void {
  return router.subscribe('onResolved', (event) => {
    last = { from: event.fromLocation, to: event.toLocation };
  });
}

/** The path of the page the current one was opened from, if it was opened from inside the console. */
export const cameFromPath = (): string | null => last?.from?.pathname ?? null;

/** True when the browser's Back lands on `path`: the current page was pushed right on top of a page of that path. */
function backLandsOn(path: string): boolean {
  const from = last?.from;
  if (from === undefined || last === null || from.pathname !== path) return false;
  return last.to.state.__TSR_index === from.state.__TSR_index + 1;
}

/**
 * Goes back to a list. When the list is the previous history entry, this is the browser's Back, so the list
 * returns exactly as it was left (its tab, page, search and filters are in its URL); otherwise the list opens fresh.
 */
export function useReturnTo(): (path: string, hash?: string) => void {
  const router = useRouter();
  const navigate = useNavigate();
  return useCallback(
    (target: string, hash?: string) => {
      // A list's place may carry its tab ('/admin-info?tab=cases'): Back keeps whatever the list had.
      const [path = target, query] = target.split('?');
      if (hash === undefined && backLandsOn(path)) router.history.back();
      else void navigate({ to: path, ...(query === undefined ? {} : { search: Object.fromEntries(new URLSearchParams(query)) }), ...(hash === undefined ? {} : { hash }) });
    },
    [router, navigate],
  );
}
