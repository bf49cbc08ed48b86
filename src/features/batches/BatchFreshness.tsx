import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/replica.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/** Offline, says the batch is this device's copy and when it last synced (the lines keep changing on the server). */
export function BatchFreshness() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const formatDate = useDateFormat();
  if (status.online) return null;
  const text = status.lastSyncAt === null ? t('batchDetail.offlineNever') : t('batchDetail.offline', { date: formatDate(status.lastSyncAt) });
  return (
    <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="batch-freshness">
      <Icon name="cloudOff" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
