import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectionOf, useSyncStatus } from '../../data/replica.ts';
import { ageLabel } from '../../domain/ui/ageLabel.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useDismiss } from '../../ui/useDismiss.ts';
import { PendingChangesDetails, PendingChangesList } from './PendingChangesList.tsx';
import { useNavigatorOnline } from './useNavigatorOnline.ts';
import { useNow } from './useNow.ts';

/**
 * What the spec lacks: whether the console is online, how many changes wait in the outbox and how long ago it
 * last synced. Opening it lists the waiting changes. A disclosure inside the header (not a portalled popover), so
 * the panel stays in the page's banner and the tab order stays plain.
 */
export function SyncIndicator() {
  const { t } = useTranslation();
  const status = useSyncStatus();
  const browserOnline = useNavigatorOnline();
  // Ticks often enough that 'Synced just now' never outlives the moment it describes by much.
  const now = useNow(5_000);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, container, button);

  const online = browserOnline && status.online;
  // Until the first answer after a sign-in or a reload it is Connecting, not Offline: nothing has failed.
  const connection = connectionOf(status, browserOnline);
  const stateLabel =
    connection === 'offline' ? t('sync.offline') : connection === 'connecting' ? t('sync.connecting') : status.syncing ? t('sync.syncing') : t('sync.online');
  const lastSync =
    status.lastSyncAt === null
      ? t('sync.neverSynced')
      : now - status.lastSyncAt < 5_000
        ? t('sync.lastSyncNow')
        : t('sync.lastSync', { age: ageLabel(status.lastSyncAt, now) });
  const pendingLabel = status.pending > 0 ? t('sync.pending', { count: status.pending }) : t('sync.allSynced');
  // Why syncing is held up, in the user's words; the technical detail is under Details.
  const problem = !browserOnline || status.problem === 'offline'
    ? t('sync.problemOffline')
    : status.problem === 'server'
      ? t('sync.problemServer')
      : status.problem === 'storage-full'
        ? t('sync.problemStorage')
        : null;

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        data-testid="sync-indicator"
        data-online={online}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="relative inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Icon
          name={connection === 'offline' ? 'cloudOff' : 'cloud'}
          className={`h-5 w-5 ${connection === 'offline' ? 'text-red-700' : connection === 'connecting' ? 'text-slate-500' : 'text-green-700'}`}
        />
        <span className="sr-only font-medium md:not-sr-only">{stateLabel}</span>
        {status.pending > 0 && (
          <span aria-hidden="true" className="rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900">
            {status.pending}
          </span>
        )}
        <span className="sr-only">{pendingLabel}</span>
        <span className="sr-only text-xs text-slate-600 lg:not-sr-only">{lastSync}</span>
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-2 top-14 z-40 rounded-xl border border-slate-200 bg-white p-4 shadow-xl sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-80"
        >
          <p className="font-semibold text-slate-900">{stateLabel}</p>
          <p className="text-sm text-slate-700">{lastSync}</p>
          {problem !== null && (
            <p className="mt-1 text-sm text-red-800" data-testid="sync-problem">
              {problem}
            </p>
          )}
          <h2 className="mt-3 text-sm font-semibold text-slate-900">{t('sync.pendingTitle')}</h2>
          <PendingChangesList now={now} />
          <PendingChangesDetails lastError={status.lastError} />
        </div>
      )}
    </div>
  );
}
