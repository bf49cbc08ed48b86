import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewDocument } from '../../domain/templates/previewDocument.ts';
import { movementValue, type TemplatePage } from '../../domain/templates/templatePages.ts';
import { sanitizeTemplate } from '../../ui/sanitizeTemplate.ts';
import { BUILDER_PREVIEW_SOURCE } from './previewSource.ts';

/** Part 2 §4 and §9: the template is sent to the preview two seconds after the frame announces it is ready. */
export const PREVIEW_TEMPLATE_DELAY_MS = 2000;

type Props = { text: string; pages: TemplatePage[]; active: number | null; onMovement: (value: number) => void; passPointer: boolean };

/**
 * The builder's preview (part 2 §2 centre, §4 frame handshake): the template, sanitised (§5), in a frame that may
 * run only its preview script (sandbox allow-scripts, no same-origin). The frame posts 'builder-ready'; two
 * seconds later the console sends the template with its pages and the active page; after that every change of
 * the draft or of the active page is sent at once. The frame's movement messages set the active page.
 */
export function PreviewFrame({ text, pages, active, onMovement, passPointer }: Props) {
  const { t, i18n } = useTranslation();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [connected, setConnected] = useState(false);
  const srcDoc = useMemo(() => previewDocument(BUILDER_PREVIEW_SOURCE, i18n.language), [i18n.language]);
  const html = useMemo(() => sanitizeTemplate(text), [text]);
  const labels = useMemo(
    () => ({ page: t('hiBuilder.preview.page'), noPages: t('hiBuilder.preview.noPages'), first: t('hiBuilder.preview.first'), previous: t('hiBuilder.preview.previous'), next: t('hiBuilder.preview.next') }),
    [t],
  );
  const latest = useRef({ html, pages, active, labels });
  latest.current = { html, pages, active, labels };
  const moved = useRef(onMovement);
  moved.current = onMovement;

  const post = (message: object) => frame.current?.contentWindow?.postMessage(message, '*');
  const sendTemplate = () => {
    const current = latest.current;
    post({ type: 'builder-template', html: current.html, pages: current.pages.map((p) => ({ id: p.id, name: p.name })), active: current.active, labels: current.labels });
  };

  useEffect(() => {
    let timer: number | undefined;
    const onMessage = (event: MessageEvent) => {
      // Only this frame's messages: a sandboxed frame's origin is 'null', so it is told apart by its window.
      if (event.source === null || event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (typeof data === 'object' && data !== null && (data as { type?: unknown }).type === 'builder-ready') {
        window.clearTimeout(timer);
        timer = window.setTimeout(() => {
          sendTemplate();
          setConnected(true);
        }, PREVIEW_TEMPLATE_DELAY_MS);
        return;
      }
      const value = movementValue(data);
      if (value !== null) moved.current(value);
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearTimeout(timer);
    };
  }, []);

  // Once connected, the preview follows the draft and the page chosen in the Pages panel.
  useEffect(() => {
    if (connected) sendTemplate();
  }, [connected, html, pages, labels]);
  useEffect(() => {
    if (connected) post({ type: 'builder-page', active });
  }, [connected, active]);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-1">
      <iframe
        ref={frame}
        title={t('hiBuilder.preview.title')}
        sandbox="allow-scripts"
        srcDoc={srcDoc}
        data-testid="builder-preview"
        data-connected={connected ? 'true' : 'false'}
        className={`min-h-[520px] w-full flex-1 rounded-xl border border-slate-200 bg-white ${passPointer ? 'pointer-events-none' : ''}`}
      />
      {!connected && (
        <p role="status" className="text-sm text-slate-600">
          {t('hiBuilder.preview.connecting')}
        </p>
      )}
    </div>
  );
}
