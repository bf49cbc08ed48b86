import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type Human = { id: string; name: string; teams: string[] };

/** Part 1 §7 /workspaces/{id}/humans, add-human and remove-human (part 2 §7: body `human { id }`). */
describe.each(backends)('workspace humans on %s', (backend) => {
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

  const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const live = async (id: string) => (await t.handle.db.selectFrom('members').select('deleted').where('id', '=', id).executeTakeFirstOrThrow()).deleted === false;

  it('lists the workspace’s humans; isDirect=true only those in no team', async () => {
    const created = await call('POST', '/humans', admin, { name: 'Walk In', email: 'walk.in@demo.local', teams: [] });
    expect(created.statusCode, created.body).toBe(201);
    const all = (await call('GET', '/workspaces/ws-demo/humans', admin)).json<Human[]>();
    expect(all.map((h) => h.id)).toEqual(expect.arrayContaining(['mbr-demo-ada', 'mbr-demo-maria', created.json<Human>().id]));
    const direct = await call('GET', '/workspaces/ws-demo/humans?isDirect=true', admin);
    expect(direct.statusCode).toBe(200);
    expect(direct.json<Human[]>().map((h) => h.name)).toEqual(['Walk In']);
    expect((await call('GET', '/workspaces/ws-demo/humans?isDirect=false', admin)).json<Human[]>()).toHaveLength(all.length);
  });

  it('add-human answers the member as existing and writes nothing; remove-human deletes it', async () => {
    const before = await demoWorkspaceRev(t);
    const added = await call('POST', '/workspaces/ws-demo/add-human', admin, { human: { id: 'mbr-demo-sam' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ result: 'existing', human_id: 'mbr-demo-sam', name: 'Sam Patel' });
    expect(await demoWorkspaceRev(t)).toBe(before);

    const id = (await call('GET', '/workspaces/ws-demo/humans?isDirect=true', admin)).json<Human[]>()[0]!.id;
    const removed = await call('POST', '/workspaces/ws-demo/remove-human', admin, { human: { id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ result: 'removed', human_id: id });
    expect(await live(id)).toBe(false);
    expect((await call('GET', '/workspaces/ws-demo/humans?isDirect=true', admin)).json<Human[]>()).toEqual([]);
  });

  it.each([
    ['NORMAL', 'add-human', 403],
    ['NORMAL', 'remove-human', 403],
    ['no token', 'add-human', 401],
    ['no token', 'remove-human', 401],
    ['other ADMIN', 'add-human', 404],
    ['other ADMIN', 'remove-human', 404],
  ] as const)('%s on %s → %i, nothing written', async (role, call_, status) => {
    const headers = role === 'NORMAL' ? agent : role === 'other ADMIN' ? other.admin.headers : {};
    const before = await demoWorkspaceRev(t);
    const response = await call('POST', `/workspaces/ws-demo/${call_}`, headers, { human: { id: 'mbr-demo-lena' } });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect(await live('mbr-demo-lena')).toBe(true);
  });

  it("another workspace's humans are not found, and a NORMAL user lists only their teams' people", async () => {
    expect((await call('GET', '/workspaces/ws-demo/humans', other.admin.headers)).statusCode).toBe(404);
    expect((await call('GET', `/workspaces/${other.workspaceId}/humans`, admin)).statusCode).toBe(404);
    expect((await call('POST', '/workspaces/ws-demo/add-human', admin, { human: { id: 'mbr-other-otto' } })).statusCode).toBe(404);
    expect((await call('GET', '/workspaces/ws-demo/humans', {})).statusCode).toBe(401);
    const seen = (await call('GET', '/workspaces/ws-demo/humans', agent)).json<Human[]>().map((h) => h.id);
    expect(seen).toContain('mbr-demo-sam');
    expect(seen).not.toContain('mbr-demo-lena');
  });

  it.each([
    [{}, 'human'],
    [{ human: {} }, 'id'],
    [{ human: { id: '' } }, 'id'],
    [{ human: { id: 42 } }, 'id'],
  ])('a bad body %j is a 400 naming %s', async (body, field) => {
    const response = await call('POST', '/workspaces/ws-demo/add-human', admin, body);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.body).toContain(field);
  });

  it('a bad isDirect is a 400 with a message', async () => {
    const response = await call('GET', '/workspaces/ws-demo/humans?isDirect=maybe', admin);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('isDirect');
  });
});
