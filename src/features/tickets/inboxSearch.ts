/**
 * The inbox's place in its URL (TanStack Router search params), so Back, reload and a shared link show the same
 * view: the tab, the search, the team and badge filters, and the page of each ticket list. Defaults are left out
 * of the URL; anything malformed in a hand-edited link falls back to its default instead of failing the route.
 */
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
// Plain checks rather than a zod schema: the router (and so this file) is in the sign-in page's bundle, which
// carries no zod.
function textOf(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && text.length >= 1 && text.length <= 200 ? text : undefined;
}

function textsOf(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > 100) return undefined;
  const texts = value.map(textOf);
  return texts.every((t): t is string => t !== undefined) ? texts : undefined;
}

function pagesOf(value: unknown): Array<[string, number]> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  const entries = Object.entries(value);
  const valid = entries.every(([list, page]) => list.length <= 200 && Number.isInteger(page) && (page as number) >= 1 && (page as number) <= 100_000);
  return valid ? (entries as Array<[string, number]>) : [];
}

/** The route's `validateSearch`: a clean InboxSearch with every default left out. */
export function validateInboxSearch(raw: Record<string, unknown>): InboxSearch {
  const search: InboxSearch = {};
  const tab = (INBOX_TABS as readonly unknown[]).includes(raw.tab) ? (raw.tab as InboxTab) : undefined;
  if (tab !== undefined && tab !== 'personal') search.tab = tab;
  const q = textOf(raw.q);
  if (q !== undefined) search.q = q;
  const teams = textsOf(raw.teams);
  if (teams !== undefined && teams.length > 0) search.teams = [...new Set(teams)].sort();
  const operator = textOf(raw.operator);
  if (operator !== undefined) search.operator = operator;
  const caseType = textOf(raw.caseType);
  if (caseType !== undefined) search.caseType = caseType;
  const pages = pagesOf(raw.page).filter(([, page]) => page > 1);
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
