import { describe, expect, it } from 'vitest';
import { caseProgress, COMPACT_ABOVE, MIN_STEPS, progressStates, UPCOMING_STEP, type ProgressState } from '../../../src/domain/cases/caseProgress.ts';

const state = (stateKey: string, order: number, hide = false): ProgressState => ({ id: `cst-${stateKey.toLowerCase()}`, stateKey, description: stateKey, order, hide });
const claims = [state('Paid', 3), state('Received', 1), state('Review', 2), state('Audit', 4, true), state('Denied', -1)];
const labels = (states: readonly ProgressState[], history: string[] = []) => caseProgress({ states, history }).steps.map((s) => `${s.label}:${s.status}`);

describe('case progress (part 2 §2, §4, §9)', () => {
  it('steps are the visible states by order: hidden, order -1 and TBD states are left out', () => {
    expect(progressStates([...claims, state('TBD', 5)]).map((s) => s.stateKey)).toEqual(['Received', 'Review', 'Paid']);
  });

  it('the case stands at the furthest step its history reached; earlier ones are done, skipped ones too', () => {
    expect(labels(claims, ['cst-received'])).toEqual(['Received:current', 'Review:upcoming', 'Paid:upcoming']);
    expect(labels(claims, ['cst-received', 'cst-paid'])).toEqual(['Received:done', 'Review:done', 'Paid:current']);
  });

  it.each([
    [[], 0],
    [['cst-received'], 33],
    [['cst-received', 'cst-review'], 67],
    [['cst-received', 'cst-review', 'cst-paid'], 100],
    // A final state outside the progress (order -1) keeps the case where it was.
    [['cst-received', 'cst-review', 'cst-denied'], 67],
    // A hidden state is no step, so reaching it moves nothing.
    [['cst-audit'], 0],
  ])('history %j is at %i percent', (history, percent) => {
    expect(caseProgress({ states: claims, history }).percent).toBe(percent);
  });

  it('the current state counts as reached, and states may be named by their key', () => {
    expect(caseProgress({ states: claims, currentStateId: 'cst-review' }).percent).toBe(67);
    expect(caseProgress({ states: claims, history: ['Paid'] }).current).toBe(2);
  });

  it.each([
    [0, 3, 3],
    [1, 3, 2],
    [2, 3, 1],
    [3, 3, 0],
    [5, 5, 0],
  ])('%i visible states show %i steps, %i of them Upcoming Step placeholders', (count, shown, placeholders) => {
    const states = Array.from({ length: count }, (_, i) => state(`S${i}`, i + 1));
    const { steps } = caseProgress({ states });
    expect(steps).toHaveLength(Math.max(count, MIN_STEPS));
    expect(steps.length).toBe(shown);
    expect(steps.filter((s) => s.kind === 'placeholder').every((s) => s.label === UPCOMING_STEP)).toBe(true);
    expect(steps.filter((s) => s.kind === 'placeholder')).toHaveLength(placeholders);
  });

  it.each([
    [5, false],
    [6, true],
  ])('with %i steps the compact style is %s', (count, compact) => {
    const states = Array.from({ length: count }, (_, i) => state(`S${i}`, i + 1));
    expect(caseProgress({ states }).compact).toBe(compact);
    expect(COMPACT_ABOVE).toBe(5);
  });

  it("changing a state's order or hide flag changes the progress of a case at once", () => {
    const history = ['cst-received', 'cst-review'];
    expect(caseProgress({ states: claims, history }).percent).toBe(67);
    const reviewHidden = claims.map((s) => (s.stateKey === 'Review' ? { ...s, hide: true } : s));
    expect(caseProgress({ states: reviewHidden, history }).percent).toBe(50);
    const paidFirst = claims.map((s) => (s.stateKey === 'Paid' ? { ...s, order: 0 } : s));
    expect(labels(paidFirst, history)).toEqual(['Paid:done', 'Received:done', 'Review:current']);
  });
});
