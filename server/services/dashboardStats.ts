import { sql, type Kysely } from 'kysely';
import type { CaseFlowDoc, CaseStateCountDoc, TicketLightDoc } from '../../src/domain/dashboard/aggregateShapes.ts';
import { caseSeries, resolutionTimes, summarize } from '../../src/domain/dashboard/caseSeries.ts';
import { humansOverall, humanStats, teamDashboard, teamsSummary, addLights, noLights, scoreCategory } from '../../src/domain/dashboard/ticketHealth.ts';
import { RESOLUTION_PERIOD_DAYS, type CaseStatStatus } from '../../src/domain/dashboard/statsSchemas.ts';
import { MONTH_PERIOD_DAYS } from '../../src/domain/dashboard/dashboardConstants.ts';
import { isHiddenTeam } from '../../src/domain/tickets/inboxRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { rowToDoc } from '../sync/projection.ts';
import { loadVisibility, type Visibility } from '../sync/visibility.ts';
import { rowsOf } from '../sync/visibilityRules.ts';

/**
 * The case statistics and dashboard calls of part 1 §7, answered from the dashboard aggregates (migration 011)
 * with the replica's own rules (src/domain/dashboard), and never beyond what the caller's replica may hold: the
 * same row filter as the sync pull.
 */
const DAY_MS = 86_400_000;
const KINDS = { case_flow_aggregates: 'caseFlow', case_state_aggregates: 'caseStateCount', ticket_light_aggregates: 'ticketLight' } as const;
type AggregateTable = keyof typeof KINDS;
type DocOf<T extends AggregateTable> = T extends 'case_flow_aggregates' ? CaseFlowDoc : T extends 'case_state_aggregates' ? CaseStateCountDoc : TicketLightDoc;

