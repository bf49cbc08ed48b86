import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { nextDetailSearch, readDetailSearch } from '../../domain/batches/batchDetail.ts';
import type { BatchDetailSearch } from '../../domain/batches/batchViews.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { BatchFreshness } from './BatchFreshness.tsx';
import { BatchHeader } from './BatchHeader.tsx';
import { BatchLines } from './BatchLines.tsx';
import { LineDetailsDialog } from './LineDetailsDialog.tsx';
import { useBatch, useBatchesArrived, useBatchLines } from './useBatches.ts';

/**
 * /batches/{batchId} (part 2 §2 Batches, module BATCHES): the batch with its progress, Play (confirmed) and the
 * CSV download, its lines in tabs by status with a line search, and a line's details (?line=). Everything comes
 * from the replica, so the screen opens offline and each line's status changes live as the engine runs it. With
 * no such batch it goes back to /batches, but only once the batches have reached the device.
 */
export function BatchDetailScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { batchId = '' } = useParams({ strict: false }) as { batchId?: string };
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = readDetailSearch(raw);
  const batch = useBatch(batchId);
  const arrived = useBatchesArrived();
  const { lines, loading } = useBatchLines(batchId);
  const heading = useRef<HTMLHeadingElement>(null);
  const missing = batch === null && arrived;
  useDocumentTitle(batch ? t('batchDetail.title', { id: batch.id }) : null, t(route.nameKey));

  useEffect(() => {
    if (!missing) return;
    showToast('info', t('batchDetail.notFound', { id: batchId }));
    void navigate({ to: '/batches', replace: true });
  }, [missing, batchId, navigate, t]);

  useEffect(() => heading.current?.focus(), [batchId]);

  const go = useCallback(
    (patch: Partial<Record<keyof BatchDetailSearch, string | number | undefined>>) =>
      void navigate({ to: '/batches/$batchId', params: { batchId }, search: nextDetailSearch(readDetailSearch(raw), patch), replace: true }),
    [navigate, batchId, raw],
  );
  const closeLine = useCallback(() => go({ line: undefined }), [go]);

  const line = search.line === undefined ? undefined : lines.find((candidate) => candidate.lineId === search.line);

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4" data-batch-id={batchId}>
      <h1 id="screen-title" ref={heading} tabIndex={-1} className="min-w-0 rounded text-xl font-semibold break-all text-slate-900 focus-visible:outline-2 focus-visible:outline-focus sm:text-2xl">
        {batch ? batch.name : t('batchDetail.title', { id: batchId })}
      </h1>
      <BatchFreshness />
      {batch ? (
        <>
          <BatchHeader batch={batch} lines={lines} headingRef={heading} />
          <BatchLines batch={batch} lines={lines} loading={loading} search={search} onChange={go} />
          {search.line !== undefined && !loading && <LineDetailsDialog batch={batch} line={line} lineId={search.line} onClose={closeLine} />}
        </>
      ) : (
        <p role="status" className="text-slate-600">
          {t('batchDetail.loading')}
        </p>
      )}
    </section>
  );
}
