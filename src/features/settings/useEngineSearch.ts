import { useNavigate, useSearch } from '@tanstack/react-router';

export type EngineSearch = { engine: string | null; view: 'details' | 'apps'; appsPage: number };

/**
 * The Engines tab's view lives in the URL (?tab=engines&engine=…&engineView=apps&appsPage=2), so Back, reload and a
 * shared link open the same engine, section and page. Other tabs' parameters are kept as they are.
 */
export function useEngineSearch(): [EngineSearch, (changes: Partial<EngineSearch>) => void] {
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const page = Number(raw.appsPage);
  const search: EngineSearch = {
    engine: typeof raw.engine === 'string' && raw.engine !== '' ? raw.engine : null,
    view: raw.engineView === 'apps' ? 'apps' : 'details',
    appsPage: Number.isInteger(page) && page > 1 ? page - 1 : 0,
  };
  const set = (changes: Partial<EngineSearch>) => {
    const next = { ...search, ...changes };
    const params: Record<string, string | number> = { tab: 'engines' };
    if (next.engine !== null) params.engine = next.engine;
    if (next.engine !== null && next.view === 'apps') params.engineView = 'apps';
    if (next.engine !== null && next.view === 'apps' && next.appsPage > 0) params.appsPage = next.appsPage + 1;
    void navigate({ to: '/admin-info', search: params });
  };
  return [search, set];
}

/** The link of an engine in the list (a real link: middle-click and Ctrl-click open it in a new tab). */
export const engineLinkSearch = (engineId: string) => ({ tab: 'engines', engine: engineId });
