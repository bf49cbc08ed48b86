import { describe, expect, it } from 'vitest';
import {
  dayRange,
  apiTraceQuerySchema,
  DEFAULT_TRACE_PAGE_SIZE,
  TRACE_PAGE_SIZES,
  TRACE_QUERY_MESSAGES,
  webhookTraceQuerySchema,
} from '../../../src/domain/traces/traceQueries.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe('trace queries (part 2 §5, §7, §9)', () => {
  it('defaults to page 1 of 50 rows with no filter', () => {
    expect(webhookTraceQuerySchema.parse({})).toEqual({ page: 1, limit: DEFAULT_TRACE_PAGE_SIZE, range: null });
    expect(DEFAULT_TRACE_PAGE_SIZE).toBe(50);
    expect(TRACE_PAGE_SIZES).toEqual([25, 50, 100]);
  });

  it.each([
    ['25', true],
    ['50', true],
    ['100', true],
    ['10', false],
    ['1000', false],
    ['abc', false],
    ['50.5', false],
  ])('limit %s allowed: %s', (limit, ok) => {
    expect(apiTraceQuerySchema.safeParse({ limit }).success).toBe(ok);
  });

  it.each(['0', '-1', '1.5', 'x'])('page %s is refused', (page) => {
    expect(webhookTraceQuerySchema.safeParse({ page }).success).toBe(false);
  });

  it('turns both dates into a whole-day UTC range: endDate is inclusive', () => {
    const query = webhookTraceQuerySchema.parse({ startDate: '2026-03-01', endDate: '2026-03-01', page: '2', limit: '25' });
    expect(query).toEqual({ page: 2, limit: 25, range: { from: new Date('2026-03-01T00:00:00Z'), before: new Date('2026-03-02T00:00:00Z') } });
  });

  it.each([
    [{ startDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.bothDates],
    [{ endDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.bothDates],
    [{ startDate: '2026-03-02', endDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.dateOrder],
    [{ startDate: '01/03/2026', endDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.dateFormat],
    [{ startDate: '2026-02-30', endDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.dateFormat],
    [{ startDate: '2026-03-01T10:00', endDate: '2026-03-01' }, TRACE_QUERY_MESSAGES.dateFormat],
  ])('refuses %j with a clear message', (input, message) => {
    expect(messages(webhookTraceQuerySchema.safeParse(input))).toContain(message);
  });

  it('takes status and webhookId, and refuses an unknown status or a bad id', () => {
    expect(webhookTraceQuerySchema.parse({ status: 'error', webhookId: 'whk-demo-1' })).toMatchObject({ status: 'error', webhookId: 'whk-demo-1' });
    expect(webhookTraceQuerySchema.safeParse({ status: 'failed' }).success).toBe(false);
    expect(webhookTraceQuerySchema.safeParse({ webhookId: '../x' }).success).toBe(false);
  });

  it('reads the method filter as a comma-joined list, any case, each once', () => {
    expect(apiTraceQuerySchema.parse({ method: 'get, POST,get' }).method).toEqual(['GET', 'POST']);
    expect(apiTraceQuerySchema.parse({ method: '' }).method).toEqual([]);
    expect(messages(apiTraceQuerySchema.safeParse({ method: 'GET,HEAD' }))).toContain(TRACE_QUERY_MESSAGES.method);
  });

  it('keeps the url filter as text, trimmed', () => {
    expect(apiTraceQuerySchema.parse({ url: ' example.com/docs ' }).url).toBe('example.com/docs');
    expect(apiTraceQuerySchema.safeParse({ url: 'x'.repeat(2001) }).success).toBe(false);
  });
});

describe('dayRange', () => {
  it('clamps days outside 1970–9999 (no execution is there; drivers differ on such years)', () => {
    expect(dayRange('0001-01-01', '9999-12-31')).toEqual({ from: new Date('1970-01-01T00:00:00Z'), before: new Date('9999-01-01T00:00:00Z') });
  });
});
