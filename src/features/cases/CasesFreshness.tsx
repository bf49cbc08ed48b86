import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../data/replica.ts';
import { FreshnessNote } from '../../ui/FreshnessNote.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/**
 * How fresh the list is when that matters: offline it says the cases are this device's and when they last synced;
 * while the cases are still arriving for the first time it says the list may be incomplete.
 */
export function CasesFreshness() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  const stillLoading = status.loaded !== null && !status.loaded.includes('cases');
  const text = offline
    ? status.lastSyncAt === null
      ? t('cases.history.offlineNever')
      : t('cases.history.offline', { date: formatDate(status.lastSyncAt) })
    : stillLoading
      ? t('cases.history.stillLoading')
      : null;
  if (text === null) return null;
  return <FreshnessNote text={text} online={!offline} testId="cases-freshness" />;
}
