/**
 * Team and human figures of the dashboard (part 1 §2 Teams / Humans status cards, §3 team dashboard and human
 * stats, §4 health rules) from `ticketLight` aggregates: each window is coloured now with the team's thresholds
 * (src/domain/tickets/lightIndicator.ts, the inbox's own rule), so the figures move with time offline.
 */
import { lightIndicator, type LightIndicator, type TeamThresholds } from '../tickets/lightIndicator.ts';
import { parseWindowKey, windowsOf, type TicketLightDoc } from './aggregateShapes.ts';
import { HEALTH_SHARE, HUMAN_ALERT_RED_SHARE, PERFORMANCE_BANDS, URGENT_UNASSIGNED_SHARE, WORKLOAD_CAP } from './dashboardConstants.ts';

export type Lights = { total: number; green: number; yellow: number; red: number };
export type Health = 'healthy' | 'warning' | 'critical';
export type ScoreCategory = 'neutral' | 'critical' | 'warning' | 'healthy';

export const noLights = (): Lights => ({ total: 0, green: 0, yellow: 0, red: 0 });
export const addLights = (a: Lights, b: Lights): Lights => ({ total: a.total + b.total, green: a.green + b.green, yellow: a.yellow + b.yellow, red: a.red + b.red });

/** The lights of one aggregate document at `nowMs`. */
export function lightsOf(doc: Pick<TicketLightDoc, 'windows'>, thresholds: TeamThresholds | null | undefined, nowMs: number): Lights {
  const out = noLights();
  for (const [key, n] of Object.entries(windowsOf(doc))) {
    const window = parseWindowKey(key);
    if (!window || n <= 0) continue;
    const light: LightIndicator = lightIndicator({ createdAtMs: window.createdMs, dueAtMs: window.dueMs }, thresholds, nowMs);
    out[light] += n;
    out.total += n;
  }
  return out;
}

const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/** Part 1 §4: a colour with at least 75% decides; otherwise the largest share, ties to red, then yellow; none is healthy. */
export function classifyHealth(l: Lights): Health {
  if (l.total === 0) return 'healthy';
  if (share(l.red, l.total) >= HEALTH_SHARE) return 'critical';
  if (share(l.yellow, l.total) >= HEALTH_SHARE) return 'warning';
  if (share(l.green, l.total) >= HEALTH_SHARE) return 'healthy';
  if (l.red >= l.yellow && l.red >= l.green) return 'critical';
  if (l.yellow >= l.green) return 'warning';
  return 'healthy';
}

const RANK: Record<Health, number> = { healthy: 0, warning: 1, critical: 2 };
export const worstHealth = (values: Iterable<Health>): Health => {
  let worst: Health = 'healthy';
  for (const h of values) if (RANK[h] > RANK[worst]) worst = h;
  return worst;
};

export type TeamDashboard = {
  teamId: string;
  /** Part 1 §3 team `dashboard` fields. */
  assigned: number;
  pending: number;
  assignedBreakdown: Lights;
  unassignedBreakdown: Lights;
  /** Assigned share of the team's open tickets, in percent, capped at 100 (the spec names no other basis). */
  workloadPercentage: number;
  /** Part 1 §4: unassigned yellow plus red above 25% of the unassigned ('Alert unassigned tickets'). */
  urgent: boolean;
  health: Health;
};

/** One team's figures from its team-level documents (`tl:<teamId>:assigned` and `:unassigned`). */
export function teamDashboard(teamId: string, docs: Iterable<TicketLightDoc>, thresholds: TeamThresholds | null | undefined, nowMs: number): TeamDashboard {
  let assignedBreakdown = noLights();
  let unassignedBreakdown = noLights();
  for (const doc of docs) {
    if (doc.deleted || doc.teamId !== teamId || doc.memberId !== null) continue;
    const lights = lightsOf(doc, thresholds, nowMs);
    if (doc.status === 'assigned') assignedBreakdown = addLights(assignedBreakdown, lights);
    else unassignedBreakdown = addLights(unassignedBreakdown, lights);
  }
  const all = addLights(assignedBreakdown, unassignedBreakdown);
  const urgent = share(unassignedBreakdown.yellow + unassignedBreakdown.red, unassignedBreakdown.total) > URGENT_UNASSIGNED_SHARE;
  return {
    teamId,
    assigned: assignedBreakdown.total,
    pending: unassignedBreakdown.total,
    assignedBreakdown,
    unassignedBreakdown,
    workloadPercentage: Math.min(WORKLOAD_CAP, Math.round(share(assignedBreakdown.total, all.total))),
    urgent,
    health: urgent ? 'critical' : classifyHealth(all),
  };
}

/** Part 1 §4: no score or 0 is neutral ('No Rating'); below 40 critical; below 70 warning; otherwise healthy. */
export function scoreCategory(score: number | null): ScoreCategory {
  if (score === null || score === 0) return 'neutral';
  if (score < PERFORMANCE_BANDS.critical) return 'critical';
  if (score < PERFORMANCE_BANDS.warning) return 'warning';
  return 'healthy';
}

export type HumanStats = {
  memberId: string;
  summary: { totalTickets: number; lightIndicators: { green: number; yellow: number; red: number }; performanceScore: number | null; scoreCategory: ScoreCategory };
  teamBreakdown: Array<{ teamId: string; tickets: Lights }>;
  health: Health;
  /** Part 1 §4: red above 50% of the human's tickets ('High red ticket count'). */
  alerted: boolean;
};

/**
 * One human's figures from their per-human documents (`th:<teamId>:<memberId>`). The performance score is the share
 * of their open tickets still green (on time), in percent; no tickets, no score.
 */
export function humanStats(memberId: string, docs: Iterable<TicketLightDoc>, thresholdsOf: (teamId: string) => TeamThresholds | null | undefined, nowMs: number): HumanStats {
  const byTeam = new Map<string, Lights>();
  for (const doc of docs) {
    if (doc.deleted || doc.memberId !== memberId) continue;
    byTeam.set(doc.teamId, addLights(byTeam.get(doc.teamId) ?? noLights(), lightsOf(doc, thresholdsOf(doc.teamId), nowMs)));
  }
  const teamBreakdown = [...byTeam].filter(([, l]) => l.total > 0).map(([teamId, tickets]) => ({ teamId, tickets })).sort((a, b) => (a.teamId < b.teamId ? -1 : 1));
  const all = teamBreakdown.reduce((sum, t) => addLights(sum, t.tickets), noLights());
  const performanceScore = all.total > 0 ? Math.round(share(all.green, all.total)) : null;
  return {
    memberId,
    summary: {
      totalTickets: all.total,
      lightIndicators: { green: all.green, yellow: all.yellow, red: all.red },
      performanceScore,
      scoreCategory: scoreCategory(performanceScore),
    },
    teamBreakdown,
    health: classifyHealth(all),
    alerted: share(all.red, all.total) > HUMAN_ALERT_RED_SHARE,
  };
}

/** The Humans status card's overall state: critical when any human is alerted or critical, else the worst. */
export const humansOverall = (humans: readonly HumanStats[]): Health =>
  humans.some((h) => h.alerted) ? 'critical' : worstHealth(humans.map((h) => h.health));

/** Header totals of the Teams status card (Healthy, Warning, Critical) and its wrapper state (the worst team). */
export function teamsSummary(teams: readonly TeamDashboard[]): { healthy: number; warning: number; critical: number; overall: Health } {
  const count = (h: Health) => teams.filter((t) => t.health === h).length;
  return { healthy: count('healthy'), warning: count('warning'), critical: count('critical'), overall: worstHealth(teams.map((t) => t.health)) };
}