async function aggregates<T extends AggregateTable>(db: Kysely<Database>, v: Visibility, table: T): Promise<Array<DocOf<T>>> {
  const filter = rowsOf(table, v);
  if (filter === false) return [];
  const extra = filter === true ? sql`` : sql`and ${filter}`;
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where workspace_id = ${v.workspaceId} and deleted = false ${extra}`.execute(db);
  return rows.map((row) => rowToDoc(KINDS[table], row) as DocOf<T>);
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfUtcDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** GET /cases-stats: TODAY is the 24 UTC hours of today (labels ISO hours: the console shows them in local time), MONTH the last 31 UTC days. */
export async function casesStats(db: Kysely<Database>, actor: AuthContext, q: { status: CaseStatStatus; period: 'TODAY' | 'MONTH'; type?: string | undefined }, nowMs = Date.now()) {
  const docs = await aggregates(db, await loadVisibility(db, actor), 'case_flow_aggregates');
  const series =
    q.period === 'TODAY'
      ? caseSeries(docs, { timespan: 1, nowMs, ...(q.type ? { caseTypeId: q.type } : {}) })
      : caseSeries(docs, { timespan: 5, nowMs, range: { fromMs: nowMs - (MONTH_PERIOD_DAYS - 1) * DAY_MS, toMs: nowMs }, ...(q.type ? { caseTypeId: q.type } : {}) });
  const data = q.status === 'CREATED' ? series.created : q.status === 'CLOSED' ? series.closed : series.active;
  const previous = q.status === 'CREATED' ? series.previous.created : q.status === 'CLOSED' ? series.previous.closed : series.previous.active;
  return {
    labels: series.starts.map((ms) => (q.period === 'TODAY' ? new Date(ms).toISOString() : utcDay(ms))),
    data,
    summary: summarize(data, previous, q.status === 'ACTIVE'),
  };
}

/** POST /countCases: cases created or closed on a UTC day, or active at its end. */
export async function countCases(db: Kysely<Database>, actor: AuthContext, q: { status: CaseStatStatus; date: string; type?: string | undefined }) {
  const docs = await aggregates(db, await loadVisibility(db, actor), 'case_flow_aggregates');
  const day = Date.parse(`${q.date}T00:00:00Z`);
  const series = caseSeries(docs, { timespan: 5, nowMs: day, range: { fromMs: day, toMs: day }, ...(q.type ? { caseTypeId: q.type } : {}) });
  const values = q.status === 'CREATED' ? series.created : q.status === 'CLOSED' ? series.closed : series.active;
  return { status: q.status, date: q.date, count: values[0] ?? 0 };
}

/** GET /cases/resolution-times: per UTC day of the period, the cases closed and their average hours from creation. */
export async function caseResolutionTimes(db: Kysely<Database>, actor: AuthContext, q: { period: 'WEEK' | 'MONTH' | 'QUARTER'; type?: string | undefined }, nowMs = Date.now()) {
  const docs = await aggregates(db, await loadVisibility(db, actor), 'case_flow_aggregates');
  const days = RESOLUTION_PERIOD_DAYS[q.period];
  const times = resolutionTimes(docs, startOfUtcDay(nowMs) - (days - 1) * DAY_MS, days, q.type);
  const closed = times.closed.reduce((s, n) => s + n, 0);
  const weighted = times.averageHours.reduce((s, h, i) => s + h * times.closed[i]!, 0);
  return {
    period: q.period,
    labels: times.starts.map(utcDay),
    data: times.averageHours,
    counts: times.closed,
    averageHours: closed ? Math.round((weighted / closed) * 10) / 10 : 0,
  };
}

/** Whose figures: the caller's, or (administrators only) another user's as that user would see them. */
async function subjectVisibility(db: Kysely<Database>, actor: AuthContext, workspaceId: string, userId: string | undefined): Promise<Visibility> {
  if (workspaceId !== actor.workspaceId) throw notFound('Workspace');
  const self = await loadVisibility(db, actor);
  if (userId === undefined || userId === actor.userId) return self;
  if (!self.isAdmin) throw forbidden();
  const user = await db.selectFrom('users').select(['id', 'role']).where('id', '=', userId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!user) throw notFound('User');
  return loadVisibility(db, { sessionId: '', userId: user.id, workspaceId: actor.workspaceId, role: user.role });
}

async function visibleTeams(db: Kysely<Database>, v: Visibility) {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'color', 'light_yellow', 'light_red'])
    .where('workspace_id', '=', v.workspaceId)
    .where('deleted', '=', false)
    .orderBy('name')
    .execute();
  // Part 1 §6: a NORMAL user sees only their own teams; part 1 §9: 'MyBasket' teams are never listed.
  return rows.filter((team) => !isHiddenTeam(team.name) && (v.isAdmin || v.teamIds.includes(team.id)));
}

/** GET /workspaces/{id}/teams/stats: each team with its part 1 §3 `dashboard` fields, its health and the card's totals. */
export async function teamsStats(db: Kysely<Database>, actor: AuthContext, workspaceId: string, q: { userId?: string | undefined }, nowMs = Date.now()) {
  const v = await subjectVisibility(db, actor, workspaceId, q.userId);
  const [teams, docs] = await Promise.all([visibleTeams(db, v), aggregates(db, v, 'ticket_light_aggregates')]);
  const list = teams.map((team) => {
    const lightIndicator = { yellow: team.light_yellow, red: team.light_red };
    const { teamId: _teamId, health, urgent, ...dashboard } = teamDashboard(team.id, docs, lightIndicator, nowMs);
    return { id: team.id, name: team.name, color: team.color, lightIndicator, dashboard, health, urgent };
  });
  return { teams: list, summary: teamsSummary(list.map((t) => ({ teamId: t.id, ...t.dashboard, health: t.health, urgent: t.urgent }))) };
}

/** GET /workspaces/{id}/humans/stats: per human the part 1 §3 stats (summary, teamBreakdown), health, alert; and the card's summary. */
export async function humansStats(db: Kysely<Database>, actor: AuthContext, workspaceId: string, q: { userId?: string | undefined }, nowMs = Date.now()) {
  const v = await subjectVisibility(db, actor, workspaceId, q.userId);
  const [teams, docs] = await Promise.all([visibleTeams(db, v), aggregates(db, v, 'ticket_light_aggregates')]);
  const teamById = new Map(teams.map((t) => [t.id, t]));
  const memberIds = v.isAdmin ? undefined : v.ownMemberIds;
  let query = db.selectFrom('members').select(['id', 'name', 'email']).where('workspace_id', '=', v.workspaceId).where('deleted', '=', false).orderBy('name');
  if (memberIds !== undefined) query = memberIds.length ? query.where('id', 'in', memberIds) : query.where(sql<boolean>`false`);
  const members = await query.execute();
  const thresholdsOf = (teamId: string) => {
    const team = teamById.get(teamId);
    return team ? { yellow: team.light_yellow, red: team.light_red } : null;
  };
  const humans = members.map((m) => {
    const stats = humanStats(m.id, docs, thresholdsOf, nowMs);
    return {
      id: m.id,
      human_id: m.id,
      name: m.name,
      email: m.email,
      summary: stats.summary,
      teamBreakdown: stats.teamBreakdown.map((t) => ({ teamId: t.teamId, teamName: teamById.get(t.teamId)?.name ?? '', tickets: t.tickets })),
      health: stats.health,
      alerted: stats.alerted,
    };
  });
  const all = humans.reduce((sum, h) => addLights(sum, { total: h.summary.totalTickets, ...h.summary.lightIndicators }), noLights());
  const scored = humans.filter((h) => h.summary.performanceScore !== null);
  const performanceScore = scored.length ? Math.round(scored.reduce((s, h) => s + h.summary.performanceScore!, 0) / scored.length) : null;
  return {
    humans,
    summary: {
      totalHumans: humans.length,
      totalTickets: all.total,
      lightIndicators: { green: all.green, yellow: all.yellow, red: all.red },
      performanceScore,
      scoreCategory: scoreCategory(performanceScore),
      alerted: humans.filter((h) => h.alerted).length,
      health: humansOverall(humans.map((h) => ({ ...h, memberId: h.id }))),
    },
  };
}
