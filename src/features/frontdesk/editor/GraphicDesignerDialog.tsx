import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { externalFrameSandbox } from '../../../domain/settings/workspaceRules.ts';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { designerErrorDetail } from './designerProtocol.ts';
import { useDesignerFrame } from './useDesignerFrame.ts';

type Props = { designerUrl: string; template: string; onChange: (template: string) => void };

/** The 'Graphic Designer (beta)' button and the dialog it opens (part 2 §2). */
export function GraphicDesignerButton({ designerUrl, template, onChange }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {t('frontdeskEditor.designer.open')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('frontdeskEditor.designer.title')} wide actions={<Button variant="ghost" onClick={() => setOpen(false)}>{t('frontdeskEditor.designer.close')}</Button>}>
        {open && <DesignerFrame designerUrl={designerUrl} template={template} onChange={onChange} />}
      </Dialog>
    </>
  );
}

/**
 * The designer from its own site in a sandboxed frame. Scripts, forms and its own origin's storage are allowed to it,
 * never to a designer on the console's own origin (it could then lift its sandbox): that one gets an opaque origin,
 * its messages fail the origin check and it ends in the error state.
 */
export function DesignerFrame({ designerUrl, template, onChange }: Props) {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const { state, frameLoaded, retry } = useDesignerFrame({ frame, designerUrl, template, onChange });
  const sandbox = externalFrameSandbox(designerUrl, typeof window === 'undefined' ? '' : window.location.origin);
  return (
    <div className="flex flex-col gap-3" data-testid="graphic-designer" data-state={state.status}>
      {state.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
          <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand" />
          {t('frontdeskEditor.designer.loading')}
        </p>
      )}
      {state.status === 'ready' && <p className="text-sm text-slate-600">{t('frontdeskEditor.designer.ready')}</p>}
      {state.status === 'error' && (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-semibold text-red-800">{t('frontdeskEditor.designer.errorTitle')}</p>
          <p className="text-sm text-red-800">{t(`frontdeskEditor.designer.${designerErrorDetail(state)}`)}</p>
          <Button size="sm" variant="secondary" onClick={retry}>
            {t('frontdeskEditor.designer.retry')}
          </Button>
        </div>
      )}
      <iframe
        key={state.attempt}
        ref={frame}
        src={designerUrl}
        title={t('frontdeskEditor.designer.frameTitle')}
        sandbox={sandbox}
        referrerPolicy="no-referrer"
        onLoad={frameLoaded}
        style={{ height: state.height }}
        className={`w-full rounded-lg border border-slate-200 bg-white ${state.status === 'error' ? 'hidden' : ''}`}
      />
    </div>
  );
}
