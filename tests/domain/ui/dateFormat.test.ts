import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../src/domain/ui/dateFormat.ts';

const at = Date.UTC(2026, 10, 3, 7, 5);

describe('the one date formatter (part 2 §9: MM-DD-YYYY HH:mm)', () => {
  it.each([
    ['en', 'dateTime', '11-03-2026 07:05'],
    ['en-US', 'dateTime', '11-03-2026 07:05'],
    ['es', 'dateTime', '03-11-2026 07:05'],
    ['en', 'date', '11-03-2026'],
    ['es', 'date', '03-11-2026'],
    ['es', 'time', '07:05'],
  ] as const)('%s %s reads %s', (locale, style, expected) => {
    expect(formatDate(at, { locale, style, timeZone: 'UTC' })).toBe(expected);
  });

  it('shows the time in the given time zone, 24-hour', () => {
    expect(formatDate(Date.UTC(2026, 0, 1, 23, 30), { locale: 'en', timeZone: 'America/Mexico_City' })).toBe('01-01-2026 17:30');
    expect(formatDate(Date.UTC(2026, 0, 1, 23, 30), { locale: 'es', timeZone: 'Europe/Madrid' })).toBe('02-01-2026 00:30');
  });

  it('says nothing misleading for a missing date', () => {
    expect(formatDate(Number.NaN, { locale: 'en' })).toBe('—');
  });
});
