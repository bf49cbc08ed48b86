import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../../data/replica.ts';
import { useDateFormat } from '../../../ui/useDateFormat.ts';

/** Offline, the case type screens work on what this device has: say how fresh it is and that changes wait. */
export function OfflineNote() {
  const { t } = useTranslation();
  const { lastSyncAt } = useSyncStatus();
  const offline = useConnection() === 'offline';
  const format = useDateFormat();
  if (!offline) return null;
  return (
    <p role="status" className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900" data-testid="case-types-offline">
      {lastSyncAt === null ? t('caseTypes.offlineNever') : t('caseTypes.offline', { when: format(lastSyncAt) })}
    </p>
  );
}
