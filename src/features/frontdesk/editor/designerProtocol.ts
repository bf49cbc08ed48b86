import { DESIGNER_HEIGHT_PX, designerHeight } from '../../../domain/forms/designerConstants.ts';

/**
 * The messages between the console and the Graphic Designer (part 2 §2, §5). The designer says
 * `{ type: 'editor-ready' }` once it can take a template, `{ type: 'template-changed', template }` on every change
 * and `{ type: 'resize', height }` when its content grows; the console sends `{ type: 'load-template', template }`.
 * A message counts only when it comes from the designer's own origin and from the designer's frame.
 */
export type DesignerMessage = { type: 'editor-ready' } | { type: 'template-changed'; template: string } | { type: 'resize'; height: number };

export type LoadTemplateMessage = { type: 'load-template'; template: string };

export const loadTemplateMessage = (template: string): LoadTemplateMessage => ({ type: 'load-template', template });

/** The origin of an http(s) designer address, or null when the address is not one. */
export function designerOrigin(url: string | null): string | null {
  if (url === null) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

type MessageLike = { origin: string; source: unknown; data: unknown };

/** The designer's message, or null for anything else: another origin, another window, or an unknown shape. */
export function readDesignerMessage(event: MessageLike, expected: { origin: string | null; source: unknown }): DesignerMessage | null {
  if (expected.origin === null || event.origin !== expected.origin) return null;
  if (expected.source === null || expected.source === undefined || event.source !== expected.source) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.type === 'editor-ready') return { type: 'editor-ready' };
  if (message.type === 'template-changed' && typeof message.template === 'string') return { type: 'template-changed', template: message.template };
  if (message.type === 'resize' && typeof message.height === 'number' && Number.isFinite(message.height)) return { type: 'resize', height: message.height };
  return null;
}

export type DesignerStatus = 'loading' | 'ready' | 'error';

export type DesignerState = {
  status: DesignerStatus;
  /** The frame fired its load event: an error then means the designer never said it was ready. */
  frameLoaded: boolean;
  /** Bumped by Retry: the frame is rebuilt, so it loads again. */
  attempt: number;
  height: number;
};

export type DesignerEvent = { type: 'frame-loaded' } | { type: 'ready' } | { type: 'timed-out' } | { type: 'retry' } | { type: 'resize'; height: number };

export const initialDesignerState: DesignerState = { status: 'loading', frameLoaded: false, attempt: 0, height: DESIGNER_HEIGHT_PX };

export function designerReducer(state: DesignerState, event: DesignerEvent): DesignerState {
  switch (event.type) {
    case 'frame-loaded':
      return { ...state, frameLoaded: true };
    case 'ready':
      // A designer that answers after the time-out is still welcome.
      return { ...state, status: 'ready' };
    case 'timed-out':
      return state.status === 'loading' ? { ...state, status: 'error' } : state;
    case 'retry':
      return { ...initialDesignerState, attempt: state.attempt + 1 };
    case 'resize':
      return { ...state, height: designerHeight(event.height, state.height) };
  }
}

/** Which §8 text explains the error: the frame never loaded, or it loaded but never said it was ready. */
export const designerErrorDetail = (state: DesignerState): 'loadFailed' | 'initFailed' => (state.frameLoaded ? 'initFailed' : 'loadFailed');
