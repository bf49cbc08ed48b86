import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { AppConfigSection } from './AppConfigSection.tsx';
import { AppInfoCard } from './AppInfoCard.tsx';
import { DangerZone } from './DangerZone.tsx';
import { EventsSection } from './EventsSection.tsx';
import { validateAppEditSearch } from './appsSearch.ts';
import { TEXT_LINK } from './linkClasses.ts';
import { useAppsData } from './useAppsData.ts';
import { useEngineRejections } from './useEngineRejections.ts';

/**
 * Part 1 §2 App edit (/apps/edit?appId=): the app's information with its status toggle, its workflow and calendar,
 * its events and webhooks, and the Danger Zone; the shell's back bar is its Go back to /apps. An unknown or deleted
 * app says so, with the way back.
 */
export function AppEditScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useEngineRejections();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const appId = validateAppEditSearch(raw).appId ?? null;
  const data = useAppsData();
  const app = appId === null ? undefined : data.appById(appId);
  useDocumentTitle(app?.name, t('apps.title'));

  if (data.loading && app === undefined) {
    return (
      <p role="status" className="text-slate-600">
        {t('apps.edit.loading')}
      </p>
    );
  }
  if (app === undefined) {
    return (
      <section aria-labelledby="app-edit-title" className="flex flex-col gap-4">
        <h1 id="app-edit-title" className="sr-only">
          {t('apps.edit.notFound')}
        </h1>
        <EmptyState
          title={t('apps.edit.notFound')}
          text={t('apps.edit.notFoundText')}
          action={
            <Link to="/apps" className={TEXT_LINK}>
              {t('apps.edit.backToApps')}
            </Link>
          }
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="app-edit-title" className="flex min-w-0 flex-col gap-6" data-app-id={app.id}>
      <AppInfoCard app={app} data={data} />
      <AppConfigSection app={app} data={data} />
      <EventsSection app={app} data={data} />
      <DangerZone app={app} />
    </section>
  );
}
