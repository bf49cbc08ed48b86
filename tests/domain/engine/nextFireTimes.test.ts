import { describe, expect, it } from 'vitest';
import { nextFireTimes, webhookCurl } from '../../../src/domain/engine/eventRules.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('nextFireTimes: the event form preview of the next fire times', () => {
  it('gives the next five times of a rule in the calendar time zone', () => {
    // 09:00 in Mexico City (UTC-6, no daylight saving since 2022) is 15:00 UTC.
    const from = new Date('2026-03-02T12:00:00Z'); // a Monday
    expect(iso(nextFireTimes('0 9 * * *', 'America/Mexico_City', from, 5))).toEqual([
      '2026-03-02T15:00:00.000Z',
      '2026-03-03T15:00:00.000Z',
      '2026-03-04T15:00:00.000Z',
      '2026-03-05T15:00:00.000Z',
      '2026-03-06T15:00:00.000Z',
    ]);
  });

  it('skips the calendar’s days off (weekends and holidays), as the scheduler does', () => {
    const calendar = { timeZone: 'America/Mexico_City', workingWeekdays: [1, 2, 3, 4, 5], holidays: ['2026-03-04'] };
    const from = new Date('2026-03-05T16:00:00Z'); // Thursday after 09:00 local
    expect(iso(nextFireTimes('0 9 * * *', 'America/Mexico_City', from, 3, calendar))).toEqual([
      '2026-03-06T15:00:00.000Z', // Friday
      '2026-03-09T15:00:00.000Z', // Monday (Saturday and Sunday skipped)
      '2026-03-10T15:00:00.000Z',
    ]);
    const beforeHoliday = new Date('2026-03-03T16:00:00Z');
    expect(iso(nextFireTimes('0 9 * * *', 'America/Mexico_City', beforeHoliday, 1, calendar))).toEqual(['2026-03-05T15:00:00.000Z']);
  });

  it('answers nothing for an invalid rule, for no count, and for a calendar with no working day', () => {
    const from = new Date('2026-03-02T00:00:00Z');
    expect(nextFireTimes('not a rule', 'UTC', from, 5)).toEqual([]);
    expect(nextFireTimes('* * * * *', 'UTC', from, 0)).toEqual([]);
    expect(nextFireTimes('0 9 * * *', 'UTC', from, 5, { timeZone: 'UTC', workingWeekdays: [], holidays: [] })).toEqual([]);
  });

  it('counts every minute of an every-minute rule, strictly after the start', () => {
    const from = new Date('2026-03-02T10:00:00Z');
    expect(iso(nextFireTimes('* * * * *', 'UTC', from, 2))).toEqual(['2026-03-02T10:01:00.000Z', '2026-03-02T10:02:00.000Z']);
  });
});

describe('webhookCurl: the ready-to-paste request of the event form', () => {
  it('posts to the webhook URL with its token as a Bearer token and a JSON body', () => {
    expect(webhookCurl('http://127.0.0.1:4314/hooks/whk-1', 'tok_123')).toBe(
      `curl -X POST 'http://127.0.0.1:4314/hooks/whk-1' -H 'Authorization: Bearer tok_123' -H 'Content-Type: application/json' -d '{"source":"curl"}'`,
    );
  });

  it('names a placeholder once the token is no longer shown, and quotes what the shell would misread', () => {
    expect(webhookCurl("http://x/hooks/it's", null)).toBe(
      `curl -X POST 'http://x/hooks/it'\\''s' -H 'Authorization: Bearer <YOUR_TOKEN>' -H 'Content-Type: application/json' -d '{"source":"curl"}'`,
    );
  });
});
