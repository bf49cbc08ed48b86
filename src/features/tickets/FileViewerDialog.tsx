import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readCaseFile } from '../../data/caseFiles.ts';
import type { FileReadResult } from '../../data/replicaApi.ts';
import { formatMegabytes } from '../../domain/files/fileRules.ts';
import { isPdfFile } from '../../domain/files/pdfView.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { fileErrorText } from './fileErrors.ts';
import { PdfViewer } from './PdfViewer.tsx';

export type ViewedFile = { caseId: string; fileId: string; name: string };
type Props = { file: ViewedFile | null; onClose: () => void };

/**
 * Shows a case file read back through the worker (cache first, so a file seen once opens offline too): images as
 * they are, PDFs in the pdf.js viewer (loaded only then), other types as a download.
 */
export function FileViewerDialog({ file, onClose }: Props) {
  const { t } = useTranslation();
  const [result, setResult] = useState<FileReadResult | null>(null);
  useEffect(() => {
    setResult(null);
    if (file === null) return;
    let live = true;
    void readCaseFile(file.caseId, file.fileId).then((answer) => live && setResult(answer));
    return () => {
      live = false;
    };
  }, [file]);

  const content = result?.ok === true ? result.file : null;
  return (
    <Dialog
      open={file !== null}
      onClose={onClose}
      title={file?.name ?? ''}
      wide={content !== null && isPdfFile(content.type, content.name)}
      actions={
        <>
          {content !== null && (
            <a className="inline-flex items-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus" href={content.dataUrl} download={content.name}>
              {t('files.download')}
            </a>
          )}
          <Button variant="ghost" onClick={onClose}>
            {t('files.close')}
          </Button>
        </>
      }
    >
      <div data-testid="file-viewer" className="flex min-h-24 flex-col items-center justify-center gap-2">
        {result === null && <p className="text-sm text-slate-600">{t('files.loadingFile')}</p>}
        {result?.ok === false && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {fileErrorText(t, result.status)}
          </p>
        )}
        {content !== null &&
          (content.type.startsWith('image/') ? (
            <img src={content.dataUrl} alt={content.name} className="max-h-[60vh] max-w-full rounded-md border border-slate-200" />
          ) : isPdfFile(content.type, content.name) ? (
            <PdfViewer dataUrl={content.dataUrl} name={content.name} />
          ) : (
            <p className="text-sm text-slate-600">{t('files.noPreview')}</p>
          ))}
        {content !== null && (
          <p className="text-xs text-slate-600">
            {content.type} · {formatMegabytes(content.size)} MB
          </p>
        )}
      </div>
    </Dialog>
  );
}
