import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestTurn } from '../../../../src/features/dashboard/charts/chartTurns.ts';

describe('charts drawn one per task', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the first chart its turn in a later task, and the next one only in a task after the first is drawn', () => {
    const drawn: string[] = [];
    const releaseA = requestTurn(() => drawn.push('a'));
    const releaseB = requestTurn(() => drawn.push('b'));
    const releaseC = requestTurn(() => drawn.push('c'));
    expect(drawn).toEqual([]);
    vi.runOnlyPendingTimers();
    expect(drawn).toEqual(['a']);
    releaseA();
    expect(drawn).toEqual(['a']);
    vi.runOnlyPendingTimers();
    expect(drawn).toEqual(['a', 'b']);
    releaseB();
    releaseB();
    vi.runOnlyPendingTimers();
    expect(drawn).toEqual(['a', 'b', 'c']);
    releaseC();
    vi.runOnlyPendingTimers();
  });

  it('skips a chart that went away while waiting, and passes on the turn of one that went away holding it', () => {
    const drawn: string[] = [];
    const releaseA = requestTurn(() => drawn.push('a'));
    const releaseB = requestTurn(() => drawn.push('b'));
    const releaseC = requestTurn(() => drawn.push('c'));
    vi.runOnlyPendingTimers();
    releaseB();
    releaseA();
    vi.runOnlyPendingTimers();
    expect(drawn).toEqual(['a', 'c']);
    releaseC();
    vi.runOnlyPendingTimers();
    const releaseD = requestTurn(() => drawn.push('d'));
    vi.runOnlyPendingTimers();
    expect(drawn).toEqual(['a', 'c', 'd']);
    releaseD();
    vi.runOnlyPendingTimers();
  });
});
