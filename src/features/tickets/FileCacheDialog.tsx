import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearFileCache, fileCacheUsage } from '../../data/caseFiles.ts';
import type { CacheUsage } from '../../domain/files/fileCache.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = { open: boolean; onClose: () => void };

/** The File Cache Manager (part 2 §2): count, total size in MB, % of the 50 MB used, the warning, Refresh, Clear Cache. */
export function FileCacheDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  const [usage, setUsage] = useState<CacheUsage | null>(null);
  const refresh = useCallback(() => void fileCacheUsage().then(setUsage), []);

  useEffect(() => {
    if (open) refresh();
  }, [open, refresh]);

  const facts: [string, string][] = usage
    ? [
        [t('files.cacheCount'), String(usage.count)],
        [t('files.cacheSize'), `${usage.totalMb} MB`],
        [t('files.cacheUsed'), `${usage.percentUsed.toFixed(2)}%`],
      ]
    : [];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('files.cacheTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={refresh}>
            {t('files.cacheRefresh')}
          </Button>
          <Button variant="danger" onClick={() => void clearFileCache().then(refresh)}>
            {t('files.cacheClear')}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {t('files.cacheClose')}
          </Button>
        </>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="file-cache-usage">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {usage !== null && (
        <div className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
          <div className={`h-full ${usage.warning ? 'bg-amber-500' : 'bg-brand'}`} style={{ width: `${Math.min(100, usage.percentUsed)}%` }} />
        </div>
      )}
      {usage?.warning === true && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
          {t('files.cacheWarning')}
        </p>
      )}
    </Dialog>
  );
}
