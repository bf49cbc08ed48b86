import { describe, expect, it } from 'vitest';
import {
  dayStart,
  filterHistory,
  hasHistoryFilters,
  historyRange,
  isParked,
  matchesHistoryStatus,
  newestFirstOrder,
  validateHistorySearch,
  type HistoryStatus,
} from '../../../src/domain/engine/instanceHistory.ts';

const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00`).getTime();
const run = (id: string, status: string, day: string, stageHistory: unknown = []) => ({ id, status, startDate: at(day), createdAt: at(day), stageHistory });
const waitingHuman = [{ stage: 'start', stage_type: 'start', success: true }, { stage: 'review', stage_type: 'human-interface', success: false }];
const waitingNew = [{ stage: 'review', stage_type: 'human-interface', success: false, status: 'waiting' }];
const runningApi = [{ stage: 'policy', stage_type: 'api', success: false, status: 'running' }];

describe('App history status filter (part 1 §2, §4)', () => {
  it.each<[string, unknown, HistoryStatus, boolean]>([
    ['RUNNING', [], 'RUNNING', true],
    ['UNPROCESSED', [], 'RUNNING', true],
    ['PROGRESS', [], 'RUNNING', true],
    ['RUNNING', waitingHuman, 'HOLD', true],
    ['RUNNING', waitingNew, 'HOLD', true],
    ['RUNNING', runningApi, 'HOLD', false],
    ['RUNNING', [], 'HOLD', false],
    ['HOLD', [], 'HOLD', true],
    ['ERROR', waitingHuman, 'HOLD', false],
    ['DONE', [], 'DONE', true],
    ['COMPLETED', [], 'DONE', true],
    ['INCOMPLETE', [], 'DONE', false],
    ['ERROR', [], 'ERROR', true],
    ['DELETED', [], 'ERROR', false],
    ['SOMETHING', [], 'RUNNING', false],
  ])('%s (stages %j) under %s: %s', (status, stageHistory, wanted, kept) => {
    expect(matchesHistoryStatus({ status, stageHistory }, wanted)).toBe(kept);
  });

  it('a parked run is a running one too', () => {
    expect(isParked({ status: 'RUNNING', stageHistory: waitingHuman })).toBe(true);
    expect(matchesHistoryStatus({ status: 'RUNNING', stageHistory: waitingHuman }, 'RUNNING')).toBe(true);
  });

  it('keeps any of the chosen statuses, and everything when none is chosen', () => {
    const runs = [run('a', 'RUNNING', '2026-03-01'), run('b', 'ERROR', '2026-03-02'), run('c', 'DONE', '2026-03-03')];
    expect(filterHistory(runs, { statuses: [], range: {} }).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(filterHistory(runs, { statuses: ['ERROR', 'DONE'], range: {} }).map((r) => r.id)).toEqual(['b', 'c']);
  });
});

describe('App history date range (part 1 §5: only when two dates are chosen)', () => {
  const runs = [run('a', 'DONE', '2026-03-01'), run('b', 'DONE', '2026-03-02'), run('c', 'DONE', '2026-03-03'), run('d', 'DONE', '2026-03-04')];
  it.each([
    ['one date only (from)', { from: '2026-03-02' }, ['a', 'b', 'c', 'd']],
    ['one date only (to)', { to: '2026-03-02' }, ['a', 'b', 'c', 'd']],
    ['both dates: whole days, ends included', { from: '2026-03-02', to: '2026-03-03' }, ['b', 'c']],
    ['both dates picked backwards', { from: '2026-03-03', to: '2026-03-02' }, ['b', 'c']],
    ['one day', { from: '2026-03-04', to: '2026-03-04' }, ['d']],
    ['a day that does not exist', { from: '2026-02-30', to: '2026-03-03' }, ['a', 'b', 'c', 'd']],
  ])('%s', (_label, range, kept) => {
    expect(filterHistory(runs, { statuses: [], range }).map((r) => r.id)).toEqual(kept);
  });

  it('covers the last millisecond of the last day', () => {
    const range = historyRange({ from: '2026-03-02', to: '2026-03-02' })!;
    expect(range.to - range.from).toBe(24 * 3600_000 - 1);
    expect(dayStart('2026-13-01')).toBeNull();
    expect(dayStart('26-1-1')).toBeNull();
  });

  it('an instance without a start date is placed by its creation', () => {
    const unstarted = { ...run('x', 'UNPROCESSED', '2026-03-02'), startDate: null };
    expect(filterHistory([unstarted], { statuses: [], range: { from: '2026-03-02', to: '2026-03-02' } })).toHaveLength(1);
  });
});

describe('App history order and URL', () => {
  it('lists newest first by start, ties by creation then id', () => {
    const runs = [run('a', 'DONE', '2026-03-01'), run('c', 'DONE', '2026-03-03'), run('b', 'DONE', '2026-03-03')];
    expect(newestFirstOrder(runs).map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });

  it('reads its search params leniently and keeps only what it understands', () => {
    expect(validateHistorySearch({ appId: 'app-1', status: ['error', 'HOLD', 'NOPE'], from: '2026-03-01', to: 'yesterday', page: '2' })).toEqual({
      appId: 'app-1',
      status: ['ERROR', 'HOLD'],
      from: '2026-03-01',
      page: 2,
    });
    expect(validateHistorySearch({ status: 'DONE,RUNNING', page: -1 })).toEqual({ status: ['RUNNING', 'DONE'] });
    expect(validateHistorySearch({ appId: 42, page: 1.5 })).toEqual({});
  });

  it('offers Clear filters only when a filter is chosen', () => {
    expect(hasHistoryFilters({ appId: 'app-1', page: 3 })).toBe(false);
    expect(hasHistoryFilters({ appId: 'app-1', from: '2026-03-01' })).toBe(true);
    expect(hasHistoryFilters({ status: ['DONE'] })).toBe(true);
  });
});
