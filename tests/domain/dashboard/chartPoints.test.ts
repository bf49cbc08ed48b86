import { describe, expect, it } from 'vitest';
import type { CaseSeries } from '../../../src/domain/dashboard/caseSeries.ts';
import { chartWindow, pointLabel, pointLabels } from '../../../src/domain/dashboard/chartPoints.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

function series(count: number, chartFrom: number): CaseSeries {
  return {
    period: 'Month',
    bucket: 'day',
    starts: range(count, 0).map((i) => i * DAY),
    created: range(count, 101),
    closed: range(count, 201),
    active: range(count, 301),
    previous: { created: range(count, 1), closed: range(count, 1), active: range(count, 1) },
    chartFrom,
  };
}

describe('the window a flow chart draws (part 1 §9: the last 7 points for timespans 2 and 3)', () => {
  it('the 7-day view shows all seven days against the previous seven', () => {
    const { shown, before } = chartWindow(series(7, 0), 'created');
    expect(shown).toEqual([101, 102, 103, 104, 105, 106, 107]);
    expect(before).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('the 30-day view shows its last seven days against the seven days before them', () => {
    const { shown, before } = chartWindow(series(30, 23), 'closed');
    expect(shown).toEqual(range(7, 224));
    expect(before).toEqual(range(7, 217));
  });

  it('a view that starts near its beginning borrows the end of the previous period', () => {
    const { shown, before } = chartWindow(series(10, 3), 'active');
    expect(shown).toEqual(range(7, 304));
    expect(before).toEqual([7, 8, 9, 10, 301, 302, 303]);
  });

  it('the 24-hour and 90-day views show every point against the whole previous period', () => {
    const { shown, before } = chartWindow(series(24, 0), 'created');
    expect(shown).toHaveLength(24);
    expect(before).toEqual(range(24, 1));
  });
});

describe('point labels (part 1 §9: hourly data converted from UTC to local time)', () => {
  it('an hour is labelled HH:00 in the reader’s time zone', () => {
    const at = Date.UTC(2026, 10, 23, 15);
    expect(pointLabel(at, 'hour', { locale: 'en', timeZone: 'UTC' })).toBe('15:00');
    expect(pointLabel(at, 'hour', { locale: 'en', timeZone: 'America/Mexico_City' })).toBe('09:00');
    expect(pointLabel(at, 'hour', { locale: 'es', timeZone: 'Asia/Kolkata' })).toBe('20:00');
    expect(pointLabel(Date.UTC(2026, 10, 23, 0), 'hour', { locale: 'en', timeZone: 'UTC' })).toBe('00:00');
  });

  it('a day is a short local date in the reader’s language', () => {
    const at = Date.UTC(2026, 10, 23, 6);
    expect(pointLabel(at, 'day', { locale: 'en', timeZone: 'UTC' })).toBe('Nov 23');
    expect(pointLabel(at, 'day', { locale: 'es', timeZone: 'UTC' })).toMatch(/^23 nov/);
    expect(pointLabel(at, 'day', { locale: 'en', timeZone: 'Pacific/Pago_Pago' })).toBe('Nov 22');
  });

  it('a day of hours reads 00:00 to 23:00 from the local midnight', () => {
    const midnight = Date.UTC(2026, 10, 23) - -3 * HOUR; // local midnight at UTC−3
    const labels = pointLabels(range(24, 0).map((h) => midnight + h * HOUR), 'hour', { locale: 'es', timeZone: 'America/Sao_Paulo' });
    expect(labels[0]).toBe('00:00');
    expect(labels[23]).toBe('23:00');
  });
});
