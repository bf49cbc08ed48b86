/**
 * The inbox's place in its URL (TanStack Router search params), so Back, reload and a shared link show the same
 * view: the tab, the search, the team and badge filters, and the page of each ticket list. Defaults are left out
 * of the URL; anything malformed in a hand-edited link falls back to its default instead of failing the route.
 */
import { z } from 'zod';
import type { InboxTab } from '../../domain/tickets/inboxRules.ts';

export const INBOX_TABS = ['personal', 'manager', 'external'] as const satisfies readonly InboxTab[];

export type InboxSearch = {
  tab?: InboxTab;
  /** The 'Case ID' search text. */
  q?: string;
  /** The team multi-select; none means every team. */
  teams?: string[];
  operator?: string;
  caseType?: string;
  /** The 1-based page of each ticket list of the tab, by list (a team id, or 'all' for the Personal list); page 1 is left out. */
  page?: Record<string, number>;
};

// The router reads each value as JSON when it can: a search for 0186 stays text, one for 186 arrives as a number.
const text = z.union([z.string(), z.number()]).transform(String);
const nonEmpty = text.pipe(z.string().trim().min(1).max(200));
const schema = z.object({
  tab: z.enum(INBOX_TABS).optional().catch(undefined),
  q: nonEmpty.optional().catch(undefined),
  teams: z.array(nonEmpty).max(100).optional().catch(undefined),
  operator: nonEmpty.optional().catch(undefined),
  caseType: nonEmpty.optional().catch(undefined),
  page: z.record(z.string().max(200), z.number().int().min(1).max(100_000)).optional().catch(undefined),
});

/** The route's `validateSearch`: a clean InboxSearch with every default left out. */
export function validateInboxSearch(raw: Record<string, unknown>): InboxSearch {
  const parsed = schema.parse(raw);
  const search: InboxSearch = {};
  if (parsed.tab !== undefined && parsed.tab !== 'personal') search.tab = parsed.tab;
  if (parsed.q !== undefined) search.q = parsed.q;
  if (parsed.teams !== undefined && parsed.teams.length > 0) search.teams = [...new Set(parsed.teams)].sort();
  if (parsed.operator !== undefined) search.operator = parsed.operator;
  if (parsed.caseType !== undefined) search.caseType = parsed.caseType;
  const pages = Object.entries(parsed.page ?? {}).filter(([, page]) => page > 1);
  if (pages.length > 0) search.page = Object.fromEntries(pages.sort(([a], [b]) => a.localeCompare(b)));
  return search;
}

/** The next URL state after a filter change: the list pages start again at 1, since the lists changed. */
export function withFilters(search: InboxSearch, change: Partial<Omit<InboxSearch, 'page' | 'tab'>>): InboxSearch {
  const { page: _page, ...rest } = { ...search, ...change };
  return validateInboxSearch(rest);
}

/** The next URL state after choosing a page of one list (0-based index in, 1-based number in the URL). */
export function withPage(search: InboxSearch, list: string, pageIndex: number): InboxSearch {
  return validateInboxSearch({ ...search, page: { ...search.page, [list]: pageIndex + 1 } });
}

/** The next URL state after choosing a tab: filters stay, pages start again. */
export function withTab(search: InboxSearch, tab: InboxTab): InboxSearch {
  const { page: _page, ...rest } = search;
  return validateInboxSearch({ ...rest, tab });
}
