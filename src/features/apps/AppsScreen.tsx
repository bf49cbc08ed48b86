import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reconnect } from '../../data/replica.ts';
import { appCardColor, groupAppsByEngine } from '../../domain/engine/appList.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { AppCard } from './AppCard.tsx';
import { AppFormDialog } from './AppFormDialog.tsx';
import { GenerateInstancesDialog } from './GenerateInstancesDialog.tsx';
import { validateAppsSearch } from './appsSearch.ts';
import { useAppsData } from './useAppsData.ts';
import { useAppToggle } from './useAppToggle.ts';
import { useEngineRejections } from './useEngineRejections.ts';
import { useSessionScroll } from './useSessionScroll.ts';

const SCROLL_KEY = 'apps.scrollTop';

/**
 * Part 1 §2 Apps list: the apps grouped by engine, the name search (700 ms, kept in `?q=`), New App, and each
 * app's card. Reads the replica, so it works offline on what this device holds.
 */
export function AppsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('apps.title'));
  useEngineRejections();
  const data = useAppsData();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const q = validateAppsSearch(raw).q ?? '';
  const navigate = useNavigate();
  const onSearch = useCallback((text: string) => void navigate({ to: '/apps', search: text === '' ? {} : { q: text }, replace: true }), [navigate]);
  const [creating, setCreating] = useState(false);
  const [generatingFor, setGeneratingFor] = useState<string | null>(null);
  const pending = usePendingIds(['app.'], ['id']);
  const toggle = useAppToggle();
  const groups = useMemo(() => groupAppsByEngine(data.apps, data.engines, q), [data.apps, data.engines, q]);
  useSessionScroll(SCROLL_KEY, !data.loading && groups.length > 0);

  let position = 0;
  return (
    <section aria-labelledby="apps-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="apps-title" className="text-2xl font-semibold text-slate-900">
          {t('apps.title')}
        </h1>
        <Button onClick={() => setCreating(true)}>{t('apps.newApp')}</Button>
      </div>
      <div className="max-w-md">
        <SearchBox label={t('apps.search')} value={q} onSearch={onSearch} />
      </div>
      {data.failed ? (
        <div role="alert">
          <EmptyState
            icon="cloudOff"
            title={t('apps.loadFailed')}
            text={t('apps.loadFailedText')}
            action={<Button onClick={() => void reconnect()}>{t('apps.retry')}</Button>}
          />
        </div>
      ) : data.loading ? (
        <p role="status" className="text-slate-600">
          {t('apps.loading')}
        </p>
      ) : data.apps.length === 0 ? (
        <EmptyState title={t('apps.none')} text={t('apps.noneText')} action={<Button onClick={() => setCreating(true)}>{t('apps.newApp')}</Button>} />
      ) : groups.length === 0 ? (
        <EmptyState icon="search" title={t('apps.noMatch', { q })} text={t('apps.noMatchText')} />
      ) : (
        groups.map((group) => (
          <section key={group.engineId} aria-labelledby={`engine-${group.engineId}`} className="flex flex-col gap-3" data-engine-id={group.engineId}>
            <h2 id={`engine-${group.engineId}`} className="text-lg font-semibold text-slate-900">
              {group.engineName ?? t('apps.unknownEngine')}
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {group.apps.map((app) => (
                <AppCard
                  key={app.id}
                  app={app}
                  color={appCardColor(position++)}
                  ownerName={data.ownerName(app.ownerUserId)}
                  eventsCount={data.eventsOf(app.id).length}
                  pending={pending.has(app.id)}
                  onToggle={(isActive) => toggle(app.id, isActive)}
                  onGenerate={() => setGeneratingFor(app.id)}
                />
              ))}
            </ul>
          </section>
        ))
      )}
      <AppFormDialog open={creating} onClose={() => setCreating(false)} data={data} />
      <GenerateInstancesDialog app={generatingFor === null ? null : (data.appById(generatingFor) ?? null)} onClose={() => setGeneratingFor(null)} />
    </section>
  );
}
