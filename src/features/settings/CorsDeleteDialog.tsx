import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import type { CorsOriginDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { refusalTitle } from './useCorsForm.ts';

type Props = { origin: CorsOriginDoc | null; onClose: () => void; onDeleted: () => void };

/** Part 1 §5: deleting an origin asks first; the delete goes through the outbox like every write. */
export function CorsDeleteDialog({ origin, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();
  // Keeps the text while the dialog closes, after the origin itself is gone.
  const [shown, setShown] = useState(origin);
  if (origin !== null && origin !== shown) setShown(origin);

  async function confirm(target: CorsOriginDoc): Promise<void> {
    setBusy(true);
    const result = await mutate('cors.delete', { id: target.id });
    setBusy(false);
    if (!result.ok) {
      showToast('error', t(refusalTitle(result.code, 'settings.cors.deleteFailed')), { detail: result.message });
      onClose();
      return;
    }
    if (currentSyncStatus().online) showToast('success', t('settings.cors.deleted'));
    else showToast('info', t('settings.queued'));
    onDeleted();
  }

  return (
    <Dialog
      open={origin !== null}
      onClose={onClose}
      title={t('settings.cors.deleteTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('settings.cancel')}
          </Button>
          <Button variant="danger" disabled={busy} onClick={() => guard(() => origin && void confirm(origin))}>
            {busy ? t('settings.cors.deleting') : t('settings.cors.confirmDelete')}
          </Button>
        </>
      }
    >
      <p className="break-words">{t('settings.cors.deleteText', { origin: shown?.origin ?? '' })}</p>
    </Dialog>
  );
}
