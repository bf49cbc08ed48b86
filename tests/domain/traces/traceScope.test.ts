import { describe, expect, it } from 'vitest';
import { apiTraceScope, parseTraceScope, tracePageId, webhookTraceScope } from '../../../src/domain/traces/traceScope.ts';

describe('trace page scopes', () => {
  it('a webhook scope lists its filters in one order and leaves empty ones out', () => {
    expect(webhookTraceScope({ status: 'error', webhookId: ' wh-1 ', startDate: '2026-01-01', endDate: '2026-01-31', page: 2, limit: 25 })).toBe(
      'trace:webhook?status=error&webhookId=wh-1&startDate=2026-01-01&endDate=2026-01-31&page=2&limit=25',
    );
    expect(webhookTraceScope({ webhookId: '', page: 1, limit: 50 })).toBe('trace:webhook?page=1&limit=50');
  });

  it('an API scope lists the methods in the spec order whatever the order chosen, and encodes the url', () => {
    expect(apiTraceScope({ methods: ['PATCH', 'GET'], url: 'a b&c', page: 1, limit: 100 })).toBe('trace:api?method=GET%2CPATCH&url=a+b%26c&page=1&limit=100');
  });

  it('parsing gives back the filters as the trace calls read them, and the canonical scope', () => {
    const parsed = parseTraceScope('trace:api?limit=25&method=patch,GET&status=success&url=a+b%26c');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.kind).toBe('api');
    expect(parsed.value.query).toMatchObject({ status: 'success', method: ['PATCH', 'GET'], url: 'a b&c', page: 1, limit: 25, range: null });
    expect(parsed.value.scope).toBe(apiTraceScope({ status: 'success', methods: ['GET', 'PATCH'], url: 'a b&c', page: 1, limit: 25 }));
  });

  it('a date range is read as whole UTC days', () => {
    const parsed = parseTraceScope(webhookTraceScope({ startDate: '2026-03-01', endDate: '2026-03-02', page: 1, limit: 50 }));
    expect(parsed.ok && parsed.value.kind === 'webhook' && parsed.value.query.range).toEqual({ from: new Date('2026-03-01T00:00:00Z'), before: new Date('2026-03-03T00:00:00Z') });
  });

  it.each([
    'trace:flow?page=1',
    'trace:webhook?page=1&page=2',
    'trace:webhook?method=GET',
    'trace:webhook?limit=10',
    'trace:webhook?startDate=2026-01-02&endDate=2026-01-01',
    'trace:api?method=HEAD',
    'trace:webhook?webhookId=../etc',
    `trace:api?url=${'x'.repeat(2600)}`,
    'case:abc',
  ])('refuses %s', (scope) => {
    expect(parseTraceScope(scope).ok).toBe(false);
  });

  it('a page id is short, stable and differs between pages', () => {
    const a = tracePageId(webhookTraceScope({ page: 1, limit: 50 }));
    expect(a).toMatch(/^trace-page-[0-9a-f]{16}$/);
    expect(tracePageId(webhookTraceScope({ page: 1, limit: 50 }))).toBe(a);
    expect(tracePageId(webhookTraceScope({ page: 2, limit: 50 }))).not.toBe(a);
    expect(tracePageId(apiTraceScope({ url: 'x'.repeat(2000), page: 1, limit: 50 })).length).toBeLessThan(40);
  });
});

describe('an opened trace page is pulled before the feeds a cold device is still loading', () => {
  it('ranks with an opened case, ahead of cases and runs', async () => {
    const { nextPullTarget, outranked } = await import('../../../src/domain/sync/loadProgress.ts');
    const page = `runs|${webhookTraceScope({ page: 1, limit: 50 })}`;
    expect(nextPullTarget(['runs', 'cases', page])).toBe(page);
    expect(outranked([page], 'runs')).toBe(true);
    expect(outranked([page], 'cases')).toBe(true);
    expect(nextPullTarget(['tickets', page])).toBe('tickets');
  });
});
