import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pdfScale } from '../../domain/files/pdfView.ts';

type Props = { dataUrl: string; name: string };

/** pdf.js and its worker: their own chunks, fetched the first time a PDF is opened (never with a screen). */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

function bytesOf(dataUrl: string): Uint8Array {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * A PDF drawn page by page with pdf.js at scale 0.8, or 0.45 up to the 570 px breakpoint (part 1 §9). The library
 * is loaded here, on demand, with its worker from this origin (the CSP allows no other).
 */
export function PdfViewer({ dataUrl, name }: Props) {
  const { t } = useTranslation();
  const pages = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'ready'; count: number; ms: number } | { kind: 'failed' }>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    const started = performance.now();
    const container = pages.current;
    let destroy: (() => void) | null = null;
    void (async () => {
      const pdfjs = await loadPdfJs();
      const task = pdfjs.getDocument({ data: bytesOf(dataUrl) });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      const scale = pdfScale(window.innerWidth);
      const ratio = window.devicePixelRatio || 1;
      for (let number = 1; number <= doc.numPages && live; number += 1) {
        const page = await doc.getPage(number);
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.className = 'max-w-full h-auto rounded border border-slate-200 bg-white';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', t('caseDetail.files.pdfPage', { page: number, count: doc.numPages, name }));
        canvas.dataset.page = String(number);
        container?.append(canvas);
        await page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] }).promise;
      }
      if (live) setState({ kind: 'ready', count: doc.numPages, ms: Math.round(performance.now() - started) });
    })().catch(() => live && setState({ kind: 'failed' }));
    return () => {
      live = false;
      destroy?.();
      container?.replaceChildren();
    };
  }, [dataUrl, name, t]);

  return (
    <div className="flex w-full min-w-0 flex-col items-center gap-2" data-testid="pdf-viewer" data-state={state.kind} data-open-ms={state.kind === 'ready' ? state.ms : undefined}>
      {state.kind === 'loading' && <p className="text-sm text-slate-600">{t('caseDetail.files.pdfLoading')}</p>}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t('caseDetail.files.pdfFailed')}
        </p>
      )}
      <div ref={pages} className="flex max-h-[60vh] w-full min-w-0 flex-col items-center gap-3 overflow-auto" />
    </div>
  );
}
