import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import type { EngineDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { useEngineUsage, type EnginesData } from './useEnginesData.ts';

type Props = { engine: EngineDoc | null; data: EnginesData; onClose: () => void; onDeleted: () => void };

/**
 * Part 1 §2: deleting an engine asks first, in Spanish whatever the interface language. An engine the replica shows
 * still used by apps or teams is not offered for deletion: the dialog says what uses it instead (the server refuses
 * the same, with the count, should the replica be behind).
 */
export function EngineDeleteDialog({ engine, data, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const guard = useButtonGuard();
  // Keeps the text while the dialog closes, after the engine itself is gone.
  const [shown, setShown] = useState(engine);
  if (engine !== null && engine !== shown) setShown(engine);
  const usage = useEngineUsage(shown?.id ?? null);
  const what = [
    usage.apps.length > 0 ? t('engines.appsCount', { count: usage.apps.length }) : '',
    usage.teams.length > 0 ? t('engines.teamsCount', { count: usage.teams.length }) : '',
  ]
    .filter(Boolean)
    .join(t('engines.and'));
  const inUse = what !== '';

  async function confirm(target: EngineDoc): Promise<void> {
    setBusy(true);
    const result = await mutate('engine.delete', { engineId: target.id, linkIds: data.linksOf(target.id).map((l) => l.linkId) });
    setBusy(false);
    if (!result.ok) {
      showToast('error', t('engines.deleteFailed'), { detail: result.message });
      onClose();
      return;
    }
    if (currentSyncStatus().online) showToast('success', t('engines.deleted'));
    else showToast('info', t('settings.queued'));
    onDeleted();
  }

  return (
    <Dialog
      open={engine !== null}
      onClose={onClose}
      title={inUse ? t('engines.delete') : t('engines.confirm.title')}
      actions={
        inUse ? (
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('engines.close')}
          </Button>
        ) : (
          <span lang="es" className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onClose} data-autofocus>
              {t('engines.confirm.no')}
            </Button>
            <Button variant="danger" disabled={busy || usage.loading} onClick={() => guard(() => engine && void confirm(engine))}>
              {busy ? t('engines.confirm.deleting') : t('engines.confirm.yes')}
            </Button>
          </span>
        )
      }
    >
      {inUse ? (
        <p role="alert">{t('engines.inUse', { what })}</p>
      ) : (
        <p lang="es" className="break-words">
          {t('engines.confirm.text', { name: shown?.name ?? '' })}
        </p>
      )}
    </Dialog>
  );
}
