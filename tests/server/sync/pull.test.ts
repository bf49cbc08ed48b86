import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { createWorkspace, withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

describe.each(backends)('sync pull on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    // A second workspace with a ticket-free config row that nobody of the demo may ever receive.
    await createWorkspace(t.handle.db, { id: 'ws-other', name: 'Other' });
    await withWorkspaceWrite(t.handle.db, 'ws-other', (tx, rev) =>
      tx.insertInto('engines').values({ id: 'eng-other', workspace_id: 'ws-other', name: 'Foreign engine', rev }).execute(),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Pulls a whole collection page by page, as the worker does. */
  async function pullAll(headers: { authorization: string }, collection: string, limit = 37, scope?: string) {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (let page = 0; page < 1000; page += 1) {
      const query = new URLSearchParams({ collection, limit: String(limit), ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}), ...(scope ? { scope } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PullResponse>();
      docs.push(...body.documents);
      checkpoint = body.checkpoint;
      if (body.documents.length < limit) break;
    }
    return { docs, checkpoint };
  }

  it('pages through a collection in (rev, id) order without gaps or repeats', async () => {
    const { docs } = await pullAll(admin.headers, 'cases', 37);
    expect(docs).toHaveLength(200);
    expect(new Set(docs.map((d) => d.id)).size).toBe(200);
    const order = docs.map((d) => [d.rev, d.id] as const);
    expect(order).toEqual([...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)));
  });

  it('with count=1 a page also says how many documents follow its checkpoint, counted as the caller sees them', async () => {
    const pull = async (headers: { authorization: string }, collection: string, checkpoint?: PullResponse['checkpoint']) => {
      const query = new URLSearchParams({ collection, limit: '25', count: '1', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<PullResponse>();
    };
    const first = await pull(admin.headers, 'cases');
    expect(first.remaining).toBe(200);
    expect((await pull(admin.headers, 'cases', first.checkpoint)).remaining).toBe(175);
    const agentTickets = (await pullAll(agent.headers, 'tickets')).docs.length;
    expect((await pull(agent.headers, 'tickets')).remaining).toBe(agentTickets);
    // Without the flag nothing is counted; a flag other than 1 is refused.
    const plain = await t.app.inject({ method: 'GET', url: '/sync/pull?collection=cases&limit=5', headers: admin.headers });
    expect(plain.json<PullResponse>().remaining).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: '/sync/pull?collection=cases&count=yes', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('an administrator receives every ticket of the workspace; the agent only those of their teams', async () => {
    const all = (await pullAll(admin.headers, 'tickets')).docs;
    const mine = (await pullAll(agent.headers, 'tickets')).docs;
    expect(all).toHaveLength(40);
    const agentTeams = new Set(['team-demo-claims', 'team-demo-field']);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBeLessThan(all.length);
    expect(mine.every((d) => agentTeams.has(d.teamId as string))).toBe(true);
    expect(mine).toHaveLength(all.filter((d) => agentTeams.has(d.teamId as string)).length);
  });

  it('nobody receives rows of another workspace', async () => {
    for (const who of [admin, agent]) {
      for (const collection of ['config', 'tickets', 'cases', 'runs']) {
        const { docs } = await pullAll(who.headers, collection, 500);
        expect(docs.every((d) => d.workspaceId === undefined ? d.id === 'ws-demo' : d.workspaceId === 'ws-demo')).toBe(true);
        expect(docs.some((d) => d.id === 'eng-other' || d.id === 'ws-other')).toBe(false);
      }
    }
  });

  it('the agent receives only their own profile and no secrets; the admin receives all users', async () => {
    const agentUsers = (await pullAll(agent.headers, 'config')).docs.filter((d) => d.kind === 'user');
    expect(agentUsers.map((u) => u.id)).toEqual([agent.userId]);
    expect(agentUsers[0]).not.toHaveProperty('passwordHash');
    const adminUsers = (await pullAll(admin.headers, 'config')).docs.filter((d) => d.kind === 'user');
    expect(adminUsers.length).toBe(4);
  });

  it('the agent receives only their own batches and no cases without the CASES module', async () => {
    const runs = (await pullAll(agent.headers, 'runs')).docs;
    expect(runs.filter((d) => d.kind === 'batch').every((b) => b.userId === agent.userId)).toBe(true);
    expect(runs.some((d) => d.kind === 'instance')).toBe(false);
    expect((await pullAll(agent.headers, 'cases')).docs).toEqual([]);
  });

  it("a case's records are pulled per case, and only for a case the caller may open", async () => {
    const agentTicket = (await pullAll(agent.headers, 'tickets')).docs.find((d) => typeof d.caseId === 'string');
    expect(agentTicket).toBeDefined();
    const records = await pullAll(agent.headers, 'caseRecords', 500, `case:${agentTicket!.caseId as string}`);
    expect(records.docs.every((d) => d.caseId === agentTicket!.caseId)).toBe(true);

    const hidden = (await pullAll(admin.headers, 'tickets')).docs.find((d) => d.teamId === 'team-demo-back-office' && d.caseId);
    const refused = await t.app.inject({ method: 'GET', url: `/sync/pull?collection=caseRecords&scope=case:${hidden!.caseId as string}`, headers: agent.headers });
    expect(refused.statusCode).toBe(404);
    const noScope = await t.app.inject({ method: 'GET', url: '/sync/pull?collection=caseRecords', headers: agent.headers });
    expect(noScope.statusCode).toBe(400);
  });

  it('after a write only the changed rows come, with their new revision', async () => {
    const { checkpoint } = await pullAll(admin.headers, 'tickets', 500);
    const ticket = await t.handle.db.selectFrom('tickets').select('id').where('status', '=', 'unassigned').where('team_id', '=', 'team-demo-claims').executeTakeFirstOrThrow();
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) => tx.updateTable('tickets').set({ description: 'changed', rev }).where('id', '=', ticket.id).execute());
    const query = new URLSearchParams({ collection: 'tickets', checkpoint: JSON.stringify(checkpoint) });
    const page = (await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: admin.headers })).json<PullResponse>();
    expect(page.documents.map((d) => [d.id, d.description])).toEqual([[ticket.id, 'changed']]);
    expect(page.reset).toBe(false);
  });

  it('when the agent joins a team the feed restarts and delivers that team\'s tickets', async () => {
    const { checkpoint } = await pullAll(agent.headers, 'tickets', 500);
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
      tx.insertInto('team_members').values({ id: 'tm-test-join', workspace_id: 'ws-demo', team_id: 'team-demo-back-office', member_id: 'mbr-demo-nico', rev }).execute(),
    );
    const query = new URLSearchParams({ collection: 'tickets', limit: '500', checkpoint: JSON.stringify(checkpoint) });
    const page = (await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: agent.headers })).json<PullResponse>();
    expect(page.reset).toBe(true);
    expect(page.documents).toHaveLength(40);
  });

  it.each([
    ['an unknown collection', 'collection=secrets'],
    ['a malformed checkpoint', 'collection=tickets&checkpoint=not-json'],
    ['a limit of zero', 'collection=tickets&limit=0'],
    ['a limit above the maximum', 'collection=tickets&limit=100000'],
    ['a malformed scope', 'collection=caseRecords&scope=../etc'],
  ])('%s is a 400', async (_label, query) => {
    const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: admin.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid-request');
  });

  it('a pull of a collection of several tables never skips a row that commits while it reads them', async () => {
    // Two tables of `config`, written in turn while the administrator pulls: each page must come from one snapshot,
    // or a row committed between its table's read and a later table's read is passed over by the checkpoint.
    const written: string[] = [];
    let writing = true;
    const writeInTurn = async (lane: number) => {
      for (let i = 0; i < 40; i += 1) {
        const id = `race-${backend}-${lane}-${i}`;
        await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
          i % 2 === 0
            ? tx.insertInto('engines').values({ id, workspace_id: 'ws-demo', name: `Race ${i}`, rev }).execute()
            : tx.insertInto('cors_origins').values({ id, workspace_id: 'ws-demo', origin: `https://${id}.test`, rev }).execute(),
        );
        written.push(id);
      }
    };
    const writer = Promise.all([0, 1, 2, 3].map(writeInTurn)).then(() => {
      writing = false;
    });
    const first = await pullAll(admin.headers, 'config', 500);
    const received = new Set(first.docs.map((doc) => doc.id));
    let checkpoint = first.checkpoint;
    for (let round = 0; writing || round === 0; round += 1) {
      const query = new URLSearchParams({ collection: 'config', limit: '500', checkpoint: JSON.stringify(checkpoint) });
      const body = (await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: admin.headers })).json<PullResponse>();
      for (const doc of body.documents) received.add(doc.id);
      checkpoint = body.checkpoint;
    }
    await writer;
    const query = new URLSearchParams({ collection: 'config', limit: '500', checkpoint: JSON.stringify(checkpoint) });
    const last = (await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: admin.headers })).json<PullResponse>();
    for (const doc of last.documents) received.add(doc.id);
    expect(written.filter((id) => !received.has(id))).toEqual([]);
  });

  it('pulling needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sync/pull?collection=tickets' })).statusCode).toBe(401);
  });
});
