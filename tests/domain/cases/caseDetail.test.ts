import { describe, expect, it } from 'vitest';
import { caseDetailView, progressPosition, sortCaseLogs, validateCaseDetailSearch } from '../../../src/domain/cases/caseDetail.ts';
import { caseProgress, type ProgressState } from '../../../src/domain/cases/caseProgress.ts';

const state = (stateKey: string, order: number, hide = false): ProgressState => ({ id: `cst-${stateKey}`, stateKey, description: stateKey, order, hide });
const claims = [state('Received', 1), state('Review', 2), state('Paid', 3)];

describe('case detail search params', () => {
  it.each([
    [{ view: 'dashboard' }, { view: 'dashboard' }, 'dashboard'],
    [{ view: 'accordion' }, {}, 'accordion'],
    [{}, {}, 'accordion'],
    [{ view: 'DASHBOARD' }, {}, 'accordion'],
    [{ view: ['dashboard'] }, {}, 'accordion'],
  ])('%j reads as %j, the %s view', (raw, search, view) => {
    const parsed = validateCaseDetailSearch(raw);
    expect(parsed).toEqual(search);
    expect(caseDetailView(parsed)).toBe(view);
  });
});

describe('progress position', () => {
  it('a new Claims case in Received is at step 1 of 3', () => {
    expect(progressPosition(caseProgress({ states: claims, currentStateId: 'cst-Received' }))).toEqual({ step: 1, of: 3 });
  });

  it('hiding Review leaves 2 real steps, and Paid is step 2 of 2', () => {
    const hidden = [state('Received', 1), state('Review', 2, true), state('Paid', 3)];
    const progress = caseProgress({ states: hidden, history: ['cst-Received', 'cst-Review'], currentStateId: 'cst-Paid' });
    expect(progress.steps).toHaveLength(3);
    expect(progressPosition(progress)).toEqual({ step: 2, of: 2 });
  });

  it('a case that reached no visible state is at step 0, and placeholders never count', () => {
    expect(progressPosition(caseProgress({ states: [state('Only', 1)], currentStateId: null }))).toEqual({ step: 0, of: 1 });
  });
});

describe('case logs order', () => {
  it('lists the newest log first, equal dates by id', () => {
    const logs = [
      { id: 'b', date: 10 },
      { id: 'c', date: 30 },
      { id: 'a', date: 10 },
    ];
    expect(sortCaseLogs(logs).map((log) => log.id)).toEqual(['c', 'a', 'b']);
    expect(logs.map((log) => log.id)).toEqual(['b', 'c', 'a']);
  });
});
