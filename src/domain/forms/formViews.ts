/**
 * What the front desk forms list shows (part 2 §2 Front desk forms, §5 search, §9 page size): the URL state, the
 * search by Form ID and the link a row opens, copies or encodes as a QR. Pure, so the rules are tested without a
 * browser.
 */
import { searchPage, searchText } from '../ui/urlSearch.ts';

export type FormsSearch = { q?: string; page?: number };

type Listed = { formId: string; createdAt: number };

/** The list's URL state; anything else is dropped, so a hand-edited link never breaks the screen. */
export function validateFormsSearch(raw: Record<string, unknown>): FormsSearch {
  const q = searchText(raw.q);
  const page = searchPage(raw.page);
  return { ...(q === undefined ? {} : { q }), ...(page === undefined ? {} : { page }) };
}

/** Part 2 §5: the search matches the Form ID (a substring, case-insensitive); newest forms first. */
export function visibleForms<F extends Listed>(forms: readonly F[], q: string | undefined): F[] {
  const needle = q?.trim().toLowerCase() ?? '';
  return forms.filter((form) => needle === '' || form.formId.toLowerCase().includes(needle)).sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * The address a form's link stands for: a path ('/forms/claims-intake', the default link) is on the console's own
 * origin; an absolute https or http address is kept. Null when the form has no usable link, which the list
 * answers with the spec's info message.
 */
export function formLinkUrl(link: string | null | undefined, origin: string): string | null {
  const trimmed = link?.trim() ?? '';
  if (trimmed === '') return null;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return `${origin}${trimmed}`;
  return /^https?:\/\/[^\s]+$/i.test(trimmed) ? trimmed : null;
}

/** The QR image's file name: the Form ID, safe as a file name on every system. */
export const qrFileName = (formId: string) => `${formId.replace(/[^A-Za-z0-9_-]+/g, '-') || 'form'}-qr.png`;

/** Part 2 §9: the front desk table shows 10 rows a page. */
export const FORMS_PAGE_SIZE = 10;
