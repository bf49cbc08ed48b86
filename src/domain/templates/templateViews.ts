/**
 * What the builder list shows (part 2 §2 builder list, §5 template search, §9 page size): the URL state, the search
 * by Node ID and the order. Pure, so the rules are tested without a browser.
 */
import { searchPage, searchText } from '../ui/urlSearch.ts';

export type TemplatesSearch = { q?: string; page?: number };

type Listed = { id: string; caseTypeId: string; createdAt: number };

/** The list's URL state; anything else is dropped, so a hand-edited link never breaks the screen. */
export function validateTemplatesSearch(raw: Record<string, unknown>): TemplatesSearch {
  const q = searchText(raw.q);
  const page = searchPage(raw.page);
  return { ...(q === undefined ? {} : { q }), ...(page === undefined ? {} : { page }) };
}

/** Part 2 §5: the search matches the Node ID (a substring, case-insensitive); newest templates first. */
export function visibleTemplates<T extends Listed>(templates: readonly T[], q: string | undefined): T[] {
  const needle = q?.trim().toLowerCase() ?? '';
  return templates.filter((tpl) => needle === '' || tpl.id.toLowerCase().includes(needle)).sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
}

/** Part 2 §2: only a human-interface row opens the builder, at /builder/{templateId}/create. */
export const builderPathOf = (tpl: { id: string; nodeType: string }): string | null =>
  tpl.nodeType === 'human-interface' ? `/builder/${encodeURIComponent(tpl.id)}/create` : null;

/** Part 2 §9: the builder table shows 10 rows a page, with a paginator only above 10. */
export const TEMPLATES_PAGE_SIZE = 10;
/** Part 2 §2, §5: the Node ID search waits 700 ms; 'Templates refreshed!' shows for 2 seconds. */
export const TEMPLATE_SEARCH_DEBOUNCE_MS = 700;
export const REFRESH_TOAST_MS = 2000;
