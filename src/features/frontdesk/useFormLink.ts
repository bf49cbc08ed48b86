import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { formLinkUrl } from '../../domain/forms/formViews.ts';
import { COPY_TOAST_MS } from '../../domain/ui/uiConstants.ts';

/**
 * What a form's link does in the list (part 2 §2, §8, §9): a row opens it in a new tab, Copy link puts it on the
 * clipboard with 'Form URL copied!' for 3 s; a form without a link says so instead.
 */
export function useFormLink() {
  const { t } = useTranslation();
  const urlOf = (link: string | null) => formLinkUrl(link, window.location.origin);
  const noLink = () => showToast('info', t('frontdesk.noLink'));
  return {
    urlOf,
    open(link: string | null) {
      const url = urlOf(link);
      if (url === null) return noLink();
      window.open(url, '_blank', 'noopener,noreferrer');
    },
    async copy(link: string | null) {
      const url = urlOf(link);
      if (url === null) return noLink();
      try {
        await navigator.clipboard.writeText(url);
        showToast('info', t('frontdesk.copied'), { durationMs: COPY_TOAST_MS });
      } catch {
        showToast('error', t('frontdesk.copyFailed'), { durationMs: COPY_TOAST_MS });
      }
    },
  };
}
