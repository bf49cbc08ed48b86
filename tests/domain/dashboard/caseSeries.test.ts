import { describe, expect, it } from 'vitest';
import { contributionsOfCase, docsOfContributions, type CaseFlowDoc } from '../../../src/domain/dashboard/aggregateShapes.ts';
import { caseSeries, resolutionTimes, summarize } from '../../../src/domain/dashboard/caseSeries.ts';
import { DEFAULT_TIMESPAN } from '../../../src/domain/dashboard/dashboardConstants.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 23, 15, 30);

/** caseFlow documents as the server's triggers make them, from case facts (the contribution rule). */
function flowDocs(cases: Array<{ type?: string; created: number; closed?: number }>): CaseFlowDoc[] {
  const contributions = cases.flatMap((c) =>
    contributionsOfCase({ caseTypeId: c.type ?? 't1', stateId: null, status: c.closed ? 'COMPLETED' : 'PROGRESS', deleted: false, createdAt: c.created, updatedAt: c.closed ?? c.created, closing: c.closed ?? null }),
  );
  return docsOfContributions(contributions, { rev: 1, workspaceId: 'ws', updatedAt: NOW }).filter((d): d is CaseFlowDoc => d.kind === 'caseFlow');
}

describe('created / closed / active series (part 1 §9)', () => {
  const docs = flowDocs([
    { created: NOW - 40 * DAY },
    { created: NOW - 40 * DAY, closed: NOW - 39 * DAY },
    { created: NOW - 2 * DAY, closed: NOW - 2 * HOUR },
    { created: NOW - 3 * HOUR },
    { created: NOW - 3 * HOUR, type: 't2' },
    { created: Date.UTC(2026, 10, 23, 0, 10) },
  ]);

  it('the default timespan is 2: seven local days, today last, with active carried from the whole history', () => {
    expect(DEFAULT_TIMESPAN).toBe(2);
    const s = caseSeries(docs, { timespan: 2, nowMs: NOW });
    expect(s.period).toBe('Week');
    expect(s.starts).toHaveLength(7);
    expect(s.starts[6]).toBe(Date.UTC(2026, 10, 23));
    expect(s.created).toEqual([0, 0, 0, 0, 1, 0, 3]);
    expect(s.closed).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(s.active).toEqual([1, 1, 1, 1, 2, 2, 4]);
    expect(s.chartFrom).toBe(0);
  });

  it('timespan 1 is today in hours, hourly UTC cells moved to local time', () => {
    const utc = caseSeries(docs, { timespan: 1, nowMs: NOW });
    expect(utc.bucket).toBe('hour');
    expect(utc.created[0]).toBe(1);
    expect(utc.created[12]).toBe(2);
    // UTC+2: 12:30 UTC is 14:30 local; the 00:10 UTC case is 02:10 local.
    const plus2 = caseSeries(docs, { timespan: 1, nowMs: NOW, offsetAt: () => 120 });
    expect(plus2.created[2]).toBe(1);
    expect(plus2.created[14]).toBe(2);
    // UTC-5: the 00:10 UTC case belongs to yesterday, local time, and leaves today's chart.
    const minus5 = caseSeries(docs, { timespan: 1, nowMs: NOW, offsetAt: () => -300 });
    expect(minus5.created.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('timespan 3 computes 30 days and the chart shows the last 7 points; a case type filters', () => {
    const s = caseSeries(docs, { timespan: 3, nowMs: NOW });
    expect(s.created).toHaveLength(30);
    expect(s.chartFrom).toBe(23);
    expect(caseSeries(docs, { timespan: 3, nowMs: NOW, caseTypeId: 't2' }).created.at(-1)).toBe(1);
    expect(caseSeries(docs, { timespan: 3, nowMs: NOW, caseTypeId: 't1' }).created.slice(-3)).toEqual([1, 0, 2]);
    // One type's 24-hour view is today's total, a single point.
    expect(caseSeries(docs, { timespan: 1, nowMs: NOW, caseTypeId: 't1' })).toMatchObject({ bucket: 'day', created: [2], closed: [1] });
    expect(caseSeries(docs, { timespan: 4, nowMs: NOW }).created.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('timespan 5 is a custom range of local days', () => {
    const s = caseSeries(docs, { timespan: 5, nowMs: NOW, range: { fromMs: NOW - 41 * DAY, toMs: NOW - 39 * DAY } });
    expect(s.created).toEqual([0, 2, 0]);
    expect(s.closed).toEqual([0, 0, 1]);
    expect(s.active).toEqual([0, 2, 1]);
  });

  it('Peak, Average, Lowest, Total, the trend of the last two values and the change against the previous period', () => {
    expect(summarize([1, 4, 2, 3], [2, 2, 2, 2])).toEqual({ peak: 4, average: 2.5, lowest: 1, total: 10, trend: 'up', previousTotal: 8, changePercent: 25, againstPrevious: 'up' });
    expect(summarize([3, 3], [0, 0])).toMatchObject({ trend: 'stable', changePercent: null, againstPrevious: 'up' });
    expect(summarize([5, 4], [6, 6], true)).toMatchObject({ total: 4, trend: 'down', previousTotal: 6, againstPrevious: 'down' });
  });

  it('resolution times: average hours per UTC day of the cases closed that day', () => {
    const r = resolutionTimes(flowDocs([{ created: NOW - 10 * HOUR, closed: NOW }, { created: NOW - 4 * HOUR, closed: NOW }]), Date.UTC(2026, 10, 22), 2);
    expect(r.closed).toEqual([0, 2]);
    expect(r.averageHours).toEqual([0, 7]);
  });
});
