import { describe, expect, it } from 'vitest';
import type { TicketLightDoc } from '../../../src/domain/dashboard/aggregateShapes.ts';
import { windowKey } from '../../../src/domain/dashboard/aggregateShapes.ts';
import { classifyHealth, humanStats, humansOverall, lightsOf, scoreCategory, teamDashboard, teamsSummary } from '../../../src/domain/dashboard/ticketHealth.ts';

const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 10, 23, 12);
const base = { rev: 1, deleted: false, workspaceId: 'ws', updatedAt: NOW } as const;
/** A window of `sla` hours created `ago` hours before NOW. */
const w = (ago: number, sla: number) => windowKey(NOW - ago * HOUR, NOW - ago * HOUR + sla * HOUR);
const doc = (id: string, teamId: string, memberId: string | null, status: string, windows: Record<string, number>): TicketLightDoc => ({
  ...base,
  id,
  kind: 'ticketLight',
  teamId,
  memberId,
  status,
  open: Object.values(windows).reduce((s, n) => s + n, 0),
  windows,
});

describe('team and human health (part 1 §4)', () => {
  it.each([
    [{ total: 0, green: 0, yellow: 0, red: 0 }, 'healthy', 'no tickets'],
    [{ total: 4, green: 0, yellow: 1, red: 3 }, 'critical', 'red at 75%'],
    [{ total: 4, green: 1, yellow: 3, red: 0 }, 'warning', 'yellow at 75%'],
    [{ total: 4, green: 3, yellow: 0, red: 1 }, 'healthy', 'green at 75%'],
    [{ total: 10, green: 4, yellow: 3, red: 3 }, 'healthy', 'green the largest share'],
    [{ total: 10, green: 3, yellow: 4, red: 3 }, 'warning', 'yellow the largest share'],
    [{ total: 10, green: 3, yellow: 3, red: 4 }, 'critical', 'red the largest share'],
    [{ total: 6, green: 2, yellow: 2, red: 2 }, 'critical', 'a tie goes to red'],
    [{ total: 6, green: 3, yellow: 3, red: 0 }, 'warning', 'a tie of yellow and green goes to yellow'],
  ] as const)('%j is %s (%s)', (lights, health, _why) => {
    expect(classifyHealth(lights)).toBe(health);
  });

  it.each([
    [null, 'neutral'],
    [0, 'neutral'],
    [1, 'critical'],
    [39, 'critical'],
    [40, 'warning'],
    [69, 'warning'],
    [70, 'healthy'],
    [100, 'healthy'],
  ] as const)('performance %s is %s (bands 40 and 70)', (score, category) => {
    expect(scoreCategory(score)).toBe(category);
  });
});

describe('lights from SLA windows', () => {
  it('colours each window now with the team thresholds, so the same document turns yellow and red as time passes', () => {
    const windows = { [w(1, 10)]: 2, [w(6, 10)]: 1, [w(9, 10)]: 3 };
    expect(lightsOf({ windows }, { yellow: 50, red: 75 }, NOW)).toEqual({ total: 6, green: 2, yellow: 1, red: 3 });
    expect(lightsOf({ windows }, { yellow: 50, red: 75 }, NOW + 5 * HOUR)).toEqual({ total: 6, green: 0, yellow: 2, red: 4 });
    // Out-of-range thresholds fall back to 50 / 75 (part 1 §5).
    expect(lightsOf({ windows }, { yellow: 500, red: 90 }, NOW)).toEqual({ total: 6, green: 2, yellow: 1, red: 3 });
    expect(lightsOf({ windows }, { yellow: 5, red: 20 }, NOW)).toEqual({ total: 6, green: 0, yellow: 2, red: 4 });
  });

  it('a team: assigned and unassigned split by light, workload share, urgent above 25% of unassigned yellow plus red', () => {
    const docs = [
      doc('tl:a:assigned', 'a', null, 'assigned', { [w(1, 10)]: 3 }),
      doc('tl:a:unassigned', 'a', null, 'unassigned', { [w(1, 10)]: 3, [w(6, 10)]: 1 }),
      doc('th:a:m1', 'a', 'm1', 'assigned', { [w(1, 10)]: 3 }),
      doc('tl:b:unassigned', 'b', null, 'unassigned', { [w(9, 10)]: 1 }),
    ];
    const a = teamDashboard('a', docs, null, NOW);
    expect(a).toMatchObject({
      assigned: 3,
      pending: 4,
      assignedBreakdown: { total: 3, green: 3, yellow: 0, red: 0 },
      unassignedBreakdown: { total: 4, green: 3, yellow: 1, red: 0 },
      workloadPercentage: 43,
      urgent: false,
      health: 'healthy',
    });
    // 1 of 4 unassigned is exactly 25%: not above it. One more yellow makes 2 of 5.
    const more = teamDashboard('a', [...docs, doc('tl:a:unassigned2', 'a', null, 'unassigned', { [w(6, 10)]: 1 })], null, NOW);
    expect(more).toMatchObject({ urgent: true, health: 'critical' });
    const b = teamDashboard('b', docs, null, NOW);
    expect(b).toMatchObject({ pending: 1, urgent: true, health: 'critical', workloadPercentage: 0 });
    expect(teamsSummary([a, b])).toEqual({ healthy: 1, warning: 0, critical: 1, overall: 'critical' });
  });

  it('a human: per-team breakdown, score = share on time, alerted above 50% red', () => {
    const docs = [doc('th:a:m1', 'a', 'm1', 'assigned', { [w(1, 10)]: 1, [w(9, 10)]: 1 }), doc('th:b:m1', 'b', 'm1', 'assigned', { [w(9, 10)]: 1 }), doc('th:a:m2', 'a', 'm2', 'assigned', { [w(1, 10)]: 2 })];
    const m1 = humanStats('m1', docs, () => null, NOW);
    expect(m1.summary).toEqual({ totalTickets: 3, lightIndicators: { green: 1, yellow: 0, red: 2 }, performanceScore: 33, scoreCategory: 'critical' });
    expect(m1.teamBreakdown).toEqual([
      { teamId: 'a', tickets: { total: 2, green: 1, yellow: 0, red: 1 } },
      { teamId: 'b', tickets: { total: 1, green: 0, yellow: 0, red: 1 } },
    ]);
    expect(m1.alerted).toBe(true);
    const m2 = humanStats('m2', docs, () => null, NOW);
    expect(m2).toMatchObject({ alerted: false, health: 'healthy', summary: { performanceScore: 100, scoreCategory: 'healthy' } });
    expect(humanStats('m3', docs, () => null, NOW).summary).toMatchObject({ totalTickets: 0, performanceScore: null, scoreCategory: 'neutral' });
    expect(humansOverall([m2])).toBe('healthy');
    expect(humansOverall([m1, m2])).toBe('critical');
  });
});
