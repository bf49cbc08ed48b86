import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { removeBatchDraft, unfinishedBatchDrafts, type UnfinishedBatch } from '../../data/batchDrafts.ts';
import { parseCsv, stopCsvParser } from '../../data/csvParser.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { Button } from '../../ui/Button.tsx';
import { queueBatch, queueing } from './queueBatch.ts';

/**
 * Batches whose lines were still being queued when the page went away (a reload, a closed tab, a crash): their file
 * was kept on the device, so the user can finish saving them, or discard the batch.
 */
export function UnfinishedBatches({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [drafts, setDrafts] = useState<UnfinishedBatch[]>([]);
  const [working, setWorking] = useState<{ batchId: string; done: number } | null>(null);
  const reload = useCallback(() => {
    if (userId === '') return;
    void unfinishedBatchDrafts(userId).then((found) => setDrafts(found.filter((draft) => !queueing.has(draft.batchId))));
  }, [userId]);
  useEffect(reload, [reload]);

  async function finish(draft: UnfinishedBatch): Promise<void> {
    setWorking({ batchId: draft.batchId, done: draft.progress.queued });
    const summary = await parseCsv(draft.file, () => undefined);
    const outcome = summary.ok ? await queueBatch(userId, draft, draft.progress, summary.parseId, (done) => setWorking({ batchId: draft.batchId, done })) : ({ ok: false, code: 'file-changed' } as const);
    stopCsvParser();
    setWorking(null);
    if (!outcome.ok) {
      showToast('error', t('batches.wizard.createFailed'), { detail: outcome.code === 'refused' ? outcome.message : t('batches.resume.fileChanged') });
    } else if (currentSyncStatus().online) {
      showToast('success', t('batches.resume.finished', { id: draft.batchId, count: outcome.queued }));
    } else {
      showToast('info', t('batches.wizard.queued', { id: draft.batchId, count: outcome.queued }));
    }
    reload();
  }

  async function discard(draft: UnfinishedBatch): Promise<void> {
    if (draft.progress.created) {
      const deleted = await mutate('batch.delete', { batchId: draft.batchId });
      if (!deleted.ok && deleted.code !== 'not-found') {
        showToast('error', t('batches.resume.discardFailed'), { detail: deleted.message });
        return;
      }
    }
    await removeBatchDraft(userId, draft.batchId);
    showToast('info', t('batches.resume.discarded', { name: draft.create.name }));
    reload();
  }

  if (drafts.length === 0) return null;
  return (
    <section aria-label={t('batches.resume.label')} className="flex flex-col gap-2">
      {drafts.map((draft) => {
        const busy = working?.batchId === draft.batchId;
        return (
          <div key={draft.batchId} role="alert" data-testid="unfinished-batch" className="flex flex-wrap items-center gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-950">
            <p className="min-w-0 flex-1 break-words">
              {t('batches.resume.text', { name: draft.create.name, id: draft.batchId, queued: busy ? working.done : draft.progress.queued, total: draft.total, file: draft.fileName })}
            </p>
            <div className="flex gap-2">
              <Button size="sm" onClick={() => void finish(draft)} disabled={working !== null}>
                {busy ? t('batches.resume.finishing') : t('batches.resume.finish')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => void discard(draft)} disabled={working !== null}>
                {t('batches.resume.discard')}
              </Button>
            </div>
          </div>
        );
      })}
    </section>
  );
}
