import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { currentSyncStatus, mutate } from '../../data/replica.ts';
import { deleteFromActivityArgs } from '../../domain/cases/caseActivity.ts';
import type { CaseStateDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Sends the delete from activity: `case.update` to COMPLETED in the type's 'Denegado' state, which the server
 * records in the case's history and logs. The change shows at once on this device and is sent when it can be;
 * answers whether it was queued, having told the user either way.
 */
export async function deleteFromActivity(caseId: string, deniedState: CaseStateDoc, t: Translate): Promise<boolean> {
  const result = await mutate('case.update', deleteFromActivityArgs(caseId, deniedState.id));
  if (!result.ok) {
    showToast('error', t('caseActivity.delete.failed'), { detail: result.message });
    return false;
  }
  if (currentSyncStatus().online) showToast('success', t('caseActivity.delete.done', { id: caseId }));
  else showToast('info', t('caseActivity.delete.queued', { id: caseId }));
  return true;
}

type Props = {
  /** The case asked about; null when the dialog is closed. */
  caseId: string | null;
  deniedState: CaseStateDoc | null;
  onClose: () => void;
  onConfirm: (caseId: string, deniedState: CaseStateDoc) => void;
};

/**
 * Part 2 §2 and §4: deleting a PROGRESS case from the activity page asks first. A type without a 'Denegado' state
 * cannot delete: the dialog says why instead of offering the button. Confirming closes the dialog at once (the
 * change is local and immediate) and hands the case to the page, which sends it.
 */
export function DeleteCaseDialog({ caseId, deniedState, onClose, onConfirm }: Props) {
  const { t } = useTranslation();
  const guard = useButtonGuard();
  const id = caseId ?? '';

  return (
    <Dialog
      open={caseId !== null}
      onClose={onClose}
      title={t('caseActivity.delete.title', { id })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {t('caseActivity.delete.cancel')}
          </Button>
          {deniedState !== null && caseId !== null && (
            <Button variant="danger" onClick={() => guard(() => onConfirm(caseId, deniedState))}>
              {t('caseActivity.delete.confirm')}
            </Button>
          )}
        </>
      }
    >
      <p className="break-words">{deniedState === null ? t('caseActivity.delete.noDeniedState') : t('caseActivity.delete.text', { id })}</p>
    </Dialog>
  );
}
