/**
 * The console's one date formatter. Part 2 §9 gives the format of dates shown in cases, MM-DD-YYYY HH:mm; it is
 * kept as the pattern everywhere (24-hour time, two-digit parts, dashes), with day, month and year in the order
 * of the reader's language, so a Spanish reader sees 23-11-2026 where an English one sees 11-23-2026. The time zone
 * is the reader's unless one is given. Intl is part of the language, so this stays pure.
 */
export type DateStyle = 'dateTime' | 'date' | 'time';

export type DateFormatOptions = { locale: string; timeZone?: string | undefined; style?: DateStyle };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

const DATE_PARTS = new Set<Intl.DateTimeFormatPartTypes>(['day', 'month', 'year']);

export function formatDate(epochMs: number, { locale, timeZone, style = 'dateTime' }: DateFormatOptions): string {
  if (!Number.isFinite(epochMs)) return '—';
  const parts = formatterFor(locale, timeZone).formatToParts(new Date(epochMs));
  const value = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
  const date = parts
    .filter((part) => DATE_PARTS.has(part.type))
    .map((part) => part.value)
    .join('-');
  const time = `${value('hour')}:${value('minute')}`;
  if (style === 'date') return date;
  if (style === 'time') return time;
  return `${date} ${time}`;
}

/** The machine-readable form for a `<time dateTime>` attribute. */
export const isoDateTime = (epochMs: number): string => (Number.isFinite(epochMs) ? new Date(epochMs).toISOString() : '');
