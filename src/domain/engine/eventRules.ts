import { Cron } from 'croner';

/**
 * Event and webhook rules of part 1 §5: default names, the passphrase that enables token generation, cron
 * rules, and the business-day test of calendars (working weekdays and holidays read in the calendar's zone).
 */
export const defaultEventName = (eventName: string, unixSeconds: number) => `Event-${eventName}-${unixSeconds}`;
export const defaultWebhookName = (unixSeconds: number) => `Webhook-${unixSeconds}`;

/** The path of a webhook's URL (`POST /hooks/{id}`). */
export const webhookPath = (id: string) => `/hooks/${id}`;

/** What the event form shows in place of a token it no longer holds (a token is shown once, when generated). */
export const TOKEN_PLACEHOLDER = '<YOUR_TOKEN>';

/**
 * A ready-to-paste request that starts the event through its webhook (`POST /hooks/{id}` with the webhook's token
 * as a Bearer token). URL and token are quoted for a POSIX shell, so the line is safe to paste as it is.
 */
export function webhookCurl(url: string, token: string | null): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return [
    `curl -X POST ${quote(url)}`,
    `-H ${quote(`Authorization: Bearer ${token ?? TOKEN_PLACEHOLDER}`)}`,
    `-H 'Content-Type: application/json'`,
    `-d '{"source":"curl"}'`,
  ].join(' ');
}

/** Generate Token is enabled only when the passphrase is longer than 3 characters. */
export const MIN_PASSPHRASE_LENGTH = 4;
export const canGenerateToken = (passphrase: string) => passphrase.length >= MIN_PASSPHRASE_LENGTH;

/** Answers why a cron rule is invalid, or null when croner accepts it (5 fields, or 6 with seconds). */
export function cronRuleProblem(rule: string): string | null {
  try {
    new Cron(rule, { paused: true });
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'invalid cron rule';
  }
}

/** When a cron rule fires next after `now` in the calendar's zone (for display: the scheduler decides). */
export function nextFireAt(rule: string | null, timeZone: string, now: Date): Date | null {
  return rule ? new Cron(rule, { timezone: timeZone, paused: true }).nextRun(now) : null;
}

/** How many cron ticks a preview looks through for business days before it gives up (a rule on holidays only). */
const MAX_PREVIEW_TICKS = 1000;

/**
 * The next `count` times a cron rule fires after `from` in a time zone, as the scheduler fires them: with a
 * calendar, ticks on a day off (a non-working weekday or a holiday in the calendar's zone) are skipped. An empty
 * list for an invalid rule, so a preview can be drawn while the rule is being typed.
 */
export function nextFireTimes(rule: string, timeZone: string, from: Date, count: number, calendar: BusinessCalendar | null = null): Date[] {
  if (count <= 0 || cronRuleProblem(rule) !== null) return [];
  const cron = new Cron(rule, { timezone: timeZone, paused: true });
  const times: Date[] = [];
  let after = from;
  for (let tick = 0; tick < MAX_PREVIEW_TICKS && times.length < count; tick += 1) {
    const next = cron.nextRun(after);
    if (next === null) break;
    if (calendar === null || isBusinessDay(next, calendar)) times.push(next);
    after = next;
  }
  return times;
}

export type BusinessCalendar = {
  timeZone: string;
  /** 0 Sunday .. 6 Saturday. */
  workingWeekdays: readonly number[];
  /** 'YYYY-MM-DD' in the calendar's zone. */
  holidays: readonly string[];
};

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', weekday: 'short' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date ('YYYY-MM-DD') and weekday of an instant in a time zone. */
export function localDay(instant: Date, timeZone: string): { date: string; weekday: number } {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday: WEEKDAYS[parts.weekday ?? ''] ?? -1 };
}

export function isBusinessDay(instant: Date, calendar: BusinessCalendar): boolean {
  const { date, weekday } = localDay(instant, calendar.timeZone);
  return calendar.workingWeekdays.includes(weekday) && !calendar.holidays.includes(date);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}
