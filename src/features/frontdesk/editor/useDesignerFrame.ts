import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { DESIGNER_READY_TIMEOUT_MS, DESIGNER_TEMPLATE_DELAY_MS } from '../../../domain/forms/designerConstants.ts';
import { designerOrigin, designerReducer, initialDesignerState, loadTemplateMessage, readDesignerMessage, type DesignerState } from './designerProtocol.ts';

type Options = {
  frame: RefObject<HTMLIFrameElement | null>;
  designerUrl: string;
  template: string;
  onChange: (template: string) => void;
};

/**
 * The designer frame's life (part 2 §2, §9): loading until it says `editor-ready` (else an error after 10 s), the
 * template sent about 1 s after that, its changes and height taken from its messages, from its origin only (§5).
 */
export function useDesignerFrame({ frame, designerUrl, template, onChange }: Options): {
  state: DesignerState;
  frameLoaded: () => void;
  retry: () => void;
} {
  const [state, dispatch] = useReducer(designerReducer, initialDesignerState);
  const origin = designerOrigin(designerUrl);
  const latest = useRef({ template, onChange });
  latest.current = { template, onChange };

  useEffect(() => {
    if (state.status !== 'loading') return;
    const timer = window.setTimeout(() => dispatch({ type: 'timed-out' }), DESIGNER_READY_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, state.attempt]);

  useEffect(() => {
    if (state.status !== 'ready' || origin === null) return;
    const timer = window.setTimeout(() => {
      frame.current?.contentWindow?.postMessage(loadTemplateMessage(latest.current.template), origin);
    }, DESIGNER_TEMPLATE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.status, state.attempt, origin, frame]);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      const message = readDesignerMessage(event, { origin, source: frame.current?.contentWindow });
      if (message === null) return;
      if (message.type === 'editor-ready') dispatch({ type: 'ready' });
      else if (message.type === 'resize') dispatch({ type: 'resize', height: message.height });
      else if (message.template !== latest.current.template) latest.current.onChange(message.template);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [origin, frame]);

  return { state, frameLoaded: () => dispatch({ type: 'frame-loaded' }), retry: () => dispatch({ type: 'retry' }) };
}
