/**
 * The case type screen's place in its URL: `?mode=edit` opens the edit form; the create form has its own path
 * (/admin-info/case-types/new). Plain checks, no zod: the router is in the sign-in page's bundle.
 */
export type CaseTypeSearch = { mode?: 'edit' };

export const NEW_CASE_TYPE = 'new';

export function validateCaseTypeSearch(raw: Record<string, unknown>): CaseTypeSearch {
  return raw.mode === 'edit' ? { mode: 'edit' } : {};
}
