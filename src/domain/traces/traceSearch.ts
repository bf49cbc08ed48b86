import { searchPage, searchText } from '../ui/urlSearch.ts';
import { DEFAULT_TRACE_PAGE_SIZE, isCalendarDay, TRACE_METHODS, TRACE_PAGE_SIZES, TRACE_STATUSES, type TraceMethod, type TraceStatus } from './traceQueries.ts';
import type { ApiTraceFilters, WebhookTraceFilters } from './traceScope.ts';

/**
 * Trace Management's state in the URL of Settings' Trace tab (`/admin-info?tab=trace&traceTab=api&status=error…`),
 * so a reload, Back or a shared link opens the same tab, filters, page and dialog. Whatever a hand-edited link
 * holds is read leniently: an unknown value is left out rather than refused.
 */
export const TRACE_TABS = ['flow', 'webhook', 'api'] as const;
export type TraceTab = (typeof TRACE_TABS)[number];
export const DEFAULT_TRACE_TAB: TraceTab = 'flow';

/** Every search key the trace tabs own; switching tabs drops them all. */
export const TRACE_SEARCH_KEYS = ['traceTab', 'status', 'webhookId', 'method', 'url', 'startDate', 'endDate', 'quick', 'page', 'limit', 'trace'] as const;
export type TraceSearch = Partial<Record<(typeof TRACE_SEARCH_KEYS)[number], string | number>>;

export const traceTabOf = (search: Record<string, unknown>): TraceTab => {
  const tab = searchText(search.traceTab);
  return (TRACE_TABS as readonly string[]).includes(tab ?? '') ? (tab as TraceTab) : DEFAULT_TRACE_TAB;
};

const statusOf = (raw: unknown): TraceStatus | undefined => {
  const text = searchText(raw);
  return (TRACE_STATUSES as readonly string[]).includes(text ?? '') ? (text as TraceStatus) : undefined;
};
const dayOf = (raw: unknown): string | undefined => {
  const text = searchText(raw);
  return text !== undefined && isCalendarDay(text) ? text : undefined;
};
const limitOf = (raw: unknown): number => {
  const n = Number(searchText(raw));
  return (TRACE_PAGE_SIZES as readonly number[]).includes(n) ? n : DEFAULT_TRACE_PAGE_SIZE;
};

export const methodsOf = (raw: unknown): TraceMethod[] => {
  const chosen = new Set((searchText(raw) ?? '').split(',').map((m) => m.trim().toUpperCase()));
  return TRACE_METHODS.filter((m) => chosen.has(m));
};

/** The chosen days, and the range to send: part 2 §5, a range needs both dates (in order); one alone is not sent. */
export function dayFilters(search: Record<string, unknown>): { startDate?: string; endDate?: string; incomplete: boolean } {
  const startDate = dayOf(search.startDate);
  const endDate = dayOf(search.endDate);
  if (startDate && endDate && startDate <= endDate) return { startDate, endDate, incomplete: false };
  return { incomplete: startDate !== undefined || endDate !== undefined };
}

const common = (search: Record<string, unknown>) => {
  const { startDate, endDate } = dayFilters(search);
  const status = statusOf(search.status);
  return {
    ...(status ? { status } : {}),
    ...(startDate && endDate ? { startDate, endDate } : {}),
    page: searchPage(search.page) ?? 1,
    limit: limitOf(search.limit),
  };
};

export function webhookFiltersOf(search: Record<string, unknown>): WebhookTraceFilters {
  const webhookId = searchText(search.webhookId);
  return { ...common(search), ...(webhookId ? { webhookId } : {}) };
}

export function apiFiltersOf(search: Record<string, unknown>): ApiTraceFilters {
  const url = typeof search.url === 'string' && search.url.trim() !== '' ? search.url.trim().slice(0, 2000) : undefined;
  const methods = methodsOf(search.method);
  return { ...common(search), ...(methods.length > 0 ? { methods } : {}), ...(url ? { url } : {}) };
}
