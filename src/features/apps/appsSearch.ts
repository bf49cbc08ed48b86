/**
 * The apps screens' places in their URLs (TanStack Router search params): the list's name search (`?q=`) and the
 * app the edit screen shows (`?appId=`). Plain checks, no zod: the router is in the sign-in page's bundle.
 */
export type AppsSearch = { q?: string };
export type AppEditSearch = { appId?: string };

function textOf(value: unknown, max: number): string | undefined {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : typeof value === 'string' ? value.trim() : undefined;
  return text !== undefined && text.length >= 1 && text.length <= max ? text : undefined;
}

export function validateAppsSearch(raw: Record<string, unknown>): AppsSearch {
  const q = textOf(raw.q, 150);
  return q === undefined ? {} : { q };
}

export function validateAppEditSearch(raw: Record<string, unknown>): AppEditSearch {
  const appId = textOf(raw.appId, 200);
  return appId === undefined ? {} : { appId };
}
