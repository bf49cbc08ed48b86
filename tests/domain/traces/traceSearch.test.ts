import { describe, expect, it } from 'vitest';
import { apiFiltersOf, dayFilters, traceTabOf, webhookFiltersOf } from '../../../src/domain/traces/traceSearch.ts';

describe('the trace tabs read their state from the URL', () => {
  it('the tab defaults to Flow Trace and ignores unknown values', () => {
    expect(traceTabOf({})).toBe('flow');
    expect(traceTabOf({ traceTab: 'api' })).toBe('api');
    expect(traceTabOf({ traceTab: 'everything' })).toBe('flow');
  });

  it('webhook filters keep known values, page 1 and 50 rows by default', () => {
    expect(webhookFiltersOf({ status: 'error', webhookId: 'whk-1', page: '3', limit: 100 })).toEqual({ status: 'error', webhookId: 'whk-1', page: 3, limit: 100 });
    expect(webhookFiltersOf({ status: 'broken', page: '-2', limit: '30' })).toEqual({ page: 1, limit: 50 });
  });

  it('a date range is sent only with both dates in order (part 2 §5); one alone is reported as incomplete', () => {
    expect(dayFilters({ startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({ startDate: '2026-01-01', endDate: '2026-01-31', incomplete: false });
    expect(dayFilters({ startDate: '2026-01-01' })).toEqual({ incomplete: true });
    expect(dayFilters({ startDate: '2026-02-01', endDate: '2026-01-01' })).toEqual({ incomplete: true });
    expect(webhookFiltersOf({ startDate: '2026-01-01' })).toEqual({ page: 1, limit: 50 });
  });

  it('API filters read the methods in the spec order, drop unknown ones, and keep the url', () => {
    expect(apiFiltersOf({ method: 'patch,GET,HEAD', url: ' example.com ' })).toEqual({ methods: ['GET', 'PATCH'], url: 'example.com', page: 1, limit: 50 });
  });
});
