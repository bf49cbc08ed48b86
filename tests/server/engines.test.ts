import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type EngineBody = { id: string; name: string; description: string; isActive: boolean; users: Array<{ id: string }>; workspace: { id: string } };

/** Part 1 §7 /engines: engines and their authorised users over REST, with the same services as the engine.* mutations. */
describe.each(backends)('engines over REST (/engines) on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let other: OtherWorkspace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const engineRow = (id: string) => t.handle.db.selectFrom('engines').selectAll().where('id', '=', id).executeTakeFirst();
  const liveLinks = async (engineId: string) =>
    (await t.handle.db.selectFrom('engine_users').select(['id', 'user_id']).where('engine_id', '=', engineId).where('deleted', '=', false).orderBy('user_id').execute()).map((l) => [l.user_id, l.id]);
  const otherRev = async () => Number((await t.handle.db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', other.workspaceId).executeTakeFirstOrThrow()).rev);
  const pullEngines = async (headers: Headers): Promise<string[]> => {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (let page = 0; page < 50; page += 1) {
      const query = new URLSearchParams({ collection: 'config', limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await call('GET', `/sync/pull?${query}`, headers);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PullResponse>();
      docs.push(...body.documents);
      checkpoint = body.checkpoint;
      if (body.documents.length < 500) break;
    }
    return docs.filter((d) => d.kind === 'engine' && !d.deleted).map((d) => d.id).sort();
  };

  let engineId = '';

  it('POST /engines answers 201 with the engine; the texts are trimmed and the users linked once each', async () => {
    const response = await call('POST', '/engines', admin, { name: '  Billing Engine ', description: ' Invoices and reminders ', users: ['usr-demo-agent', { id: 'usr-demo-admin' }, 'usr-demo-agent'] });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<EngineBody>();
    engineId = view.id;
    expect(engineId).toMatch(/^eng-[0-9a-f-]{36}$/);
    expect(view).toEqual({ id: engineId, name: 'Billing Engine', description: 'Invoices and reminders', isActive: true, users: [{ id: 'usr-demo-admin' }, { id: 'usr-demo-agent' }], workspace: { id: 'ws-demo' } });
    const row = await engineRow(engineId);
    expect(row).toMatchObject({ workspace_id: 'ws-demo', is_active: true, deleted: false });
    expect(Number(row!.rev)).toBe(await demoWorkspaceRev(t));
    const links = await liveLinks(engineId);
    expect(links.map(([user]) => user)).toEqual(['usr-demo-admin', 'usr-demo-agent']);
    expect(links.every(([, id]) => /^eu-[0-9a-f-]{36}$/.test(id!))).toBe(true);
  });

  it('POST with the client id; the same id again is 409 and nothing changes', async () => {
    const id = 'eng-rest-client-id';
    const created = await call('POST', '/engines', admin, { id, name: 'Client id', description: 'Made with its id', isActive: false });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ id, isActive: false, users: [] });
    const before = await demoWorkspaceRev(t);
    const again = await call('POST', '/engines', admin, { id, name: 'Again', description: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already-exists' });
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('PATCH /engines/{id} changes the fields given; users given become exactly the authorised set, kept links stay', async () => {
    const adminLink = (await liveLinks(engineId)).find(([user]) => user === 'usr-demo-admin')![1];
    const response = await call('PATCH', `/engines/${engineId}`, admin, { isActive: false, users: ['usr-demo-admin', 'usr-demo-inactive'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Billing Engine', description: 'Invoices and reminders', isActive: false, users: [{ id: 'usr-demo-admin' }, { id: 'usr-demo-inactive' }] });
    const links = await liveLinks(engineId);
    expect(links[0]).toEqual(['usr-demo-admin', adminLink]);
    const agentLink = await t.handle.db.selectFrom('engine_users').select(['deleted', 'rev']).where('engine_id', '=', engineId).where('user_id', '=', 'usr-demo-agent').executeTakeFirstOrThrow();
    expect(agentLink.deleted).toBe(true);
    expect(Number(agentLink.rev)).toBe(await demoWorkspaceRev(t));

    const renamed = await call('PATCH', `/engines/${engineId}`, admin, { name: 'Billing', isActive: true });
    expect(renamed.json()).toMatchObject({ name: 'Billing', description: 'Invoices and reminders', isActive: true });
    expect(await liveLinks(engineId)).toEqual(links);
  });

  it('GET /engines/{id}, /apps and /users answer the engine, its apps by name and its users with role and e-mail', async () => {
    const read = await call('GET', '/engines/eng-demo-main', admin);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: 'eng-demo-main', name: 'Main Engine', isActive: true, users: [{ id: 'usr-demo-admin' }, { id: 'usr-demo-agent' }] });
    const apps = await call('GET', '/engines/eng-demo-main/apps', admin);
    expect(apps.statusCode, apps.body).toBe(200);
    const list = apps.json<Array<{ id: string; app_id: string; name: string; description: string; engine: { id: string; name: string } }>>();
    expect(list.map((a) => a.id).sort()).toEqual(['app-demo-claims', 'app-demo-onboarding']);
    expect(list.map((a) => a.name)).toEqual([...list.map((a) => a.name)].sort());
    expect(list[0]).toMatchObject({ engine: { id: 'eng-demo-main', name: 'Main Engine' } });
    expect(list[0]!.app_id).toBe(list[0]!.id);
    const users = await call('GET', '/engines/eng-demo-main/users', admin);
    expect(users.statusCode, users.body).toBe(200);
    expect(users.json<Array<{ id: string; role: string; email: string }>>().map((u) => [u.id, u.role])).toEqual(
      expect.arrayContaining([
        ['usr-demo-admin', 'ADMIN'],
        ['usr-demo-agent', 'NORMAL'],
      ]),
    );
  });

  it('GET /workspaces/{id}/engines: every engine for the admin, only their own for a NORMAL user, 404 for another workspace', async () => {
    const all = await call('GET', '/workspaces/ws-demo/engines', admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json<EngineBody[]>().map((e) => e.id)).toEqual(expect.arrayContaining(['eng-demo-main', 'eng-demo-sandbox', engineId]));
    const mine = await call('GET', '/workspaces/ws-demo/engines', agent);
    expect(mine.json<EngineBody[]>().map((e) => e.id)).toEqual(['eng-demo-main']);
    // A NORMAL user sees themselves among an engine's users, as the sync pull shows them, not the others.
    expect(mine.json<EngineBody[]>()[0]!.users).toEqual([{ id: 'usr-demo-agent' }]);
    expect((await call('GET', `/workspaces/${other.workspaceId}/engines`, admin)).statusCode).toBe(404);
  });

  it("authorising a NORMAL user on an engine lets them read it and pull it; taking it away hides it again", async () => {
    expect(await pullEngines(agent)).toEqual(['eng-demo-main']);
    expect((await call('GET', '/engines/eng-demo-sandbox', agent)).statusCode).toBe(403);
    const sandboxUsers = (await liveLinks('eng-demo-sandbox')).map(([user]) => user!);
    const granted = await call('PATCH', '/engines/eng-demo-sandbox', admin, { users: [...sandboxUsers, 'usr-demo-agent'] });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await pullEngines(agent)).toEqual(['eng-demo-main', 'eng-demo-sandbox']);
    expect((await call('GET', '/engines/eng-demo-sandbox', agent)).json()).toMatchObject({ name: 'Sandbox Engine', users: [{ id: 'usr-demo-agent' }] });
    // Apps are the APPS module's: the agent (without it) may read the engine, not its apps.
    expect((await call('GET', '/engines/eng-demo-sandbox/apps', agent)).statusCode).toBe(403);
    await call('PATCH', '/engines/eng-demo-sandbox', admin, { users: sandboxUsers });
    expect(await pullEngines(agent)).toEqual(['eng-demo-main']);
    expect((await call('GET', '/engines/eng-demo-sandbox', agent)).statusCode).toBe(403);
  });

  it('DELETE refuses an engine still used by apps and teams with the count (409), and deletes an unused one with its links', async () => {
    const before = await demoWorkspaceRev(t);
    const refused = await call('DELETE', '/engines/eng-demo-main', admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'engine-in-use', message: 'This engine is still used by 2 apps and 3 teams: move or delete them first' });
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect(await engineRow('eng-demo-main')).toMatchObject({ deleted: false });

    const deleted = await call('DELETE', `/engines/${engineId}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await engineRow(engineId)).toMatchObject({ deleted: true });
    expect(await liveLinks(engineId)).toEqual([]);
    expect((await call('GET', `/engines/${engineId}`, admin)).statusCode).toBe(404);
    expect((await call('PATCH', `/engines/${engineId}`, admin, { name: 'Back' })).statusCode).toBe(404);
  });

  describe('authorization', () => {
    const calls = {
      create: { method: 'POST', url: '/engines', body: { name: 'Sneaky engine', description: 'Should not exist' } },
      read: { method: 'GET', url: '/engines/eng-demo-main', body: undefined },
      update: { method: 'PATCH', url: '/engines/eng-demo-main', body: { name: 'Main Engine' } },
      delete: { method: 'DELETE', url: '/engines/eng-demo-sandbox', body: undefined },
      apps: { method: 'GET', url: '/engines/eng-demo-main/apps', body: undefined },
      users: { method: 'GET', url: '/engines/eng-demo-main/users', body: undefined },
      workspace: { method: 'GET', url: '/workspaces/ws-demo/engines', body: undefined },
    } as const;
    const who = (role: string): Headers => (role === 'ADMIN' ? admin : role === 'NORMAL' ? agent : role === 'other ADMIN' ? other.admin.headers : {});

    it.each([
      ['create', 'ADMIN', 201],
      ['create', 'NORMAL', 403],
      ['create', 'no token', 401],
      ['read', 'ADMIN', 200],
      ['read', 'NORMAL', 200],
      ['read', 'no token', 401],
      ['read', 'other ADMIN', 404],
      ['update', 'ADMIN', 200],
      ['update', 'NORMAL', 403],
      ['update', 'no token', 401],
      ['update', 'other ADMIN', 404],
      // The sandbox engine has an app: the administrator's delete is refused for that, the others' before.
      ['delete', 'ADMIN', 409],
      ['delete', 'NORMAL', 403],
      ['delete', 'no token', 401],
      ['delete', 'other ADMIN', 404],
      ['apps', 'ADMIN', 200],
      ['apps', 'NORMAL', 403],
      ['apps', 'no token', 401],
      ['apps', 'other ADMIN', 404],
      ['users', 'ADMIN', 200],
      ['users', 'NORMAL', 403],
      ['users', 'no token', 401],
      ['users', 'other ADMIN', 404],
      ['workspace', 'ADMIN', 200],
      ['workspace', 'NORMAL', 200],
      ['workspace', 'no token', 401],
      ['workspace', 'other ADMIN', 404],
    ] as const)('%s as %s → %i', async (name, role, status) => {
      const demoBefore = await demoWorkspaceRev(t);
      const mainBefore = await engineRow('eng-demo-main');
      const sandboxBefore = await engineRow('eng-demo-sandbox');
      const linksBefore = [await liveLinks('eng-demo-main'), await liveLinks('eng-demo-sandbox')];
      const { method, url, body } = calls[name];
      const response = await call(method, url, who(role), body);
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) {
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
        expect(await demoWorkspaceRev(t)).toBe(demoBefore);
      }
      if (status === 404) expect(response.json<{ message: string }>().message).toMatch(/^(Engine|Workspace) not found$/);
      if (!(name === 'update' && role === 'ADMIN')) expect(await engineRow('eng-demo-main')).toEqual(mainBefore);
      expect(await engineRow('eng-demo-main')).toMatchObject({ name: 'Main Engine', deleted: false });
      expect(await engineRow('eng-demo-sandbox')).toEqual(sandboxBefore);
      expect([await liveLinks('eng-demo-main'), await liveLinks('eng-demo-sandbox')]).toEqual(linksBefore);
    });

    it("another workspace's ADMIN creates in their own workspace only, and cannot authorise the demo users", async () => {
      const created = await call('POST', '/engines', other.admin.headers, { name: 'Theirs', description: 'Their own engine' });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({ workspace: { id: other.workspaceId } });
      const before = await otherRev();
      const poach = await call('POST', '/engines', other.admin.headers, { name: 'Poach', description: 'Poach', users: ['usr-demo-agent'] });
      expect(poach.statusCode).toBe(404);
      expect(poach.json()).toMatchObject({ code: 'not-found', message: 'User not found' });
      expect(await otherRev()).toBe(before);
      expect((await call('PATCH', `/engines/${other.ids.engine}`, admin, { name: 'Mine' })).statusCode).toBe(404);
      expect((await call('DELETE', `/engines/${other.ids.engine}`, admin)).statusCode).toBe(404);
      expect((await call('GET', `/engines/${other.ids.engine}/users`, admin)).statusCode).toBe(404);
    });
  });

  describe('bad input', () => {
    const valid = { name: 'Valid name', description: 'Valid description', isActive: true, users: ['usr-demo-agent'] };
    it.each([
      ['an empty name', { ...valid, name: '   ' }],
      ['an empty description', { ...valid, description: '' }],
      ['a name of 101 characters', { ...valid, name: 'x'.repeat(101) }],
      ['a description of 501 characters', { ...valid, description: 'x'.repeat(501) }],
      ['a NUL in the name', { ...valid, name: 'bad\u0000name' }],
      ['isActive as a string', { ...valid, isActive: 'yes' }],
      ['users that are not a list', { ...valid, users: 'usr-demo-agent' }],
      ['a malformed user id', { ...valid, users: ['../x'] }],
      ['1001 users', { ...valid, users: Array.from({ length: 1001 }, (_, i) => `usr-${i}`) }],
    ])('%s → 400 with a message, nothing written (POST and PATCH)', async (_label, body) => {
      const before = await demoWorkspaceRev(t);
      const engineBefore = await engineRow('eng-demo-sandbox');
      for (const [method, url] of [
        ['POST', '/engines'],
        ['PATCH', '/engines/eng-demo-sandbox'],
      ] as const) {
        const response = await call(method, url, admin, body);
        expect(response.statusCode, `${method} ${response.body}`).toBe(400);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      }
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect(await engineRow('eng-demo-sandbox')).toEqual(engineBefore);
    });

    it("POST without a name or description says 'Required'; an empty PATCH is 400; a malformed id in the path is 400", async () => {
      const missing = await call('POST', '/engines', admin, { name: 'Only a name' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'invalid-request', message: 'Invalid body: description: Required' });
      expect((await call('PATCH', '/engines/eng-demo-sandbox', admin, {})).statusCode).toBe(400);
      expect((await call('GET', '/engines/a%20b', admin)).statusCode).toBe(400);
    });

    it('an unknown user → 404, and neither the engine nor any link is written', async () => {
      const before = await demoWorkspaceRev(t);
      const created = await call('POST', '/engines', admin, { ...valid, id: 'eng-rest-rolled-back', users: ['usr-demo-agent', 'usr-nobody'] });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toMatchObject({ message: 'User not found' });
      expect(await engineRow('eng-rest-rolled-back')).toBeUndefined();
      const linksBefore = await liveLinks('eng-demo-sandbox');
      const patched = await call('PATCH', '/engines/eng-demo-sandbox', admin, { users: ['usr-nobody'] });
      expect(patched.statusCode).toBe(404);
      expect(await liveLinks('eng-demo-sandbox')).toEqual(linksBefore);
      expect(await demoWorkspaceRev(t)).toBe(before);
    });
  });
});
