import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { appStatistics } from '../../domain/engine/appList.ts';
import type { AppDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { LINK_BUTTON } from './linkClasses.ts';

type Props = {
  app: AppDoc;
  color: string;
  ownerName: string | null;
  eventsCount: number;
  pending: boolean;
  onToggle: (isActive: boolean) => void;
  onGenerate: () => void;
};

/**
 * One app of the list (part 1 §2): its colour band (the six colours of §9, dark text on them), owner, created date,
 * events, app ID, description, the active switch, the App Flow / App History / Edit App links, and the statistics
 * footer. App History is left out while the app has no instance; Generate instances opens the modal that starts
 * test runs.
 */
export function AppCard({ app, color, ownerName, eventsCount, pending, onToggle, onGenerate }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const stats = appStatistics(app.statistics);
  return (
    <li className="flex min-w-0 flex-col overflow-hidden rounded-xl border border-slate-300 bg-white" data-app-id={app.id}>
      <div className="flex items-start justify-between gap-3 px-4 py-3 text-slate-950" style={{ backgroundColor: color }} data-testid="app-card-band">
        <div className="flex min-w-0 flex-col gap-1">
          <h3 className="text-lg font-semibold break-words">{app.name}</h3>
          {pending && <Badge tone="yellow" className="self-start">{t('apps.pending')}</Badge>}
        </div>
        <label className="flex shrink-0 items-center gap-2 text-sm font-semibold">
          <span aria-hidden="true">{t('apps.card.active')}</span>
          <Switch checked={app.isActive} onChange={onToggle} label={t('apps.card.activeNamed', { name: app.name })} />
        </label>
      </div>
      <div className="flex flex-1 flex-col gap-3 px-4 py-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{t('apps.card.owner')}</dt>
          <dd className="min-w-0 break-words">{ownerName ?? '—'}</dd>
          <dt className="text-slate-600">{t('apps.card.created')}</dt>
          <dd>{formatDate(app.createdAt, 'date')}</dd>
          <dt className="text-slate-600">{t('apps.card.events')}</dt>
          <dd data-testid="app-events-count">{eventsCount}</dd>
          <dt className="text-slate-600">{t('apps.card.appId')}</dt>
          <dd className="min-w-0 font-mono text-xs break-all">{app.id}</dd>
        </dl>
        {app.description !== '' && <p className="text-sm break-words text-slate-700">{app.description}</p>}
        <div className="mt-auto flex flex-wrap gap-2">
          {app.flowId !== null && (
            <Link to="/flows/flow" search={{ canEditFlow: true, isNewFlow: false, id: app.flowId }} className={LINK_BUTTON} aria-label={t('apps.card.appFlowNamed', { name: app.name })}>
              {t('apps.card.appFlow')}
            </Link>
          )}
          {stats.instances > 0 && (
            <Link to="/apps/history" search={{ appId: app.id }} className={LINK_BUTTON} aria-label={t('apps.card.historyNamed', { name: app.name })}>
              {t('apps.card.history')}
            </Link>
          )}
          <Link to="/apps/edit" search={{ appId: app.id }} className={LINK_BUTTON} aria-label={t('apps.card.editNamed', { name: app.name })}>
            {t('apps.card.edit')}
          </Link>
          <button type="button" className={LINK_BUTTON} onClick={onGenerate} aria-label={t('apps.generate.buttonNamed', { name: app.name })}>
            {t('apps.generate.button')}
          </button>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 border-t border-slate-200 bg-slate-50 px-4 py-2 text-center text-xs" data-testid="app-stats">
        {(
          [
            ['activeDays', stats.activeDays],
            ['instances', stats.instances],
            ['executed', stats.executed],
          ] as const
        ).map(([key, value]) => (
          <div key={key} className="flex flex-col">
            <dt className="text-slate-600">{t(`apps.card.${key}`)}</dt>
            <dd className="text-base font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
