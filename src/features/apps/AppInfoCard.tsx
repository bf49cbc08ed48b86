import { useTranslation } from 'react-i18next';
import type { AppDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { usePendingIds } from '../settings/usePendingIds.ts';
import type { AppsData } from './useAppsData.ts';
import { useAppToggle } from './useAppToggle.ts';

/** Part 1 §2 App edit, information card: name, app ID, engine, owner, created date, status with its toggle, description. */
export function AppInfoCard({ app, data }: { app: AppDoc; data: AppsData }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const toggle = useAppToggle();
  const pending = usePendingIds(['app.'], ['id']).has(app.id);
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h1 id="app-edit-title" className="text-2xl font-semibold break-words text-slate-900">
          {app.name}
        </h1>
        {pending && <Badge tone="yellow">{t('apps.pending')}</Badge>}
      </div>
      <h2 className="sr-only">{t('apps.edit.info')}</h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t('apps.edit.appId')}</dt>
        <dd className="min-w-0 font-mono text-xs break-all">{app.id}</dd>
        <dt className="text-slate-600">{t('apps.edit.engine')}</dt>
        <dd>{data.engineName(app.engineId) ?? t('apps.unknownEngine')}</dd>
        <dt className="text-slate-600">{t('apps.edit.owner')}</dt>
        <dd>{data.ownerName(app.ownerUserId) ?? '—'}</dd>
        <dt className="text-slate-600">{t('apps.edit.created')}</dt>
        <dd>{formatDate(app.createdAt, 'date')}</dd>
        <dt className="text-slate-600">{t('apps.edit.status')}</dt>
        <dd className="flex items-center gap-3">
          <Switch checked={app.isActive} onChange={(isActive) => toggle(app.id, isActive)} label={t('apps.card.activeNamed', { name: app.name })} />
          <Badge tone={app.isActive ? 'green' : 'grey'}>
            <span data-testid="app-status">{app.isActive ? t('apps.edit.statusActive') : t('apps.edit.statusInactive')}</span>
          </Badge>
        </dd>
        {app.description !== '' && (
          <>
            <dt className="text-slate-600">{t('apps.edit.description')}</dt>
            <dd className="break-words">{app.description}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
