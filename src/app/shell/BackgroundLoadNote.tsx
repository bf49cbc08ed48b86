import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/replica.ts';
import { loadPercent } from '../../domain/sync/loadProgress.ts';

/**
 * A quiet line while a first load runs in the background on this device ("Still loading older cases (43%)"): the
 * inbox is usable already, and screens that need what is still arriving say so themselves.
 */
export function BackgroundLoadNote() {
  const { t } = useTranslation();
  const { loading } = useSyncStatus();
  if (loading === null) return null;
  const percent = loadPercent(loading);
  const what = t(`sync.loading.${loading.collection}`);
  return (
    <p role="status" data-testid="background-load" className="border-b border-slate-200 bg-slate-50 px-4 py-1 text-xs text-slate-600">
      {percent === null ? t('sync.loadingSome', { what }) : t('sync.loadingPercent', { what, percent })}
    </p>
  );
}
