import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';

/** Part 2 §4: webhook and API execution statuses. */
export const TRACE_STATUSES = ['processing', 'success', 'error'] as const;
export type TraceStatus = (typeof TRACE_STATUSES)[number];

/** Part 2 §9: the API trace's method filter. */
export const TRACE_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
export type TraceMethod = (typeof TRACE_METHODS)[number];

/** Part 2 §9: trace tables default to 50 rows a page, with 25, 50 and 100 offered. */
export const TRACE_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_TRACE_PAGE_SIZE = 50;

export const TRACE_QUERY_MESSAGES = {
  bothDates: 'A date range needs both startDate and endDate',
  dateFormat: 'must be a date as YYYY-MM-DD',
  dateOrder: 'endDate must be on or after startDate',
  pageSize: `limit must be one of ${TRACE_PAGE_SIZES.join(', ')}`,
  method: `method must be a comma-joined list of ${TRACE_METHODS.join(', ')}`,
} as const;

const DAY_MS = 86_400_000;

/** A calendar day as part 2 §5 sends it (YYYY-MM-DD), and a real one (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

const daySchema = z.string().refine(isCalendarDay, TRACE_QUERY_MESSAGES.dateFormat);

/** Executions from the start of startDate up to, not including, the day after endDate: endDate is a whole day (UTC). */
export type TraceRange = { from: Date; before: Date };

/**
 * No execution is older than the epoch or as far off as the year 9999, and databases and drivers disagree on years
 * before 1 AD and after 9999: any calendar day is accepted, and the range is clamped to those bounds.
 */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 0, 1);
const clamp = (ms: number) => new Date(Math.min(LATEST, Math.max(EARLIEST, ms)));

export function dayRange(startDate: string, endDate: string): TraceRange {
  return { from: clamp(Date.parse(`${startDate}T00:00:00Z`)), before: clamp(Date.parse(`${endDate}T00:00:00Z`) + DAY_MS) };
}

const paging = {
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').max(1_000_000).default(1),
  limit: z.coerce
    .number()
    .int(TRACE_QUERY_MESSAGES.pageSize)
    .refine((n) => (TRACE_PAGE_SIZES as readonly number[]).includes(n), TRACE_QUERY_MESSAGES.pageSize)
    .default(DEFAULT_TRACE_PAGE_SIZE),
};

const dates = { startDate: daySchema.optional(), endDate: daySchema.optional() };

/** Part 2 §5: a date range needs both dates; then the query carries the range instead of the two days. */
function withRange<T extends { startDate?: string | undefined; endDate?: string | undefined }>(query: T, ctx: z.RefinementCtx) {
  const { startDate, endDate, ...rest } = query;
  if ((startDate === undefined) !== (endDate === undefined)) {
    ctx.addIssue({ code: 'custom', message: TRACE_QUERY_MESSAGES.bothDates, path: [startDate === undefined ? 'startDate' : 'endDate'] });
    return z.NEVER;
  }
  if (startDate !== undefined && endDate !== undefined && endDate < startDate) {
    ctx.addIssue({ code: 'custom', message: TRACE_QUERY_MESSAGES.dateOrder, path: ['endDate'] });
    return z.NEVER;
  }
  return { ...rest, range: startDate !== undefined && endDate !== undefined ? dayRange(startDate, endDate) : null };
}

/** GET /webhooks/executions/{workspaceId}: status, webhookId, startDate, endDate, page, limit (part 2 §7). */
export const webhookTraceQuerySchema = z
  .object({ status: z.enum(TRACE_STATUSES).optional(), webhookId: idRefSchema.optional(), ...dates, ...paging })
  .transform(withRange);
export type WebhookTraceQuery = z.output<typeof webhookTraceQuerySchema>;

/** 'GET,POST' (the console joins the multi-select with commas); empty means every method. */
const methodList = z
  .string()
  .max(100)
  .transform((value, ctx) => {
    const list = [...new Set(value.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean))];
    if (list.some((m) => !(TRACE_METHODS as readonly string[]).includes(m))) {
      ctx.addIssue({ code: 'custom', message: TRACE_QUERY_MESSAGES.method });
      return z.NEVER;
    }
    return list as TraceMethod[];
  });

/** GET /external-api-executions: status, method (comma-joined), url (substring), startDate, endDate, page, limit. */
export const apiTraceQuerySchema = z
  .object({
    status: z.enum(TRACE_STATUSES).optional(),
    method: methodList.optional(),
    url: z.string().trim().max(2000, 'url must be 2000 characters at most').optional(),
    ...dates,
    ...paging,
  })
  .transform(withRange);
export type ApiTraceQuery = z.output<typeof apiTraceQuerySchema>;

export const webhookTraceParamsSchema = z.object({ workspaceId: idRefSchema });

export type TracePagination = { total: number; page: number; limit: number };
