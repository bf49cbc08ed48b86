import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();
const DAY = 86_400_000;

/** The §7 case statistics and dashboard calls, and who receives which aggregate documents. */
describe.each(backends)('dashboard aggregates: replication and the §7 calls, on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let agentMember: string;
  let agentTeams: string[];

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    const agentLogin = await t.loginAs(demoAccount('NORMAL').username);
    agent = agentLogin.headers;
    const db = t.handle.db;
    agentMember = (await db.selectFrom('members').select('id').where('user_id', '=', agentLogin.userId).executeTakeFirstOrThrow()).id;
    agentTeams = (await db.selectFrom('team_members').select('team_id').where('member_id', '=', agentMember).where('deleted', '=', false).execute()).map((r) => r.team_id);
    // Assigned tickets of other people, in the agent's team and in another: per-human figures the agent must not get.
    const others = await db
      .selectFrom('team_members')
      .select(['team_id', 'member_id'])
      .where('workspace_id', '=', 'ws-demo')
      .where('member_id', '!=', agentMember)
      .where('deleted', '=', false)
      .execute();
    const now = Date.now();
    const mutations = others.slice(0, 6).map((m) => ({
      id: randomUUID(),
      name: 'ticket.create',
      args: { ticketId: `tk-dash-${randomUUID()}`, status: 'assigned', description: 'Dashboard', teamId: m.team_id, assigneeMemberId: m.member_id, createdAt: now - 3_600_000, dueAt: now + 3_600_000 },
    }));
    const results = await pushMutations(t, admin, 'dash-setup', mutations);
    expect(results.filter((r) => r.status === 'applied').length).toBeGreaterThan(0);
  });
  afterAll(() => t.close());

  async function pullConfig(headers: { authorization: string }): Promise<ReplicaDoc[]> {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (;;) {
      const query = new URLSearchParams({ collection: 'config', limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<PullResponse>();
      docs.push(...page.documents);
      checkpoint = page.checkpoint;
      if (page.documents.length < 500) return docs;
    }
  }
  const get = (url: string, headers = admin) => t.app.inject({ method: 'GET', url, headers });
  const count = async (query: ReturnType<typeof sql<{ n: number | string }>>) => Number((await query.execute(t.handle.db)).rows[0]?.n ?? 0);

  it("an agent's replica holds its teams' ticket figures and only its own per-human figures; the admin's holds all", async () => {
    const mine = (await pullConfig(agent)).filter((d) => d.kind === 'ticketLight');
    expect(mine.length).toBeGreaterThan(0);
    for (const doc of mine) {
      expect(agentTeams).toContain(doc.teamId);
      expect([null, agentMember]).toContain(doc.memberId);
    }
    const all = (await pullConfig(admin)).filter((d) => d.kind === 'ticketLight');
    const othersHuman = all.filter((d) => d.memberId !== null && d.memberId !== agentMember);
    expect(othersHuman.length).toBeGreaterThan(0);
    expect(all.some((d) => !agentTeams.includes(String(d.teamId)))).toBe(true);
    // Case figures come with the dashboard: per type by day, and every type together by hour.
    const flows = (await pullConfig(agent)).filter((d) => d.kind === 'caseFlow');
    expect(flows.some((d) => d.caseTypeId === '' && (d.created as number[]).length % 24 === 0)).toBe(true);
  });

  it('GET /cases-stats answers labels and data from the aggregates, equal to SQL counts', async () => {
    const month = await get('/cases-stats?status=CREATED&period=MONTH');
    expect(month.statusCode, month.body).toBe(200);
    const body = month.json<{ labels: string[]; data: number[]; summary: { total: number } }>();
    expect(body.labels).toHaveLength(31);
    const from = new Date(Math.floor(Date.now() / DAY) * DAY - 30 * DAY);
    expect(body.summary.total).toBe(await count(sql`select count(*) as n from cases where workspace_id = 'ws-demo' and not deleted and created_at >= ${from}`));
    const today = (await get('/cases-stats?status=ACTIVE&period=TODAY')).json<{ labels: string[]; data: number[] }>();
    expect(today.labels).toHaveLength(24);
    expect(today.labels[0]).toMatch(/T00:00:00\.000Z$/);
    expect(today.data.at(-1)).toBe(await count(sql`select count(*) as n from cases where workspace_id = 'ws-demo' and not deleted and status <> 'COMPLETED'`));
  });

  it('POST /countCases and GET /cases/resolution-times answer from the same figures', async () => {
    const day = new Date().toISOString().slice(0, 10);
    const active = await t.app.inject({ method: 'POST', url: '/countCases', headers: admin, payload: { status: 'ACTIVE', date: day } });
    expect(active.statusCode, active.body).toBe(200);
    expect(active.json()).toEqual({ status: 'ACTIVE', date: day, count: await count(sql`select count(*) as n from cases where workspace_id = 'ws-demo' and not deleted and status <> 'COMPLETED'`) });
    const times = await get('/cases/resolution-times');
    expect(times.statusCode, times.body).toBe(200);
    expect(times.json()).toMatchObject({ period: 'WEEK', labels: expect.any(Array), data: expect.any(Array), counts: expect.any(Array) });
    expect(times.json<{ labels: string[] }>().labels).toHaveLength(7);
  });

  it('GET /cases-types and /cases-states count cases from the aggregates, equal to SQL counts', async () => {
    const types = (await get('/cases-types')).json<Array<{ _id: string; id: string; activeCases: number }>>();
    expect(types.length).toBeGreaterThan(0);
    for (const type of types) {
      expect(type.activeCases).toBe(await count(sql`select count(*) as n from cases where case_type_id = ${type._id} and not deleted and status <> 'COMPLETED'`));
    }
    const states = (await get(`/cases-states?type=${types[0]!.id}`)).json<Array<{ _id: string; count: number; activeCases: number }>>();
    for (const state of states) {
      expect(state.count).toBe(await count(sql`select count(*) as n from cases where state_id = ${state._id} and not deleted`));
      expect(state.activeCases).toBe(await count(sql`select count(*) as n from cases where state_id = ${state._id} and not deleted and status <> 'COMPLETED'`));
    }
    expect(states.some((state) => state.count > 0)).toBe(true);
  });

  it('teams and humans stats: the admin sees every team, the agent only its own teams and itself', async () => {
    const teams = await get('/workspaces/ws-demo/teams/stats');
    expect(teams.statusCode, teams.body).toBe(200);
    type TeamsBody = { teams: Array<{ id: string; dashboard: { assigned: number; pending: number } }>; summary: Record<string, unknown> };
    const all = teams.json<TeamsBody>();
    const open = all.teams.reduce((s, team) => s + team.dashboard.assigned + team.dashboard.pending, 0);
    expect(open).toBe(await count(sql`select count(*) as n from tickets t join teams g on g.id = t.team_id where t.workspace_id = 'ws-demo' and not t.deleted and t.state = 'open' and g.name not like 'MyBasket%' and not g.deleted`));
    expect(all.summary).toMatchObject({ healthy: expect.any(Number), warning: expect.any(Number), critical: expect.any(Number) });
    const mine = (await get(`/workspaces/ws-demo/teams/stats?role=NORMAL`, agent)).json<TeamsBody>();
    expect(mine.teams.map((team) => team.id).sort()).toEqual([...agentTeams].sort());

    type HumansBody = { humans: Array<{ id: string; summary: { totalTickets: number } }>; summary: { totalTickets: number } };
    const humans = (await get('/workspaces/ws-demo/humans/stats')).json<HumansBody>();
    expect(humans.summary.totalTickets).toBe(await count(sql`select count(*) as n from tickets where workspace_id = 'ws-demo' and not deleted and state = 'open' and status = 'assigned' and assignee_member_id is not null`));
    const me = (await get('/workspaces/ws-demo/humans/stats', agent)).json<HumansBody>();
    expect(me.humans.map((h) => h.id)).toEqual([agentMember]);
  });

  it('bad input is a 4xx with a message, never a 500; another workspace is 404; another user is the administrators’', async () => {
    const bad = [
      await get('/cases-stats'),
      await get('/cases-stats?status=OPEN'),
      await get('/cases-stats?status=CREATED&period=YEAR'),
      await get('/cases-stats?status=CREATED&type=%3Cscript%3E'),
      await t.app.inject({ method: 'POST', url: '/countCases', headers: admin, payload: { status: 'CREATED', date: '2026-02-30' } }),
      await t.app.inject({ method: 'POST', url: '/countCases', headers: admin, payload: { status: 'CREATED' } }),
      await get('/cases/resolution-times?period=DECADE'),
      await get('/workspaces/ws-demo/teams/stats?role=KING'),
    ];
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await get('/workspaces/ws-other/teams/stats')).statusCode).toBe(404);
    const adminId = (await t.handle.db.selectFrom('users').select('id').where('role', '=', 'ADMIN').where('workspace_id', '=', 'ws-demo').executeTakeFirstOrThrow()).id;
    expect((await get(`/workspaces/ws-demo/humans/stats?userId=${adminId}`, agent)).statusCode).toBe(403);
    expect((await get('/cases-stats?status=CREATED', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});
