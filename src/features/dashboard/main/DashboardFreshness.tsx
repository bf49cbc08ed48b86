import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../../data/replica.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { useDateFormat } from '../../../ui/useDateFormat.ts';

/**
 * How fresh the figures are (issue 16): when the aggregates last changed on the server, and, offline, that they are
 * this device's copy and when it last synced. While the first sync is still bringing the configuration, it says so.
 */
export function DashboardFreshness({ figuresAt }: { figuresAt: number | null }) {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  const arriving = status.online && status.loaded !== null && !status.loaded.includes('config');
  const date = figuresAt === null ? null : formatDate(figuresAt);
  const text = offline
    ? date === null
      ? t('dashboard.freshness.offlineNever')
      : status.lastSyncAt === null
        ? t('dashboard.freshness.offlineAsOf', { date })
        : t('dashboard.freshness.offline', { date, synced: formatDate(status.lastSyncAt) })
    : arriving
      ? t('dashboard.freshness.arriving')
      : date === null
        ? t('dashboard.freshness.none')
        : t('dashboard.freshness.asOf', { date });
  const warn = offline || arriving;
  return (
    <p
      className={`flex items-start gap-2 text-sm ${warn ? 'rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950' : 'text-slate-600'}`}
      data-testid="dashboard-freshness"
      data-online={status.online ? 'true' : 'false'}
    >
      <Icon name={offline ? 'cloudOff' : 'cloud'} className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
