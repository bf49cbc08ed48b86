import { describe, expect, it } from 'vitest';
import { activeQuickRange, quickRangeDays, responseTone, traceDuration } from '../../../src/domain/traces/traceDisplay.ts';

describe('trace durations (part 2 §2, §9)', () => {
  it.each([
    [0, { value: 0, unit: 'ms', slow: false }],
    [999, { value: 999, unit: 'ms', slow: false }],
    [1000, { value: 1, unit: 's', slow: false }],
    [1234, { value: 1.23, unit: 's', slow: false }],
    [5000, { value: 5, unit: 's', slow: false }],
    [5001, { value: 5, unit: 's', slow: true }],
    [12_500, { value: 12.5, unit: 's', slow: true }],
  ])('%i ms shows as %o', (ms, expected) => {
    expect(traceDuration(ms)).toEqual(expected);
  });

  it('an unknown duration shows nothing', () => {
    expect(traceDuration(null)).toBeNull();
    expect(traceDuration(-1)).toBeNull();
  });
});

describe('response status colours (part 2 §9)', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [299, 'success'],
    [301, 'redirect'],
    [399, 'redirect'],
    [400, 'failure'],
    [404, 'failure'],
    [500, 'failure'],
    [503, 'failure'],
    [null, 'none'],
    [100, 'none'],
  ])('%s is %s', (status, tone) => {
    expect(responseTone(status)).toBe(tone);
  });
});

describe('the API trace quick filters', () => {
  const now = Date.UTC(2026, 10, 27, 0, 30);
  it('last hour, today (24 h) and last 7 days (168 h) cover the days their window touches', () => {
    expect(quickRangeDays('lastHour', now)).toEqual({ startDate: '2026-11-26', endDate: '2026-11-27' });
    expect(quickRangeDays('today', now)).toEqual({ startDate: '2026-11-26', endDate: '2026-11-27' });
    expect(quickRangeDays('lastWeek', now)).toEqual({ startDate: '2026-11-20', endDate: '2026-11-27' });
    expect(quickRangeDays('lastHour', Date.UTC(2026, 10, 27, 12))).toEqual({ startDate: '2026-11-27', endDate: '2026-11-27' });
  });

  it('the chosen days tell which quick filter is on', () => {
    const noon = Date.UTC(2026, 10, 27, 12);
    expect(activeQuickRange('2026-11-20', '2026-11-27', noon)).toBe('lastWeek');
    expect(activeQuickRange('2026-11-01', '2026-11-27', noon)).toBeNull();
    expect(activeQuickRange(undefined, undefined, noon)).toBeNull();
  });

  it('in the first hour of a day, last hour and today (24 h) cover the same days: the one pressed shows pressed', () => {
    expect(activeQuickRange('2026-11-26', '2026-11-27', now, 'today')).toBe('today');
    expect(activeQuickRange('2026-11-26', '2026-11-27', now, 'lastHour')).toBe('lastHour');
    expect(activeQuickRange('2026-11-26', '2026-11-27', now)).toBe('lastHour');
    // A pressed filter whose days no longer match (dates edited by hand) gives way to what the days are.
    expect(activeQuickRange('2026-11-20', '2026-11-27', now, 'today')).toBe('lastWeek');
  });
});
