import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../src/domain/mutations/registry.ts';
import type { MutationActor } from '../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;

/** Part 1 §2 Settings and §3 Workspace: the external dashboard URL and the chat link, over REST and the outbox. */
describe.each(backends)('workspace settings (PATCH /workspaces/{id}, workspace.update) on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let other: OtherWorkspace;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'PATCH', url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const rows = () => t.handle.db.selectFrom('workspaces').selectAll().orderBy('id').execute();
  const demo = () => t.handle.db.selectFrom('workspaces').selectAll().where('id', '=', 'ws-demo').executeTakeFirstOrThrow();
  const serverDoc = async (id: string): Promise<ReplicaDoc | undefined> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: agent.headers, payload: { collection: 'config', ids: [id] } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents[0];
  };

  it('an administrator sets both, every user of the workspace reads them, and clearing them leaves null', async () => {
    const set = await call('PATCH', '/workspaces/ws-demo', admin.headers, { externalDashboardUrl: ' https://bi.example/d/7 ', chatLink: '+34  600 000 000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ id: 'ws-demo', name: 'Demo Workspace', externalDashboardUrl: 'https://bi.example/d/7', chatLink: '+34 600 000 000', designerUrl: null });
    expect(Number((await demo()).rev)).toBe(await demoWorkspaceRev(t));
    // The agent's replica gets it (it decides what /WA and /collections show) and GET /workspaces/{id} says the same.
    expect(await serverDoc('ws-demo')).toMatchObject({ kind: 'workspace', externalDashboardUrl: 'https://bi.example/d/7', chatLink: '+34 600 000 000' });
    expect((await call('GET', '/workspaces/ws-demo', agent.headers)).json()).toMatchObject({ chatLink: '+34 600 000 000' });

    const onlyChat = await call('PATCH', '/workspaces/ws-demo', admin.headers, { chatLink: 'https://wa.me/34600000001' });
    expect(onlyChat.json()).toMatchObject({ externalDashboardUrl: 'https://bi.example/d/7', chatLink: 'https://wa.me/34600000001' });

    const cleared = await call('PATCH', '/workspaces/ws-demo', admin.headers, { externalDashboardUrl: '', chatLink: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await demo()).toMatchObject({ external_dashboard_url: null, chat_link: null, name: 'Demo Workspace' });
  });

  describe('authorization', () => {
    const who = (role: string): Headers => (role === 'ADMIN' ? admin.headers : role === 'NORMAL' ? agent.headers : role === 'other ADMIN' ? other.admin.headers : {});
    it.each([
      ['ADMIN', 200],
      ['NORMAL', 403],
      ['no token', 401],
      ['other ADMIN', 404],
    ] as const)('PATCH /workspaces/ws-demo as %s → %i, and nothing changes unless allowed', async (role, status) => {
      const before = await rows();
      const revBefore = await demoWorkspaceRev(t);
      const response = await call('PATCH', '/workspaces/ws-demo', who(role), { externalDashboardUrl: 'https://sneaky.example/' });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 200) {
        await call('PATCH', '/workspaces/ws-demo', admin.headers, { externalDashboardUrl: null });
        return;
      }
      const message = response.json<{ message: string }>().message;
      if (status === 403) expect(message).toBe('You do not have permission to perform this action');
      if (status === 404) expect(response.json()).toEqual({ code: 'not-found', message: 'Workspace not found' });
      if (status === 401) expect(message.length).toBeGreaterThan(5);
      expect(await rows()).toEqual(before);
      expect(await demoWorkspaceRev(t)).toBe(revBefore);
    });

    it("an administrator changes their own workspace, never the demo one, and cannot tell another id exists", async () => {
      const own = await call('PATCH', `/workspaces/${other.workspaceId}`, other.admin.headers, { chatLink: '+52 55 1234 5678' });
      expect(own.statusCode, own.body).toBe(200);
      const unknown = await call('PATCH', '/workspaces/ws-nobody-here', admin.headers, { chatLink: '+52 55 1234 5678' });
      expect(unknown.json()).toEqual((await call('PATCH', `/workspaces/${other.workspaceId}`, admin.headers, { chatLink: '+52 55 1234 5678' })).json());
      expect((await demo()).chat_link).toBeNull();
    });
  });

  describe('bad input', () => {
    it.each([
      ['an http dashboard on a real host', { externalDashboardUrl: 'http://bi.example/' }, 'Enter an https address (http only for localhost), or leave it empty'],
      ['a javascript: dashboard', { externalDashboardUrl: 'javascript:alert(1)' }, 'Enter an https address'],
      ['a dashboard with a password in it', { externalDashboardUrl: 'https://u:p@bi.example/' }, 'must not contain a user name or password'],
      ['a chat link that is neither a number nor https', { chatLink: 'call 600' }, 'Enter a phone number with its country code'],
      ['a number too short', { chatLink: '+34 600' }, 'Enter a phone number with its country code'],
      ['a chat link that is not text', { chatLink: 34600000000 }, 'chatLink'],
      ['a one-letter name', { name: 'A' }, 'at least 2 characters'],
      ['an unknown field', { owner: 'me' }, 'owner'],
      ['nothing to change', {}, 'Nothing to change'],
      ['a NUL in the URL', { externalDashboardUrl: 'https://bi.example/\u0000' }, ''],
      ['an http designer on a real host', { designerUrl: 'http://designer.example/' }, 'Enter an https address'],
      ['a designer address that is not text', { designerUrl: 7 }, 'designerUrl'],
      ['a URL of 2001 characters', { externalDashboardUrl: `https://bi.example/${'a'.repeat(1982)}` }, 'at most 2000'],
    ])('%s → 400 with a message, nothing written', async (_label, body, message) => {
      const before = await rows();
      const revBefore = await demoWorkspaceRev(t);
      const response = await call('PATCH', '/workspaces/ws-demo', admin.headers, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(message);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
      expect(await rows()).toEqual(before);
      expect(await demoWorkspaceRev(t)).toBe(revBefore);
    });
  });

  describe('through the outbox', () => {
    const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);
    const send = (headers: { authorization: string }, args: unknown) => pushMutations(t, headers, 'client-workspace', [{ id: randomUUID(), name: 'workspace.update', args }]);

    it("an administrator's change made offline reaches the server as the replica predicted it", async () => {
      const actor: MutationActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
      const definition = mutationDefinition('workspace.update')!;
      const args = { id: 'ws-demo', externalDashboardUrl: 'https://bi.example/offline', chatLink: '+34 600 000 002', designerUrl: 'http://127.0.0.1:4400/designer' };
      const current = await serverDoc('ws-demo');
      const [predicted] = definition.apply(definition.args.parse(args), new Map([['ws-demo', current!]]), actor, Date.now());
      const [outcome] = await send(admin.headers, args);
      expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'applied' });
      const pulled = await serverDoc('ws-demo');
      const fields = Object.keys(predicted!.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled?.[k]]))).toEqual(Object.fromEntries(fields.map((k) => [k, predicted!.doc[k]])));
      expect(pulled).toMatchObject({ designerUrl: 'http://127.0.0.1:4400/designer' });
      await send(admin.headers, { id: 'ws-demo', externalDashboardUrl: null, chatLink: null, designerUrl: null });
    });

    it.each([
      ['a NORMAL user', 'agent', { id: 'ws-demo', chatLink: '+34 600 000 000' }, 'forbidden', 'You do not have permission to perform this action'],
      ["another workspace's id", 'admin', { id: 'ws-other-co', chatLink: '+34 600 000 000' }, 'not-found', 'Workspace not found'],
      ['an invalid chat link', 'admin', { id: 'ws-demo', chatLink: 'nope' }, 'invalid-args', 'chatLink: Enter a phone number'],
    ])('%s is rejected with its reason, nothing written', async (_label, whoSends, args, code, message) => {
      const before = await rows();
      const [outcome] = await send(whoSends === 'admin' ? admin.headers : agent.headers, args);
      expect(outcome).toMatchObject({ status: 'rejected', code });
      expect((outcome as { message: string }).message).toContain(message);
      expect(await rows()).toEqual(before);
    });

    it('the replica refuses a NORMAL user at once, before anything is queued', () => {
      const definition = mutationDefinition('workspace.update')!;
      const actor: MutationActor = { userId: agent.userId, memberId: null, role: 'NORMAL', name: 'Nico Agent' };
      expect(() => definition.apply(definition.args.parse({ id: 'ws-demo', chatLink: null }), new Map(), actor, 0)).toThrow('You do not have permission to perform this action');
    });
  });
});
