import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/replica.ts';
import { ageLabel } from '../../domain/ui/ageLabel.ts';
import { Icon } from '../../ui/Icon.tsx';
import { PendingChangesList } from './PendingChangesList.tsx';
import { useNavigatorOnline } from './useNavigatorOnline.ts';
import { useNow } from './useNow.ts';

/**
 * What the spec lacks: whether the console is online, how many changes wait in the outbox and how long ago it
 * last synced. Opening it lists the waiting changes.
 */
export function SyncIndicator() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const browserOnline = useNavigatorOnline();
  const now = useNow(15_000);
  const online = browserOnline && status.online;
  const stateLabel = !online ? t('sync.offline') : status.syncing ? t('sync.syncing') : t('sync.online');
  const lastSync =
    status.lastSyncAt === null
      ? t('sync.neverSynced')
      : now - status.lastSyncAt < 5_000
        ? t('sync.lastSyncNow')
        : t('sync.lastSync', { age: ageLabel(status.lastSyncAt, now) });
  const pendingLabel = status.pending > 0 ? t('sync.pending', { count: status.pending }) : t('sync.allSynced');

  return (
    <Popover className="relative">
      <PopoverButton
        data-testid="sync-indicator"
        data-online={online}
        className="inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Icon name={online ? 'cloud' : 'cloudOff'} className={`h-5 w-5 ${online ? 'text-green-700' : 'text-red-700'}`} />
        <span className="sr-only font-medium md:not-sr-only">{stateLabel}</span>
        {status.pending > 0 && (
          <span aria-hidden="true" className="rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900">
            {status.pending}
          </span>
        )}
        <span className="sr-only">{pendingLabel}</span>
        <span className="sr-only text-xs text-slate-600 lg:not-sr-only">{lastSync}</span>
      </PopoverButton>
      <PopoverPanel anchor="bottom end" className="z-40 mt-2 w-80 rounded-xl border border-slate-200 bg-white p-4 shadow-xl">
        <p className="font-semibold text-slate-900">{stateLabel}</p>
        <p className="text-sm text-slate-700">{lastSync}</p>
        {status.lastError !== null && <p className="mt-1 text-sm text-red-800">{status.lastError}</p>}
        <h2 className="mt-3 text-sm font-semibold text-slate-900">{t('sync.pendingTitle')}</h2>
        <PendingChangesList now={now} />
      </PopoverPanel>
    </Popover>
  );
}
