import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../data/replica.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';

/** Offline, the page works on what the replica holds and says how fresh that is (the last sync). */
export function OfflineNote() {
  const { t } = useTranslation();
  const sync = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  if (!offline) return null;
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      {sync.lastSyncAt === null ? t('caseActivity.activity.offlineNever') : t('caseActivity.activity.offline', { when: formatDate(sync.lastSyncAt) })}
    </p>
  );
}
