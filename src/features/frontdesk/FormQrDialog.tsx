import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { qrFileName } from '../../domain/forms/formViews.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = { formId: string; name: string; url: string; onClose: () => void };

/** The QR image's side in pixels: large enough to scan from a printed sheet, small enough for a phone's dialog. */
const QR_SIDE = 320;

/**
 * Scan QR (part 2 §2): the form's link as a QR code, drawn on the device (the `qrcode` package, no network), with the
 * link written under it and a download of the image as PNG. Loaded only when a QR is asked for.
 */
export function FormQrDialog({ formId, name, url, onClose }: Props) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: QR_SIDE, margin: 2, errorCorrectionLevel: 'M' }).then(
      (dataUrl) => live && setImage(dataUrl),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('frontdesk.qr.title', { name })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('frontdesk.qr.close')}
          </Button>
          {image !== null && (
            <a
              href={image}
              download={qrFileName(formId)}
              className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            >
              {t('frontdesk.qr.download')}
            </a>
          )}
        </>
      }
    >
      <div className="flex flex-col items-center gap-3">
        {image !== null ? (
          <img src={image} width={QR_SIDE} height={QR_SIDE} alt={t('frontdesk.qr.alt', { url })} data-testid="form-qr" className="h-auto max-w-full" />
        ) : (
          <p role="status">{failed ? t('frontdesk.qr.failed') : t('frontdesk.qr.drawing')}</p>
        )}
        <p className="text-sm break-all text-slate-700">{url}</p>
      </div>
    </Dialog>
  );
}
