import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import type { BatchDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

type Props = { batch: BatchDoc; headingRef: RefObject<HTMLHeadingElement | null> };

/**
 * Play (part 2 §2, §4): a confirmation titled 'Play batch', then `batch.play` through the outbox. Online the
 * batch is 'Batch in progress.'; offline the Play waits on the device; a refusal is shown in its own words. The
 * button goes away once the batch starts, so focus returns to the screen's heading.
 */
export function PlayBatch({ batch, headingRef }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();

  const confirm = () =>
    guard(() => {
      setBusy(true);
      void mutate('batch.play', { batchId: batch.id }).then((result) => {
        setBusy(false);
        setOpen(false);
        if (!result.ok) {
          showToast('error', result.code === 'not-startable' ? t('batchDetail.notExecuted') : result.message);
          return;
        }
        if (currentSyncStatus().online) showToast('success', t('batchDetail.inProgress'));
        else showToast('info', t('batchDetail.queuedPlay'));
        headingRef.current?.focus();
      });
    });

  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        {t('batchDetail.play')}
      </Button>
      <Dialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        title={t('batchDetail.playTitle')}
        actions={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t('batchDetail.cancel')}
            </Button>
            <Button onClick={confirm} disabled={busy}>
              {busy ? t('batchDetail.playing') : t('batchDetail.playConfirm')}
            </Button>
          </>
        }
      >
        <p>{t('batchDetail.playText', { count: batch.insertedCount, name: batch.name })}</p>
      </Dialog>
    </>
  );
}
