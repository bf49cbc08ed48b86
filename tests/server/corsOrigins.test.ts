import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type OriginBody = { _id: string; origin: string; description: string | null; workspace: string | null; active: boolean };

/** Part 1 §7 /cors-origins: the workspace's origins over REST, and what a browser's preflight then sees (§5). */
describe.each(backends)('CORS origins over REST (/cors-origins) on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let other: OtherWorkspace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
    other = await createOtherWorkspace(t);
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
      tx
        .insertInto('cors_origins')
        .values([
          { id: 'cors-global-1', workspace_id: null, origin: 'https://global.example', description: 'Everyone', rev },
          { id: 'cors-demo-partner', workspace_id: 'ws-demo', origin: 'https://partner.example', description: 'Partner', rev },
        ])
        .execute(),
    );
    await withWorkspaceWrite(t.handle.db, other.workspaceId, (tx, rev) =>
      tx.insertInto('cors_origins').values({ id: 'cors-other-1', workspace_id: other.workspaceId, origin: 'https://other-tenant.example', rev }).execute(),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const row = (id: string) => t.handle.db.selectFrom('cors_origins').selectAll().where('id', '=', id).executeTakeFirst();
  const allRows = () => t.handle.db.selectFrom('cors_origins').selectAll().orderBy('id').execute();
  const preflight = (origin: string) =>
    t.app.inject({ method: 'OPTIONS', url: '/sync/pull', headers: { origin, 'access-control-request-method': 'GET' } });
  const allowedOrigin = async (origin: string) => (await preflight(origin)).headers['access-control-allow-origin'];

  it('GET /cors-origins lists the global origins first, then the workspace’s; /workspace only the workspace’s', async () => {
    const all = await call('GET', '/cors-origins', admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual([
      { _id: 'cors-global-1', origin: 'https://global.example', description: 'Everyone', workspace: null, active: true },
      { _id: 'cors-global-status', origin: 'https://status.workflow-console.example', description: 'Service status page', workspace: null, active: true },
      { _id: 'cors-demo-partner', origin: 'https://partner.example', description: 'Partner', workspace: 'ws-demo', active: true },
    ]);
    const own = await call('GET', '/cors-origins/workspace', admin);
    expect(own.json<OriginBody[]>().map((o) => o._id)).toEqual(['cors-demo-partner']);
  });

  it('a new origin is allowed at the next preflight, an edit moves the permission, and a delete refuses it at once', async () => {
    expect(await allowedOrigin('https://fresh.example')).toBeUndefined();
    const created = await call('POST', '/cors-origins', admin, { origin: ' HTTPS://Fresh.example/some/path ', description: '  New partner ' });
    expect(created.statusCode, created.body).toBe(201);
    const view = created.json<OriginBody>();
    expect(view).toMatchObject({ origin: 'https://fresh.example', description: 'New partner', workspace: 'ws-demo', active: true });
    expect(view._id).toMatch(/^cors-[0-9a-f-]{36}$/);
    expect(Number((await row(view._id))!.rev)).toBe(await demoWorkspaceRev(t));
    expect(await allowedOrigin('https://fresh.example')).toBe('https://fresh.example');

    const edited = await call('PATCH', `/cors-origins/${view._id}`, admin, { origin: 'https://fresh2.example', description: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ origin: 'https://fresh2.example', description: null, active: true });
    expect(await allowedOrigin('https://fresh.example')).toBeUndefined();
    expect(await allowedOrigin('https://fresh2.example')).toBe('https://fresh2.example');

    const paused = await call('PATCH', `/cors-origins/${view._id}`, admin, { origin: 'https://fresh2.example', active: false });
    expect(paused.json()).toMatchObject({ active: false });
    expect(await allowedOrigin('https://fresh2.example')).toBeUndefined();
    await call('PATCH', `/cors-origins/${view._id}`, admin, { origin: 'https://fresh2.example', active: true });
    expect(await allowedOrigin('https://fresh2.example')).toBe('https://fresh2.example');

    const deleted = await call('DELETE', `/cors-origins/${view._id}`, admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await row(view._id)).toMatchObject({ deleted: true });
    expect(await allowedOrigin('https://fresh2.example')).toBeUndefined();
    expect((await call('DELETE', `/cors-origins/${view._id}`, admin)).statusCode).toBe(200);
    // The same origin may be added again once deleted.
    const again = await call('POST', '/cors-origins', admin, { origin: 'https://fresh2.example' });
    expect(again.statusCode, again.body).toBe(201);
    expect((await call('DELETE', `/cors-origins/${again.json<OriginBody>()._id}`, admin)).statusCode).toBe(200);
  });

  it.each([
    ['the workspace already has', 'https://Partner.example/'],
    ['is global', 'https://global.example'],
  ])("an origin that %s is 409 'This origin already exists', on POST and PATCH", async (_label, origin) => {
    const before = await allRows();
    const created = await call('POST', '/cors-origins', admin, { origin });
    expect(created.statusCode).toBe(409);
    expect(created.json()).toEqual({ code: 'already-exists', message: 'This origin already exists' });
    const made = await call('POST', '/cors-origins', admin, { origin: 'https://dup-target.example' });
    expect(made.statusCode).toBe(201);
    const target = made.json<OriginBody>()._id;
    const patched = await call('PATCH', `/cors-origins/${target}`, admin, { origin });
    expect(patched.statusCode).toBe(409);
    expect(patched.json()).toMatchObject({ message: 'This origin already exists' });
    await call('DELETE', `/cors-origins/${target}`, admin);
    const after = await allRows();
    expect(after.filter((r) => !r.deleted)).toEqual(before.filter((r) => !r.deleted));
  });

  it("another workspace may have the same origin: it is their own rule", async () => {
    const response = await call('POST', '/cors-origins', admin, { id: 'cors-demo-shared', origin: 'https://other-tenant.example' });
    expect(response.statusCode, response.body).toBe(201);
    expect((await call('DELETE', '/cors-origins/cors-demo-shared', admin)).statusCode).toBe(200);
  });

  it("global origins are read-only and cannot be deleted, in the spec's words", async () => {
    const before = await row('cors-global-1');
    const patched = await call('PATCH', '/cors-origins/cors-global-1', admin, { origin: 'https://hijack.example' });
    expect(patched.statusCode).toBe(403);
    expect(patched.json()).toEqual({ code: 'global-origin', message: 'Global origins are read-only' });
    const deleted = await call('DELETE', '/cors-origins/cors-global-1', admin);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json()).toEqual({ code: 'global-origin', message: 'Global origins cannot be deleted' });
    expect(await row('cors-global-1')).toEqual(before);
  });

  describe('authorization', () => {
    const calls = {
      list: { method: 'GET', url: '/cors-origins', body: undefined },
      listWorkspace: { method: 'GET', url: '/cors-origins/workspace', body: undefined },
      create: { method: 'POST', url: '/cors-origins', body: { origin: 'https://sneaky.example' } },
      update: { method: 'PATCH', url: '/cors-origins/cors-demo-partner', body: { origin: 'https://partner.example', description: 'Partner' } },
      delete: { method: 'DELETE', url: '/cors-origins/cors-demo-partner', body: undefined },
    } as const;
    const who = (role: string): Headers => (role === 'ADMIN' ? admin : role === 'NORMAL' ? agent : role === 'other ADMIN' ? other.admin.headers : {});

    it.each([
      ['list', 'ADMIN', 200],
      ['list', 'NORMAL', 403],
      ['list', 'no token', 401],
      ['list', 'other ADMIN', 200],
      ['listWorkspace', 'ADMIN', 200],
      ['listWorkspace', 'NORMAL', 403],
      ['listWorkspace', 'no token', 401],
      ['listWorkspace', 'other ADMIN', 200],
      ['create', 'ADMIN', 201],
      ['create', 'NORMAL', 403],
      ['create', 'no token', 401],
      ['create', 'other ADMIN', 201],
      ['update', 'ADMIN', 200],
      ['update', 'NORMAL', 403],
      ['update', 'no token', 401],
      ['update', 'other ADMIN', 404],
      ['delete', 'NORMAL', 403],
      ['delete', 'no token', 401],
      ['delete', 'other ADMIN', 404],
    ] as const)('%s as %s → %i', async (name, role, status) => {
      const before = await allRows();
      const demoBefore = await demoWorkspaceRev(t);
      const { method, url, body } = calls[name];
      const response = await call(method, url, who(role), body);
      expect(response.statusCode, response.body).toBe(status);
      const after = await allRows();
      if (status >= 400) {
        expect(response.json<{ message: string }>().message).toMatch(status === 403 ? /^You do not have permission to perform this action$/ : /.{6,}/);
        expect(after).toEqual(before);
        expect(await demoWorkspaceRev(t)).toBe(demoBefore);
      }
      if (status === 404) expect(response.json()).toMatchObject({ message: 'Origin not found' });
      // What another workspace lists or creates is its own: never the demo workspace's origins.
      if (role === 'other ADMIN' && status === 200) expect(response.body).not.toContain('partner.example');
      if (role === 'other ADMIN' && status === 201) expect(response.json()).toMatchObject({ workspace: other.workspaceId });
      if (status === 201) await call('DELETE', `/cors-origins/${response.json<OriginBody>()._id}`, who(role));
      expect(await row('cors-demo-partner')).toMatchObject({ origin: 'https://partner.example', description: 'Partner', deleted: false, active: true });
    });
  });

  describe('bad input', () => {
    it.each([
      ['a missing origin', {}, 'Origin URL is required'],
      ['an empty origin', { origin: '   ' }, 'Origin URL is required'],
      ['an origin without a scheme', { origin: 'partner2.example' }, 'Please enter a valid URL'],
      ['a javascript: origin', { origin: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      ['an origin that is not text', { origin: 42 }, 'Origin URL is required'],
      ['a description of 501 characters', { origin: 'https://ok.example', description: 'x'.repeat(501) }, 'at most 500'],
      ['a NUL in the description', { origin: 'https://ok.example', description: 'bad\u0000text' }, ''],
      ['active that is not a boolean', { origin: 'https://ok.example', active: 'yes' }, 'active'],
    ])('%s → 400 with a message, nothing written (POST and PATCH)', async (label, body, message) => {
      const before = await allRows();
      const demoBefore = await demoWorkspaceRev(t);
      for (const [method, url] of [
        ['POST', '/cors-origins'],
        ['PATCH', '/cors-origins/cors-demo-partner'],
      ] as const) {
        if (method === 'POST' && label.startsWith('active')) continue;
        const response = await call(method, url, admin, body);
        expect(response.statusCode, `${method} ${response.body}`).toBe(400);
        expect(response.json<{ message: string }>().message).toContain(message);
        expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      }
      expect(await allRows()).toEqual(before);
      expect(await demoWorkspaceRev(t)).toBe(demoBefore);
    });

    it('an unknown id → 404 on PATCH and DELETE', async () => {
      expect((await call('PATCH', '/cors-origins/cors-nobody', admin, { origin: 'https://x.example' })).statusCode).toBe(404);
      expect((await call('DELETE', '/cors-origins/cors-nobody', admin)).json()).toMatchObject({ code: 'not-found', message: 'Origin not found' });
    });
  });
});
