import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../data/replica.ts';
import { FreshnessNote } from '../../ui/FreshnessNote.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/** Offline, says the batch is this device's copy and when it last synced (the lines keep changing on the server). */
export function BatchFreshness() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const formatDate = useDateFormat();
  if (useConnection() !== 'offline') return null;
  const text = status.lastSyncAt === null ? t('batchDetail.offlineNever') : t('batchDetail.offline', { date: formatDate(status.lastSyncAt) });
  return <FreshnessNote text={text} online={false} testId="batch-freshness" />;
}
