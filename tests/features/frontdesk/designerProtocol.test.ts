import { describe, expect, it } from 'vitest';
import { DESIGNER_HEIGHT_PX, DESIGNER_MAX_HEIGHT_PX, DESIGNER_MIN_HEIGHT_PX, DESIGNER_READY_TIMEOUT_MS, DESIGNER_TEMPLATE_DELAY_MS, designerHeight } from '../../../src/domain/forms/designerConstants.ts';
import { designerErrorDetail, designerOrigin, designerReducer, initialDesignerState, loadTemplateMessage, readDesignerMessage, type DesignerEvent } from '../../../src/features/frontdesk/editor/designerProtocol.ts';

const frameWindow = { name: 'the designer frame' };
const expected = { origin: 'https://designer.example.test', source: frameWindow };
const event = (data: unknown, over: { origin?: string; source?: unknown } = {}) => ({ origin: expected.origin, source: frameWindow, data, ...over });

describe('the designer timings of part 2 §9', () => {
  it.each([
    ['ready time-out', DESIGNER_READY_TIMEOUT_MS, 10_000],
    ['template after ready', DESIGNER_TEMPLATE_DELAY_MS, 1_000],
    ['frame height', DESIGNER_HEIGHT_PX, 600],
    ['smallest height', DESIGNER_MIN_HEIGHT_PX, 600],
    ['largest height', DESIGNER_MAX_HEIGHT_PX, 1_200],
  ])('%s is %d', (_name, value, spec) => {
    expect(value).toBe(spec);
  });

  it.each([
    [800, 800],
    [200, 600],
    [5000, 1200],
    [700.4, 700],
    [Number.NaN, 640],
    ['900', 640],
  ])('a resize to %s gives a frame of %d px', (requested, height) => {
    expect(designerHeight(requested, 640)).toBe(height);
  });
});

describe('messages from the designer (part 2 §5)', () => {
  it('are read from the designer origin and frame', () => {
    expect(readDesignerMessage(event({ type: 'editor-ready' }), expected)).toEqual({ type: 'editor-ready' });
    expect(readDesignerMessage(event({ type: 'template-changed', template: '<p>x</p>' }), expected)).toEqual({ type: 'template-changed', template: '<p>x</p>' });
    expect(readDesignerMessage(event({ type: 'resize', height: 900 }), expected)).toEqual({ type: 'resize', height: 900 });
  });

  it.each([
    ['another origin', event({ type: 'editor-ready' }, { origin: 'https://evil.example.test' })],
    ['an opaque origin', event({ type: 'editor-ready' }, { origin: 'null' })],
    ['the same origin over http', event({ type: 'editor-ready' }, { origin: 'http://designer.example.test' })],
    ['another window of the designer origin', event({ type: 'editor-ready' }, { source: { name: 'a pop-up' } })],
    ['no window', event({ type: 'editor-ready' }, { source: null })],
    ['a string', event('editor-ready')],
    ['an unknown type', event({ type: 'load-template', template: 'x' })],
    ['a template that is not text', event({ type: 'template-changed', template: 42 })],
    ['a height that is not a number', event({ type: 'resize', height: '900' })],
  ])('are ignored when they come from %s', (_name, message) => {
    expect(readDesignerMessage(message, expected)).toBeNull();
  });

  it('are all ignored while the frame has no window yet or the address has no origin', () => {
    expect(readDesignerMessage(event({ type: 'editor-ready' }, { source: undefined }), { ...expected, source: undefined })).toBeNull();
    expect(readDesignerMessage(event({ type: 'editor-ready' }, { origin: 'null' }), { origin: null, source: frameWindow })).toBeNull();
  });

  it.each([
    ['https://designer.example.test/app/index.html?x=1', 'https://designer.example.test'],
    ['http://localhost:4351/fake-designer.html', 'http://localhost:4351'],
    ['javascript:alert(1)', null],
    ['not a url', null],
    [null, null],
  ])('the origin of %s is %s', (url, origin) => {
    expect(designerOrigin(url)).toBe(origin);
  });

  it('the template goes to the designer as load-template', () => {
    expect(loadTemplateMessage('<form></form>')).toEqual({ type: 'load-template', template: '<form></form>' });
  });
});

describe('the designer states', () => {
  const run = (...events: DesignerEvent[]) => events.reduce(designerReducer, initialDesignerState);

  it('loads, then is ready when the designer says so', () => {
    expect(run().status).toBe('loading');
    expect(run({ type: 'frame-loaded' }, { type: 'ready' }).status).toBe('ready');
  });

  it('a frame that never loaded fails to load; one that loaded but never said ready failed to initialise', () => {
    const neverLoaded = run({ type: 'timed-out' });
    expect([neverLoaded.status, designerErrorDetail(neverLoaded)]).toEqual(['error', 'loadFailed']);
    const neverReady = run({ type: 'frame-loaded' }, { type: 'timed-out' });
    expect([neverReady.status, designerErrorDetail(neverReady)]).toEqual(['error', 'initFailed']);
  });

  it('a time-out after ready changes nothing, and Retry loads the frame again from the start', () => {
    expect(run({ type: 'ready' }, { type: 'timed-out' }).status).toBe('ready');
    const retried = run({ type: 'frame-loaded' }, { type: 'resize', height: 900 }, { type: 'timed-out' }, { type: 'retry' });
    expect(retried).toEqual({ status: 'loading', frameLoaded: false, attempt: 1, height: 600 });
  });

  it('resizes within 600 and 1200 px', () => {
    expect(run({ type: 'resize', height: 1000 }).height).toBe(1000);
    expect(run({ type: 'resize', height: 10 }).height).toBe(600);
    expect(run({ type: 'resize', height: 99999 }).height).toBe(1200);
  });
});
