import { describe, expect, it } from 'vitest';
import { dashboardPeople } from '../../../src/domain/dashboard/dashboardPeople.ts';
import { customRange, timespanOf, validateDashboardSearch } from '../../../src/domain/dashboard/dashboardSearch.ts';
import { createRandom } from '../../../src/domain/random.ts';
import { distributionOrSample, sampleCount, SAMPLE_MAX, SAMPLE_MIN, SAMPLE_TYPE_COUNT } from '../../../src/domain/dashboard/sampleData.ts';

describe('the dashboard URL', () => {
  it('keeps a valid timespan, drops the default and anything unknown', () => {
    expect(validateDashboardSearch({ span: '3', junk: 'x' })).toEqual({ span: 3 });
    expect(validateDashboardSearch({ span: 2 })).toEqual({});
    expect(validateDashboardSearch({ span: 9 })).toEqual({});
    expect(timespanOf({})).toBe(2);
  });
  it('keeps a custom range only with timespan 5, in order, and only real days', () => {
    expect(validateDashboardSearch({ span: 5, from: '2026-11-20', to: '2026-11-01' })).toEqual({ span: 5, from: '2026-11-01', to: '2026-11-20' });
    expect(validateDashboardSearch({ span: 4, from: '2026-11-01', to: '2026-11-20' })).toEqual({ span: 4 });
    expect(validateDashboardSearch({ span: 5, from: '2026-13-45', to: '2026-11-20' })).toEqual({ span: 5, to: '2026-11-20' });
    expect(validateDashboardSearch({ span: 5, from: '2026-11-02' })).toEqual({ span: 5, from: '2026-11-02' });
  });
  it('turns the range into local instants, whole days', () => {
    const range = customRange({ from: '2026-11-01', to: '2026-11-02' }, 0, () => 60);
    expect(range.fromMs).toBe(Date.UTC(2026, 10, 1) - 3_600_000);
    expect(range.toMs - range.fromMs).toBe(2 * 86_400_000 - 1);
    expect(customRange({}, 1_000_000_000, () => 0)).toEqual({ fromMs: 1_000_000_000 - 7 * 86_400_000 + 1, toMs: 1_000_000_000 });
  });
});

describe('sample data (part 1 §2, issue 16 item 4)', () => {
  it('is never used when the workspace has a case', () => {
    const types = [{ id: 'a', name: 'A', count: 0 }];
    expect(distributionOrSample(types, true, String)).toEqual({ slices: types, sample: false });
  });
  it('gives an empty workspace eight demo types of 10 to 59, the same on every call', () => {
    const first = distributionOrSample([], false, (n) => `Sample ${n}`);
    expect(first.sample).toBe(true);
    expect(first.slices).toHaveLength(SAMPLE_TYPE_COUNT);
    expect(first.slices[0]!.name).toBe('Sample 1');
    for (const s of first.slices) expect(s.count).toBeGreaterThanOrEqual(SAMPLE_MIN);
    expect(distributionOrSample([], false, (n) => `Sample ${n}`)).toEqual(first);
  });
  it('keeps the workspace own types, each with a sample count', () => {
    const out = distributionOrSample([{ id: 'a', name: 'A', count: 0 }], false, String);
    expect(out.slices.map((s) => s.id)).toEqual(['a']);
    expect(out.slices[0]!.count).toBeGreaterThanOrEqual(SAMPLE_MIN);
  });
  it('draws every count from 10 to 59 and nothing else', () => {
    const random = createRandom(1).next;
    const seen = new Set<number>();
    for (let i = 0; i < 5_000; i += 1) seen.add(sampleCount(random));
    expect(Math.min(...seen)).toBe(SAMPLE_MIN);
    expect(Math.max(...seen)).toBe(SAMPLE_MAX);
    expect(seen.size).toBe(SAMPLE_MAX - SAMPLE_MIN + 1);
  });
});

describe('whose figures the people cards list (part 1 §2, §6)', () => {
  const teams = [
    { id: 't1', name: 'Claims', isActive: true },
    { id: 't2', name: 'Billing', isActive: true },
    { id: 't3', name: 'Old', isActive: false },
    { id: 't4', name: 'MyBasket Ana', isActive: true },
  ];
  const members = [
    { id: 'm1', name: 'Ana', email: 'a@x', userId: 'u1' },
    { id: 'm2', name: 'Bo', email: 'b@x', userId: 'u2' },
    { id: 'm3', name: 'Cy', email: 'c@x', userId: null },
  ];
  const links = [
    { teamId: 't1', memberId: 'm1' },
    { teamId: 't2', memberId: 'm2' },
    { teamId: 't3', memberId: 'm3' },
    { teamId: 't4', memberId: 'm3' },
  ];
  it('gives an administrator every active team and its members', () => {
    const out = dashboardPeople({ userId: 'u9', isAdmin: true }, teams, members, links);
    expect(out.teams.map((t) => t.id)).toEqual(['t2', 't1']);
    expect(out.members.map((m) => m.id)).toEqual(['m1', 'm2']);
    expect(out.mine).toBe(false);
  });
  it('gives anyone else their own teams and only themselves', () => {
    const out = dashboardPeople({ userId: 'u1', isAdmin: false }, teams, members, links);
    expect(out.teams.map((t) => t.id)).toEqual(['t1']);
    expect(out.members.map((m) => m.id)).toEqual(['m1']);
    expect(out.mine).toBe(true);
  });
  it('gives a user who is no member nothing', () => {
    expect(dashboardPeople({ userId: 'u7', isAdmin: false }, teams, members, links)).toEqual({ teams: [], members: [], mine: true });
  });
});
