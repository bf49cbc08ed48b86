import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { compressPhoto } from './caseFileUpload.ts';
import { useCaseFileTool } from './useCaseFileTool.ts';

type Props = { caseId: string; open: boolean; onClose: () => void };

/**
 * The photo tool (part 2 §2): a photo from the camera (on devices that have one) or a file, compressed to PNG,
 * previewed, then attached to the case through the outbox. It closes itself after ten minutes.
 */
export function PhotoDialog({ caseId, open, onClose }: Props) {
  const { t } = useTranslation();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { busy, setBusy, attach: attachCapture } = useCaseFileTool(caseId, open, onClose);

  useEffect(() => {
    if (open) setPhoto(null);
  }, [open]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    try {
      setPhoto(await compressPhoto(file));
    } catch {
      showToast('error', t('files.notAnImage'));
    } finally {
      setBusy(false);
    }
  }

  async function attach() {
    if (!photo || busy) return;
    await attachCapture(photo, 'photo');
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('files.photoTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('files.cancel')}
          </Button>
          <Button onClick={() => void attach()} disabled={!photo || busy}>
            {busy ? t('files.working') : t('files.attach')}
          </Button>
        </>
      }
    >
      <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
        {t('files.choosePhoto')}
        <input type="file" accept="image/*" capture="environment" onChange={(event) => void pick(event.target.files?.[0])} data-testid="photo-input" />
      </label>
      {preview !== null && <img src={preview} alt={t('files.preview')} className="mt-3 max-h-64 rounded-lg border border-slate-200 object-contain" />}
    </Dialog>
  );
}
