import { useTranslation } from 'react-i18next';
import { showToast } from '../../../app/state/toastAtoms.ts';
import { COPY_TOAST_MS } from '../../../domain/ui/uiConstants.ts';

/** Copies a template to the clipboard with the spec's toasts (part 2 §8), shown for the copy toast's 3 s (§9). */
export function useTemplateCopy(): (template: string) => Promise<void> {
  const { t } = useTranslation();
  return async (template: string) => {
    try {
      await navigator.clipboard.writeText(template);
      showToast('success', t('frontdeskEditor.copied'), { durationMs: COPY_TOAST_MS });
    } catch {
      showToast('error', t('frontdeskEditor.copyFailed'), { durationMs: COPY_TOAST_MS });
    }
  };
}
