import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type SignaturePad from 'signature_pad';
import { showToast } from '../../app/state/toastAtoms.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useCaseFileTool } from './useCaseFileTool.ts';

type Props = { caseId: string; open: boolean; onClose: () => void };

/** Signature capture (part 2 §2, §3): drawn on a pad, saved as a PNG file of the case; closes after ten minutes. */
export function SignatureDialog({ caseId, open, onClose }: Props) {
  const { t } = useTranslation();
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [ready, setReady] = useState(false);
  const { busy, setBusy, attach } = useCaseFileTool(caseId, open, onClose);

  // The dialog mounts its panel lazily, so the pad is made when the canvas element arrives. The library is its
  // own chunk, fetched the first time a pad opens (and kept offline by the service worker).
  useEffect(() => {
    if (!canvas) return;
    let instance: SignaturePad | null = null;
    let closed = false;
    void import('signature_pad').then(({ default: Pad }) => {
      if (closed) return;
      instance = new Pad(canvas, { backgroundColor: 'rgb(255,255,255)' });
      pad.current = instance;
      setReady(true);
    });
    return () => {
      closed = true;
      instance?.off();
      pad.current = null;
      setReady(false);
    };
  }, [canvas]);

  async function save() {
    const current = pad.current;
    if (!current || !canvas || busy) return;
    if (current.isEmpty()) return showToast('info', t('files.signFirst'));
    setBusy(true);
    await attach(await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png')), 'signature');
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('files.signatureTitle')}
      actions={
        <>
          <Button variant="ghost" onClick={() => pad.current?.clear()}>
            {t('files.clear')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('files.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={busy}>
            {busy ? t('files.working') : t('files.saveSignature')}
          </Button>
        </>
      }
    >
      <canvas ref={setCanvas} width={360} height={180} className="w-full touch-none rounded-lg border border-slate-300 bg-white" aria-label={t('files.signaturePad')} data-testid="signature-pad" data-ready={ready} />
    </Dialog>
  );
}
