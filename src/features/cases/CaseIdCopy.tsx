import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { COPY_TOAST_MS } from '../../domain/ui/uiConstants.ts';
import { Button } from '../../ui/Button.tsx';

/** Copies the Case ID to the clipboard with the spec's 'Case ID copied!' (part 2 §8). */
export function CaseIdCopy({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  async function copy() {
    try {
      await navigator.clipboard.writeText(caseId);
      showToast('success', t('caseDetail.copied'), { durationMs: COPY_TOAST_MS });
    } catch {
      showToast('error', t('caseDetail.copyFailed'), { durationMs: COPY_TOAST_MS });
    }
  }
  return (
    <Button size="sm" variant="secondary" onClick={() => void copy()}>
      {t('caseDetail.copy')}
    </Button>
  );
}
