import { describe, expect, it } from 'vitest';
import { canRedo, canUndo, HISTORY_LIMIT, historyReducer, initialHistory, type History, type HistoryAction } from '../../../src/domain/engine/flowHistory.ts';

const run = (actions: HistoryAction<string>[], start: History<string> = initialHistory('a')) => actions.reduce(historyReducer<string>, start);

describe('modeler undo/redo', () => {
  it('undo and redo walk the committed steps; a new commit drops the redo steps', () => {
    let h = run([{ type: 'commit', next: 'b' }, { type: 'commit', next: 'c' }, { type: 'undo' }]);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = run([{ type: 'redo' }], h);
    expect(h.present).toBe('c');
    h = run([{ type: 'undo' }, { type: 'undo' }], h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    h = run([{ type: 'undo' }, { type: 'redo' }, { type: 'commit', next: 'x' }], h);
    expect(h).toEqual({ past: ['a', 'b'], present: 'x', future: [] });
  });

  it('a drag is one step: checkpoint, then previews, then a single undo goes back to before it', () => {
    const h = run([{ type: 'checkpoint' }, { type: 'preview', next: 'a1' }, { type: 'preview', next: 'a2' }, { type: 'preview', next: 'a3' }]);
    expect(h.present).toBe('a3');
    expect(run([{ type: 'undo' }], h).present).toBe('a');
  });

  it('committing the same value records nothing, and reset forgets everything', () => {
    const h = run([{ type: 'commit', next: 'a' }]);
    expect(canUndo(h)).toBe(false);
    expect(run([{ type: 'commit', next: 'b' }, { type: 'reset', present: 'z' }])).toEqual(initialHistory('z'));
  });

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    const h = run(Array.from({ length: HISTORY_LIMIT + 20 }, (_, i) => ({ type: 'commit' as const, next: `s${i}` })));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
  });
});
