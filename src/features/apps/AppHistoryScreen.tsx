import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { showsAppHistory } from '../../domain/engine/appList.ts';
import { filterHistory, validateHistorySearch, type HistorySearch } from '../../domain/engine/instanceHistory.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryList } from './HistoryList.tsx';
import { TEXT_LINK } from './linkClasses.ts';
import { useAppInstances } from './useAppInstances.ts';
import { useAppsData } from './useAppsData.ts';

/**
 * Part 1 §2 App history (/apps/history?appId=…): the app's instances from the replica, newest first, filtered by
 * status and a date range and paged by 10, all kept in the URL. New runs appear as the engine writes them. With
 * no instance at all it goes back to /apps (the spec), but only once the replica has answered and the app's own
 * counter agrees: a device still loading, or whose runs lag behind the counter, says so instead. An unknown app says it was not found.
 */
export function AppHistoryScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateHistorySearch(raw);
  const appId = search.appId ?? null;
  const data = useAppsData();
  const app = appId === null ? undefined : data.appById(appId);
  const { instances, loading, arrived } = useAppInstances(app === undefined ? null : app.id);
  const navigate = useNavigate();
  const pending = usePendingIds(['instance.'], ['id', 'ids']);
  useDocumentTitle(app === undefined ? null : t('apps.history.titleOf', { name: app.name }), t('apps.title'));

  const shown = useMemo(() => filterHistory(instances, { statuses: search.status ?? [], range: { from: search.from, to: search.to } }), [instances, search.status, search.from, search.to]);
  const settled = app !== undefined && !loading && arrived;
  // The app's counter (config) can reach this device before the run itself (runs): the card already offers App
  // History then, so wait for the run rather than bounce back saying there is none.
  const expectsRuns = app !== undefined && showsAppHistory(app.statistics);
  const noInstances = settled && instances.length === 0 && !expectsRuns;

  useEffect(() => {
    if (!noInstances || app === undefined) return;
    showToast('info', t('apps.history.noInstances', { name: app.name }));
    void navigate({ to: '/apps', replace: true });
  }, [noInstances, app, navigate, t]);

  const go = (next: HistorySearch) => void navigate({ to: '/apps/history', search: { appId: appId ?? undefined, ...next }, replace: true });

  if (app === undefined) {
    if (data.loading) return <Status text={t('apps.history.loading')} />;
    return (
      <section aria-labelledby="history-title" className="flex flex-col gap-4">
        <h1 id="history-title" className="sr-only">
          {t('apps.history.noApp')}
        </h1>
        <EmptyState
          title={t('apps.history.noApp')}
          text={t('apps.history.noAppText')}
          action={
            <Link to="/apps" className={TEXT_LINK}>
              {t('apps.edit.backToApps')}
            </Link>
          }
        />
      </section>
    );
  }

  const caption = t('apps.history.caption', { name: app.name });
  return (
    <section aria-labelledby="history-title" className="flex min-w-0 flex-col gap-4" data-app-id={app.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="history-title" className="text-2xl font-semibold break-words text-slate-900">
          {t('apps.history.heading')} · {app.name}
        </h1>
        {settled && (
          <p className="text-sm text-slate-600" data-testid="history-count">
            {t('apps.history.count', { count: shown.length })}
          </p>
        )}
      </div>
      <HistoryFilters search={search} onChange={(filters) => go(filters)} />
      {!settled || instances.length === 0 ? (
        <Status text={loading ? t('apps.history.loading') : t('apps.history.notLoadedYet')} />
      ) : shown.length === 0 ? (
        <EmptyState icon="search" title={t('apps.history.none')} text={t('apps.history.noneText')} />
      ) : (
        <HistoryList
          caption={caption}
          instances={shown}
          page={search.page ?? 0}
          pending={pending}
          onPage={(page) => go({ ...withoutPage(search), ...(page > 0 ? { page } : {}) })}
        />
      )}
    </section>
  );
}

function withoutPage({ status, from, to }: HistorySearch): HistorySearch {
  return { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="text-slate-600">
      {text}
    </p>
  );
}
