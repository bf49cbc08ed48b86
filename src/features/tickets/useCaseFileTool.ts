import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { attachCaseFile, captureName, FILE_TOOL_AUTO_CLOSE_MS } from './caseFileUpload.ts';

/**
 * What the photo tool and the signature pad share: they close themselves ten minutes after opening (part 2 §9),
 * show one piece of work at a time, and attach their PNG to the case through the outbox with the spec's messages.
 */
export function useCaseFileTool(caseId: string, open: boolean, onClose: () => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setBusy(false);
    const timer = window.setTimeout(onClose, FILE_TOOL_AUTO_CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose]);

  /** Attaches the capture as `<prefix>-<time>.png`; a null blob (the canvas gave none) is a failed save. */
  const attach = useCallback(
    async (blob: Blob | null, prefix: string) => {
      setBusy(true);
      const result = blob ? await attachCaseFile(caseId, blob, captureName(prefix)).catch(() => ({ ok: false }) as const) : { ok: false };
      setBusy(false);
      if (!result.ok) return showToast('error', t('files.saveFailed'));
      showToast('success', t('files.attached'));
      onClose();
    },
    [caseId, onClose, t],
  );

  return { busy, setBusy, attach };
}
