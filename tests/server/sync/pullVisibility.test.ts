import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../server/auth/sessions.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** What each role receives (ARCHITECTURE.md "every sync pull filters"): only what the screens of its modules show. */
describe.each(backends)('what each role pulls, on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pullAll(headers: { authorization: string }, collection: string): Promise<ReplicaDoc[]> {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (;;) {
      const query = new URLSearchParams({ collection, limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<PullResponse>();
      docs.push(...page.documents);
      checkpoint = page.checkpoint;
      if (page.documents.length < 500) return docs;
    }
  }
  const kinds = (docs: ReplicaDoc[]) => [...new Set(docs.map((d) => d.kind))].sort();
  /** A NORMAL user of the demo workspace with these modules, in Claims Desk, with a live session. */
  async function userWith(modules: string[], id: string): Promise<{ authorization: string }> {
    await withWorkspaceWrite(t.handle.db, 'ws-demo', async (tx, rev) => {
      await tx
        .insertInto('users')
        .values({ id, workspace_id: 'ws-demo', name: id, username: `${id}@demo.local`, email: `${id}@demo.local`, role: 'NORMAL', password_hash: 'x', enabled_modules: modules.map((m) => ({ id: m })), rights: [], rev })
        .execute();
      await tx.insertInto('members').values({ id: `mbr-${id}`, workspace_id: 'ws-demo', name: id, email: `${id}@demo.local`, user_id: id, rev }).execute();
      await tx.insertInto('team_members').values({ id: `tm-${id}`, workspace_id: 'ws-demo', team_id: 'team-demo-claims', member_id: `mbr-${id}`, rev }).execute();
    });
    return { authorization: `Bearer ${(await createSession(t.handle.db, { id, workspace_id: 'ws-demo' }, 3600, 'test')).token}` };
  }

  it('an agent with the inbox only gets its account, the teams, its teammates, its engine and the case types: no apps, flows, events, templates or origins', async () => {
    const config = await pullAll(agent, 'config');
    // The demo agent has DASHBOARD: the case figures, and its own teams' ticket figures (tests/server/dashboard).
    expect(kinds(config)).toEqual(['caseFlow', 'caseState', 'caseStateCount', 'caseType', 'engine', 'engineUser', 'member', 'team', 'teamMember', 'ticketLight', 'user', 'workspace']);
    expect(config.filter((d) => d.kind === 'user').map((d) => d.id)).toEqual(['usr-demo-agent']);
    expect(config.filter((d) => d.kind === 'engine').map((d) => d.id)).toEqual(['eng-demo-main']);
    expect(config.filter((d) => d.kind === 'engineUser').map((d) => d.userId)).toEqual(['usr-demo-agent']);
    // Its own batches (module BATCHES), and no instance or trace.
    const runs = await pullAll(agent, 'runs');
    expect(kinds(runs)).toEqual(['batch', 'batchLine']);
    expect(runs.filter((d) => d.kind === 'batch').every((d) => d.userId === 'usr-demo-agent')).toBe(true);
  });

  it("an agent receives members and memberships of its own teams only, and no team's notification tokens or address", async () => {
    const teams = new Set(
      (await t.handle.db.selectFrom('team_members').innerJoin('members', 'members.id', 'team_members.member_id').select('team_id').where('members.user_id', '=', 'usr-demo-agent').execute()).map((r) => r.team_id),
    );
    const teammates = new Set(
      (await t.handle.db.selectFrom('team_members').select('member_id').where('team_id', 'in', [...teams]).execute()).map((r) => r.member_id),
    );
    const config = await pullAll(agent, 'config');
    const members = config.filter((d) => d.kind === 'member');
    expect(members.map((m) => m.id).sort()).toEqual([...teammates].sort());
    const allMembers = await t.handle.db.selectFrom('members').select('id').where('workspace_id', '=', 'ws-demo').execute();
    expect(members.length).toBeLessThan(allMembers.length);
    expect(config.filter((d) => d.kind === 'teamMember').every((d) => teams.has(d.teamId as string))).toBe(true);
    const team = config.find((d) => d.kind === 'team')!;
    expect(team).toMatchObject({ tokEmail: null, tokSlack: null, webhookEmail: null });
    expect(team.name).toEqual(expect.any(String));
  });

  it('the administrator receives the whole workspace, private team fields included', async () => {
    const config = await pullAll(admin, 'config');
    expect(kinds(config)).toEqual([
      'app', 'calendar', 'caseFlow', 'caseState', 'caseStateCount', 'caseType', 'engine', 'engineUser', 'event', 'flow', 'frontdeskForm',
      'member', 'nodeTemplate', 'team', 'teamMember', 'ticketLight', 'user', 'webhook', 'workspace',
    ]);
    const withTokens = await t.handle.db.selectFrom('teams').select('id').where('tok_email', 'is not', null).executeTakeFirst();
    if (withTokens) expect(config.find((d) => d.id === withTokens.id)?.tokEmail).toEqual(expect.any(String));
  });

  it.each([
    [['HUMAN INTERFACE', 'APPS'], ['app', 'calendar', 'event', 'flow', 'webhook'], ['nodeTemplate', 'frontdeskForm', 'corsOrigin']],
    [['HUMAN INTERFACE', 'MODELER'], ['calendar', 'flow', 'nodeTemplate'], ['app', 'event', 'webhook', 'corsOrigin']],
    [['HUMAN INTERFACE', 'BUILDER'], ['nodeTemplate'], ['app', 'flow', 'event', 'corsOrigin']],
    [['HUMAN INTERFACE', 'FRONTDESK'], ['frontdeskForm'], ['app', 'flow', 'nodeTemplate', 'corsOrigin']],
  ])('a NORMAL user with %j also gets %j and still not %j', async (modules, gets, never) => {
    const headers = await userWith(modules, `usr-mod-${modules.join('-').toLowerCase().replace(/\W+/g, '-')}`);
    const got = kinds(await pullAll(headers, 'config'));
    for (const kind of gets) expect(got).toContain(kind);
    for (const kind of never) expect(got).not.toContain(kind);
  });

  it('instances and runs of apps need the APPS module; cases need CASES', async () => {
    const apps = await userWith(['HUMAN INTERFACE', 'APPS'], 'usr-runs-apps');
    expect(kinds(await pullAll(apps, 'runs'))).toContain('instance');
    expect(await pullAll(apps, 'cases')).toEqual([]);
    const cases = await userWith(['CASES'], 'usr-runs-cases');
    expect((await pullAll(cases, 'cases')).length).toBeGreaterThan(0);
    expect(await pullAll(cases, 'runs')).toEqual([]);
  });
});
