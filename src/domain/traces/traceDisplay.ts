/**
 * How the trace tables show an execution (part 2 §2 Trace Management, §9): durations in ms under 1,000 ms, else in
 * seconds, highlighted above 5,000 ms; response statuses 2xx green, 3xx orange, 4xx and above red.
 */
export const SLOW_CALL_MS = 5000;

export type Duration = { value: number; unit: 'ms' | 's'; slow: boolean };

export function traceDuration(ms: number | null | undefined): Duration | null {
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) return null;
  const slow = ms > SLOW_CALL_MS;
  if (ms < 1000) return { value: Math.round(ms), unit: 'ms', slow };
  return { value: Math.round(ms / 10) / 100, unit: 's', slow };
}

export type ResponseTone = 'success' | 'redirect' | 'failure' | 'none';

export function responseTone(status: number | null | undefined): ResponseTone {
  if (typeof status !== 'number' || !Number.isFinite(status) || status < 200) return 'none';
  if (status < 300) return 'success';
  if (status < 400) return 'redirect';
  return 'failure';
}

/** Part 2 §2: the API trace's quick filters, as hours back from now. */
export const QUICK_RANGES = { lastHour: 1, today: 24, lastWeek: 168 } as const;
export type QuickRange = keyof typeof QUICK_RANGES;

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a quick filter covers. The trace calls filter by whole days (part 2 §5, YYYY-MM-DD, read as UTC by
 * traceQueries.ts' dayRange), so 'last hour' is the day or two that hour touches.
 */
export function quickRangeDays(range: QuickRange, now: number): { startDate: string; endDate: string } {
  return { startDate: utcDay(now - QUICK_RANGES[range] * 3_600_000), endDate: utcDay(now) };
}

/**
 * Which quick filter (if any) the chosen days are, so its button shows pressed. In the first hour of a UTC day 'last
 * hour' covers the same two days as 'today (24 h)', so the filter the user pressed (`chosen`, kept in the URL) wins
 * while its days still match; otherwise the first filter whose days match.
 */
export function activeQuickRange(startDate: string | undefined, endDate: string | undefined, now: number, chosen?: string): QuickRange | null {
  if (!startDate || !endDate) return null;
  const matches = (Object.keys(QUICK_RANGES) as QuickRange[]).filter((range) => {
    const days = quickRangeDays(range, now);
    return days.startDate === startDate && days.endDate === endDate;
  });
  return matches.find((range) => range === chosen) ?? matches[0] ?? null;
}
