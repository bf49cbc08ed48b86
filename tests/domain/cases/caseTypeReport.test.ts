import { getQueryMatcher, normalizeMangoQuery } from 'rxdb';
import { describe, expect, it } from 'vitest';
import { REPLICA_SCHEMAS } from '../../../src/data/replicaSchema.ts';
import { caseTypeReport, DAY_MS, durationParts, percent, reportSelectors, resolutionTimes, type ReportCounts } from '../../../src/domain/cases/caseTypeReport.ts';

const schema = REPLICA_SCHEMAS.cases;
const matches = (selector: Record<string, unknown>, doc: Record<string, unknown>) =>
  (getQueryMatcher(schema, normalizeMangoQuery(schema, { selector })) as unknown as (d: unknown) => boolean)(doc);

const NOW = Date.UTC(2026, 10, 23, 12, 0);
const counts = (over: Partial<ReportCounts> = {}): ReportCounts => ({ created: 0, progress: 0, completed: 0, denied: 0, stale: 0, openedRecently: 0, closedRecently: 0, ...over });
const aCase = (over: Record<string, unknown>) => ({ id: 'c', kind: 'case', rev: 1, deleted: false, caseTypeId: 'ct-claim', status: 'PROGRESS', stateId: null, createdAt: NOW - DAY_MS, updatedAt: NOW, closing: null, newestFirst: 1, ...over });

describe('report selectors count what each card says', () => {
  const s = reportSelectors('ct-claim', 'st-denied', NOW);

  it('stale: active cases unchanged for 7 days or more', () => {
    expect(matches(s.stale, aCase({ updatedAt: NOW - 8 * DAY_MS }))).toBe(true);
    expect(matches(s.stale, aCase({ status: 'CREATED', updatedAt: NOW - 7 * DAY_MS - 1 }))).toBe(true);
    expect(matches(s.stale, aCase({ updatedAt: NOW - 6 * DAY_MS }))).toBe(false);
    expect(matches(s.stale, aCase({ status: 'COMPLETED', updatedAt: NOW - 30 * DAY_MS }))).toBe(false);
  });

  it('denied: completed cases in the Denegado state; none when the type has no such state', () => {
    expect(matches(s.denied, aCase({ status: 'COMPLETED', stateId: 'st-denied' }))).toBe(true);
    expect(matches(s.denied, aCase({ status: 'COMPLETED', stateId: 'st-approved' }))).toBe(false);
    expect(matches(reportSelectors('ct-claim', null, NOW).denied, aCase({ status: 'COMPLETED', stateId: 'st-denied' }))).toBe(false);
  });

  it('recent: opened or closed within the last 7 days', () => {
    expect(matches(s.openedRecently, aCase({ createdAt: NOW - 2 * DAY_MS }))).toBe(true);
    expect(matches(s.openedRecently, aCase({ createdAt: NOW - 9 * DAY_MS }))).toBe(false);
    expect(matches(s.closedRecently, aCase({ status: 'COMPLETED', closing: NOW - DAY_MS }))).toBe(true);
    expect(matches(s.closedRecently, aCase({ closing: null }))).toBe(false);
  });

  it('every count is of the one type', () => {
    for (const selector of Object.values(s)) expect(matches(selector, aCase({ caseTypeId: 'ct-other', status: 'COMPLETED', stateId: 'st-denied', updatedAt: 0, createdAt: NOW, closing: NOW }))).toBe(false);
  });
});

describe('the four cards', () => {
  it('overview adds the statuses up', () => {
    expect(caseTypeReport(counts({ created: 3, progress: 5, completed: 12 }), []).overview).toEqual({ total: 20, created: 3, progress: 5, completed: 12 });
  });

  it.each([
    [0, 10, 'ok', 0],
    [1, 10, 'warning', 10],
    [3, 12, 'critical', 25],
    [12, 10, 'critical', 100],
  ] as const)('alert: %i stale of %i active is %s (%d%%)', (stale, active, level, share) => {
    const report = caseTypeReport(counts({ created: 0, progress: active, stale }), []);
    expect(report.alert.level).toBe(level);
    expect(report.alert.sharePercent).toBe(share);
    expect(report.alert.stale).toBeLessThanOrEqual(active);
  });

  it('overall: completion rate over all cases, denied and resolved among the completed', () => {
    const { overall } = caseTypeReport(counts({ created: 1, progress: 2, completed: 9, denied: 3 }), []);
    expect(overall).toEqual({ completionPercent: 75, completed: 9, denied: 3, resolved: 6, deniedPercent: 33.3 });
  });

  it('impact: opened against closed, and the average resolution time of the sample', () => {
    const { impact } = caseTypeReport(counts({ openedRecently: 4, closedRecently: 7 }), [DAY_MS, 3 * DAY_MS]);
    expect(impact).toEqual({ opened: 4, closed: 7, backlogChange: -3, averageResolutionMs: 2 * DAY_MS, sampled: 2 });
    expect(caseTypeReport(counts(), []).impact.averageResolutionMs).toBeNull();
  });

  it('a type with no cases reports zeros, not NaN', () => {
    const report = caseTypeReport(counts(), []);
    expect(report.overall.completionPercent).toBe(0);
    expect(report.alert.sharePercent).toBe(0);
    expect(percent(1, 3)).toBe(33.3);
  });
});

describe('resolution times', () => {
  it('skip cases without a closing or closed before they were created', () => {
    expect(resolutionTimes([{ createdAt: 10, closing: 70 }, { createdAt: 10, closing: null }, { createdAt: 50, closing: 20 }])).toEqual([60]);
  });

  it('split into days, hours and minutes', () => {
    expect(durationParts(2 * DAY_MS + 4 * 3_600_000 + 30 * 60_000)).toEqual({ days: 2, hours: 4, minutes: 30 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
