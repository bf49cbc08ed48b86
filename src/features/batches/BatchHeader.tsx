import { useAtomValue } from 'jotai';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { enabledModuleSet } from '../../domain/access/modules.ts';
import { batchHeaderActions } from '../../domain/batches/batchDetail.ts';
import { mayActOnBatch } from '../../domain/batches/batchLifecycle.ts';
import { batchProgress } from '../../domain/batches/batchViews.ts';
import type { BatchDoc, BatchLineDoc } from '../../domain/sync/documents.gen.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { BatchStatusChip } from './BatchStatusChip.tsx';
import { downloadBatch } from './downloadBatch.ts';
import { PlayBatch } from './PlayBatch.tsx';

type Props = { batch: BatchDoc; lines: readonly BatchLineDoc[]; headingRef: RefObject<HTMLHeadingElement | null> };

/**
 * The batch's facts (id, description, case type, owner, created, status), its progress as a bar and in words, a
 * 'Waiting to be sent' mark while this device still holds changes of it, and its actions: Play on a batch not
 * started, the note that an ongoing batch cannot be stopped, and the CSV download (built here, so it works offline).
 */
export function BatchHeader({ batch, lines, headingRef }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const account = useAtomValue(accountAtom)?.account;
  const types = useCaseTypes();
  const pending = usePendingIds(['batch.'], ['batchId']);
  const actor = { userId: account?.id ?? '', isAdmin: isAdminRole(account?.role), hasBatchesModule: enabledModuleSet(account?.enabledModules).has('BATCHES') };
  const actions = batchHeaderActions(batch, account !== undefined && mayActOnBatch(actor, batch.userId));
  const progress = batchProgress(batch);
  const type = types.typeById.get(batch.caseTypeId);
  const facts: [string, ReactNode][] = [
    [t('batchDetail.batchId'), <span className="font-mono break-all">{batch.id}</span>],
    [t('batchDetail.description'), batch.description || '—'],
    [t('batchDetail.caseType'), type === undefined ? batch.caseTypeId : type.description || type.code],
    [t('batchDetail.owner'), batch.userName],
    [t('batchDetail.created'), <time dateTime={new Date(batch.createdAt).toISOString()}>{formatDate(batch.createdAt)}</time>],
  ];
  if (batch.processedAt !== null) facts.push([t('batchDetail.processed'), <time dateTime={new Date(batch.processedAt).toISOString()}>{formatDate(batch.processedAt)}</time>]);

  function download() {
    try {
      const name = downloadBatch(batch, lines);
      showToast('success', t('batchDetail.downloaded', { name }));
    } catch {
      showToast('error', t('batchDetail.downloadFailed'));
    }
  }

  return (
    <div className="flex min-w-0 flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4" data-testid="batch-header">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="text-sm font-semibold text-slate-700">{t('batchDetail.status')}</span>
        <span data-testid="batch-status">
          <BatchStatusChip status={batch.status} />
        </span>
        {pending.has(batch.id) && <Badge tone="yellow">{t('batchDetail.waiting')}</Badge>}
      </div>
      <dl aria-label={t('batchDetail.facts')} className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="mb-1 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span id="batch-progress-label" className="font-semibold text-slate-700">
            {t('batchDetail.progress')}
          </span>
          <span className="text-slate-700" data-testid="batch-counts">
            {t('batchDetail.counts', { done: batch.doneCount, errors: batch.errorCount, total: progress.total })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="batch-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={t('batchDetail.progressText', progress)}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full rounded-full ${batch.errorCount > 0 ? 'bg-orange-500' : 'bg-brand'}`} style={{ width: `${progress.percent}%` }} />
        </div>
      </div>
      <div role="group" aria-label={t('batchDetail.actions')} className="flex flex-wrap items-center gap-2">
        {actions.play && <PlayBatch batch={batch} headingRef={headingRef} />}
        {actions.cannotStop && <StopNote />}
        <Button variant="secondary" size="sm" onClick={download}>
          {t('batchDetail.download')}
        </Button>
      </div>
    </div>
  );
}

/** Part 2 §4: an ongoing batch cannot be stopped; the button says so rather than doing nothing. */
function StopNote() {
  const { t } = useTranslation();
  return (
    <>
      <Button variant="secondary" size="sm" aria-disabled="true" aria-describedby="batch-cannot-stop" className="cursor-not-allowed opacity-55" onClick={() => showToast('info', t('batchDetail.cannotStop'))}>
        {t('batchDetail.stop')}
      </Button>
      <span id="batch-cannot-stop" className="text-sm text-slate-700">
        {t('batchDetail.cannotStop')}
      </span>
    </>
  );
}
