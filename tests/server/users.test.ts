import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../src/domain/auth/clientHash.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string } | Record<string, never>;
type UserView = { id: string; name: string; username: string; email: string; phone: string; role: string; status: number; enabledModules: Array<{ id: string }>; engines: Array<{ id: string }> };

const ROSA = {
  name: 'Rosa Díaz',
  username: 'rosa.diaz@demo.local',
  email: 'rosa.diaz@demo.local',
  phone: '+52 55 1234 5678',
  role: 'NORMAL',
  enabledModules: ['HUMAN INTERFACE', 'CASES'],
  language: 'es',
  engines: [{ id: 'eng-demo-main' }],
};

/** Part 1 §2 user form, §7 /users calls, §8 texts: the accounts administration over REST and the outbox. */
describe.each(backends)('users administration on %s', (backend) => {
  let t: TestApp;
  let admin: { userId: string; headers: { authorization: string } };
  let agent: { userId: string; headers: { authorization: string } };
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

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const userRow = (id: string) => t.handle.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  const mailsTo = (to: string) => t.handle.db.selectFrom('mail_log').selectAll().where('recipient', '=', to).orderBy('created_at').execute();
  const tokenIn = (body: string) => /\/update\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1] ?? '';
  const signIn = (username: string, password: string) =>
    clientHash(username, password).then((hash) => t.app.inject({ method: 'POST', url: '/token?grant_type=password', payload: { username, password: hash } }));
  const setPassword = async (token: string, username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/auth/reset', payload: { token, newPassword: await clientHash(username, password) } });

  let rosaId = '';
  let rosaHeaders: { authorization: string } = { authorization: '' };

  it('POST /users answers 201 with the user; the member and engine link are made and a set-password mail is recorded', async () => {
    const before = await demoWorkspaceRev(t);
    const response = await call('POST', '/users', admin.headers, { ...ROSA, name: '  Rosa Díaz ' });
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json<UserView>();
    rosaId = view.id;
    expect(rosaId).toMatch(/^usr-[0-9a-f-]{36}$/);
    expect(view).toMatchObject({ name: 'Rosa Díaz', email: ROSA.email, role: 'NORMAL', status: 0, enabledModules: [{ id: 'HUMAN INTERFACE' }, { id: 'CASES' }], engines: [{ id: 'eng-demo-main' }] });
    expect(JSON.stringify(view)).not.toMatch(/password/i);
    expect(Number((await userRow(rosaId))!.rev)).toBe(before + 1);
    const member = await t.handle.db.selectFrom('members').selectAll().where('user_id', '=', rosaId).executeTakeFirstOrThrow();
    expect(member).toMatchObject({ name: 'Rosa Díaz', email: ROSA.email, deleted: false });

    const mails = await mailsTo(ROSA.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your account: choose a password', status: 'recorded', workspace_id: 'ws-demo' });
    expect(mails[0]!.body).toContain('valid for 72 hours');
    const token = tokenIn(mails[0]!.body);
    expect(token.length).toBeGreaterThan(20);
    // Nobody knows the first password: signing in fails until the link is used.
    expect((await signIn(ROSA.username, 'Anything#2026')).statusCode).toBe(400);
    expect((await setPassword(token, ROSA.username, 'Rosa#2026')).statusCode).toBe(200);
    const signedIn = await signIn(ROSA.username, 'Rosa#2026');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    rosaHeaders = { authorization: `Bearer ${signedIn.json<{ access_token: string }>().access_token}` };
    // The link works once.
    expect((await setPassword(token, ROSA.username, 'Other#2026')).statusCode).toBe(400);
  });

  it('the reads: workspace users, apps, engines, teams and the id by e-mail; a NORMAL user reads only their own', async () => {
    const all = (await call('GET', '/workspaces/ws-demo/users', admin.headers)).json<UserView[]>();
    expect(all.map((u) => u.id)).toEqual(expect.arrayContaining(['usr-demo-admin', 'usr-demo-agent', rosaId]));
    expect((await call('GET', '/workspaces/ws-demo/users', rosaHeaders)).json<UserView[]>().map((u) => u.id)).toEqual([rosaId]);
    expect((await call('GET', `/users/${rosaId}/engines`, admin.headers)).json()).toEqual([{ id: 'eng-demo-main', name: expect.any(String), isActive: true }]);
    expect((await call('GET', '/users/usr-demo-admin/apps', admin.headers)).json<unknown[]>().length).toBeGreaterThan(0);
    expect((await call('GET', `/users/${rosaId}/apps`, rosaHeaders)).json()).toEqual([]);
    expect((await call('GET', '/users/usr-demo-agent/human-groups', admin.headers)).json<Array<{ name: string }>>().map((g) => g.name)).toEqual(['Claims Desk', 'Field Support']);
    expect((await call('GET', `/userId/${encodeURIComponent('ROSA.DIAZ@demo.local')}`, admin.headers)).json()).toEqual({ id: rosaId });
    expect((await call('GET', '/userId/admin@demo.local', rosaHeaders)).statusCode).toBe(404);
    expect((await call('GET', '/users/usr-demo-admin/engines', rosaHeaders)).statusCode).toBe(404);
  });

  it('a NORMAL user’s pull carries only their own user document', async () => {
    const pulled = await call('GET', '/sync/pull?collection=config&limit=1000', rosaHeaders);
    const users = pulled.json<{ documents: Array<{ kind: string; id: string }> }>().documents.filter((d) => d.kind === 'user');
    expect(users.map((u) => u.id)).toEqual([rosaId]);
  });

  it('PATCH /users/{id} changes what it names; a different e-mail is 400 and nothing changes', async () => {
    const response = await call('PATCH', `/users/${rosaId}`, admin.headers, { phone: '555 0100', email: ROSA.email, enabledModules: ['HUMAN INTERFACE'], engines: [] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ phone: '555 0100', name: 'Rosa Díaz', enabledModules: [{ id: 'HUMAN INTERFACE' }], engines: [] });
    const before = await demoWorkspaceRev(t);
    const locked = await call('PATCH', `/users/${rosaId}`, admin.headers, { email: 'rosa@elsewhere.example', name: 'Changed' });
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({ code: 'email-locked', message: 'The e-mail of a user cannot be changed' });
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect((await userRow(rosaId))?.name).toBe('Rosa Díaz');
  });

  it('an administrator cannot delete, deactivate or demote themselves', async () => {
    const before = await demoWorkspaceRev(t);
    expect((await call('DELETE', `/users/${admin.userId}`, admin.headers)).json()).toMatchObject({ code: 'self-change', message: 'You cannot delete your own account' });
    expect((await call('PATCH', `/users/${admin.userId}`, admin.headers, { status: 1 })).json()).toMatchObject({ message: 'You cannot deactivate your own account' });
    expect((await call('PATCH', `/users/${admin.userId}`, admin.headers, { role: 'NORMAL' })).statusCode).toBe(409);
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('POST /users/{id}/recovery answers ‘User will be noticed’ and records a one-hour link', async () => {
    const response = await call('POST', `/users/${rosaId}/recovery`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true, message: 'User will be noticed' });
    const last = (await mailsTo(ROSA.email)).at(-1)!;
    expect(last.subject).toBe('Password recovery');
    expect(last.body).toContain('valid for one hour');
  });

  it('making a user inactive ends their sessions: the next request is 401 with the reason, and signing in is refused', async () => {
    expect((await call('GET', `/users/${rosaId}`, rosaHeaders)).statusCode).toBe(200);
    expect((await call('PATCH', `/users/${rosaId}`, admin.headers, { status: 1 })).statusCode).toBe(200);
    const ended = await call('GET', `/users/${rosaId}`, rosaHeaders);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ code: 'user-inactive', message: 'Your account is inactive. Please contact your administrator.' });
    const again = await signIn(ROSA.username, 'Rosa#2026');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ message: 'Your account is inactive. Please contact your administrator.' });
    expect((await t.handle.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', rosaId).execute()).every((s) => s.revoked_at !== null)).toBe(true);
    // Active again: the old session stays ended; a new sign-in works.
    await call('PATCH', `/users/${rosaId}`, admin.headers, { status: 0 });
    expect((await call('GET', `/users/${rosaId}`, rosaHeaders)).json()).toMatchObject({ code: 'unauthorized' });
    const back = await signIn(ROSA.username, 'Rosa#2026');
    expect(back.statusCode).toBe(200);
    rosaHeaders = { authorization: `Bearer ${back.json<{ access_token: string }>().access_token}` };
  });

  it('DELETE /users/{id} tombstones the user and links, frees the member, ends the sessions; again is still a success', async () => {
    const response = await call('DELETE', `/users/${rosaId}`, admin.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ result: 'deleted', id: rosaId });
    expect(await userRow(rosaId)).toMatchObject({ deleted: true });
    expect((await call('GET', `/users/${rosaId}`, rosaHeaders)).statusCode).toBe(401);
    expect(await t.handle.db.selectFrom('members').select('id').where('user_id', '=', rosaId).execute()).toEqual([]);
    expect((await call('DELETE', `/users/${rosaId}`, admin.headers)).statusCode).toBe(200);
    expect((await call('GET', `/users/${rosaId}`, admin.headers)).statusCode).toBe(404);
  });

  describe('through the outbox', () => {
    const mutation = (name: string, args: object) => ({ id: randomUUID(), name, args });
    const fields = { name: 'Outbox Olivia', username: 'olivia@demo.local', email: 'olivia@demo.local', phone: '555 0199', role: 'NORMAL', enabledModules: ['HUMAN INTERFACE'], language: 'en', systemVisibility: false, status: 0 };
    const userId = `usr-${randomUUID()}`;

    it('user.create applies, links a new member and engine, and mails the set-password link after the commit — once, even when sent again', async () => {
      const create = mutation('user.create', { ...fields, userId, memberId: `mbr-${randomUUID()}`, engines: [{ engineId: 'eng-demo-sandbox', linkId: `eu-${randomUUID()}` }] });
      const [outcome] = await pushMutations(t, admin.headers, 'client-users-1', [create]);
      expect(outcome).toMatchObject({ status: 'applied' });
      expect(await pushMutations(t, admin.headers, 'client-users-1', [create])).toMatchObject([{ status: 'applied' }]);
      const mails = await mailsTo(fields.email);
      expect(mails).toHaveLength(1);
      expect((await setPassword(tokenIn(mails[0]!.body), fields.username, 'Olivia#2026')).statusCode).toBe(200);
      expect((await signIn(fields.username, 'Olivia#2026')).statusCode).toBe(200);
      expect(await t.handle.db.selectFrom('engine_users').select('engine_id').where('user_id', '=', userId).where('deleted', '=', false).execute()).toEqual([{ engine_id: 'eng-demo-sandbox' }]);
    });

    it('user.update to Expired ends the sessions with the reason; user.sendRecovery mails; user.delete tombstones', async () => {
      const session = (await signIn(fields.username, 'Olivia#2026')).json<{ access_token: string }>().access_token;
      const outcomes = await pushMutations(t, admin.headers, 'client-users-2', [mutation('user.update', { userId, status: 2, linkIds: [] }), mutation('user.sendRecovery', { userId })]);
      expect(outcomes.map((o) => o.status)).toEqual(['applied', 'applied']);
      expect((await call('GET', `/users/${userId}`, { authorization: `Bearer ${session}` })).json()).toMatchObject({ code: 'user-expired' });
      expect((await mailsTo(fields.email)).map((m) => m.subject)).toEqual(['Your account: choose a password', 'Password recovery']);
      expect(await pushMutations(t, admin.headers, 'client-users-2', [mutation('user.delete', { userId, linkIds: [] })])).toMatchObject([{ status: 'applied' }]);
      expect(await userRow(userId)).toMatchObject({ deleted: true });
      expect(await t.handle.db.selectFrom('engine_users').select('id').where('user_id', '=', userId).where('deleted', '=', false).execute()).toEqual([]);
    });

    it.each([
      ['NORMAL', 'user.create', { ...fields, email: 'x1@demo.local', username: 'x1@demo.local', userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [] }, 'forbidden'],
      ['NORMAL', 'user.update', { userId: 'usr-demo-admin', name: 'Hijacked', linkIds: [] }, 'forbidden'],
      ['NORMAL', 'user.delete', { userId: 'usr-demo-admin', linkIds: [] }, 'forbidden'],
      ['NORMAL', 'user.sendRecovery', { userId: 'usr-demo-admin' }, 'forbidden'],
      ['other ADMIN', 'user.update', { userId: 'usr-demo-agent', name: 'Hijacked', linkIds: [] }, 'not-found'],
      ['other ADMIN', 'user.delete', { userId: 'usr-demo-agent', linkIds: [] }, 'not-found'],
      ['other ADMIN', 'user.sendRecovery', { userId: 'usr-demo-agent' }, 'not-found'],
      ['other ADMIN', 'user.create', { ...fields, email: 'x2@demo.local', username: 'x2@demo.local', userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [{ engineId: 'eng-demo-main', linkId: `eu-${randomUUID()}` }] }, 'not-found'],
      ['ADMIN', 'user.create', { ...fields, email: 'agent@demo.local', username: 'new-agent@demo.local', userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [] }, 'email-taken'],
      ['ADMIN', 'user.create', { ...fields, email: 'x3@demo.local', username: 'x3@demo.local', phone: '', userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [] }, 'invalid-args'],
      ['ADMIN', 'user.create', { ...fields, email: 'x4@demo.local', username: 'x4@demo.local', enabledModules: [], userId: `usr-${randomUUID()}`, memberId: `mbr-${randomUUID()}`, engines: [] }, 'invalid-args'],
      ['ADMIN', 'user.update', { userId: 'usr-demo-admin', status: 1, linkIds: [] }, 'self-change'],
      ['ADMIN', 'user.delete', { userId: 'usr-demo-admin', linkIds: [] }, 'self-change'],
    ] as const)('%s %s is rejected (%s) and nothing changes', async (role, name, args, code) => {
      const headers = role === 'ADMIN' ? admin.headers : role === 'NORMAL' ? agent.headers : other.admin.headers;
      const before = await demoWorkspaceRev(t);
      const mailsBefore = (await t.handle.db.selectFrom('mail_log').select('id').execute()).length;
      const [outcome] = await pushMutations(t, headers, `client-refused-${randomUUID()}`, [mutation(name, args)]);
      expect(outcome).toMatchObject({ status: 'rejected', code });
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect((await t.handle.db.selectFrom('mail_log').select('id').execute()).length).toBe(mailsBefore);
      expect(await userRow('usr-demo-admin')).toMatchObject({ name: 'Ada Admin', status: 0, deleted: false });
    });
  });

  describe('authorization', () => {
    const calls = {
      list: { method: 'GET', url: '/workspaces/ws-demo/users', body: undefined },
      create: { method: 'POST', url: '/users', body: { ...ROSA, email: 'sneaky@demo.local', username: 'sneaky@demo.local' } },
      update: { method: 'PATCH', url: '/users/usr-demo-inactive', body: { name: 'Sneaky rename' } },
      delete: { method: 'DELETE', url: '/users/usr-demo-expired', body: undefined },
      recovery: { method: 'POST', url: '/users/usr-demo-inactive/recovery', body: undefined },
      apps: { method: 'GET', url: '/users/usr-demo-admin/apps', body: undefined },
      engines: { method: 'GET', url: '/users/usr-demo-admin/engines', body: undefined },
      teams: { method: 'GET', url: '/users/usr-demo-admin/human-groups', body: undefined },
      byEmail: { method: 'GET', url: '/userId/admin@demo.local', body: undefined },
    } as const;
    const who = (role: string): Headers => (role === 'ADMIN' ? admin.headers : role === 'NORMAL' ? agent.headers : role === 'other ADMIN' ? other.admin.headers : {});
    // [call, as ADMIN, as NORMAL, as another workspace's ADMIN]: other workspaces' ids are 404, never 403. A NORMAL
    // user cannot read another account, so a PATCH of one is 404 too (read first, so the e-mail can be compared).
    const cases = [
      ['list', 200, 200, 404],
      ['create', 201, 403, 404],
      ['update', 200, 404, 404],
      ['delete', 200, 403, 404],
      ['recovery', 200, 403, 404],
      ['apps', 200, 404, 404],
      ['engines', 200, 404, 404],
      ['teams', 200, 404, 404],
      ['byEmail', 200, 404, 404],
    ] as const;

    it.each(cases.flatMap(([name, _a, asAgent, asOther]) => [[name, 'NORMAL', asAgent], [name, 'no token', 401], [name, 'other ADMIN', asOther]] as const))(
      '%s as %s → %i, and nothing changes',
      async (name, role, status) => {
        const before = await demoWorkspaceRev(t);
        const inactive = await userRow('usr-demo-inactive');
        const mailsBefore = (await t.handle.db.selectFrom('mail_log').select('id').execute()).length;
        const { method, url, body } = calls[name];
        const response = await call(method, url, who(role), body);
        expect(response.statusCode, response.body).toBe(status);
        if (status >= 400) expect(response.json<{ message: string }>().message.length).toBeGreaterThan(5);
        if (name === 'list' && role === 'NORMAL') expect(response.json<UserView[]>().map((u) => u.id)).toEqual([agent.userId]);
        expect(await demoWorkspaceRev(t)).toBe(before);
        expect(await userRow('usr-demo-inactive')).toEqual(inactive);
        expect((await t.handle.db.selectFrom('mail_log').select('id').execute()).length).toBe(mailsBefore);
      },
    );

    it.each(cases.map(([name, asAdmin]) => [name, asAdmin] as const))('%s as the ADMIN → %i', async (name, status) => {
      const { method, url, body } = calls[name];
      const response = await call(method, url, admin.headers, body);
      expect(response.statusCode, response.body).toBe(status);
    });
  });

  describe('bad input', () => {
    const valid = { ...ROSA, email: 'valid@demo.local', username: 'valid@demo.local' };
    it.each([
      ['a missing username', { ...valid, username: undefined }, 'username: This field is required.'],
      ['a blank phone', { ...valid, phone: '  ' }, 'phone: This field is required'],
      ['no modules', { ...valid, enabledModules: [] }, 'enabledModules: This field is required'],
      ['a malformed e-mail', { ...valid, email: 'not-an-address' }, 'email: Please input a well formatted email'],
      ['an unknown role', { ...valid, role: 'ROOT' }, 'role'],
      ['an unknown module', { ...valid, enabledModules: ['ROOT'] }, 'Unknown module'],
      ['a status of 7', { ...valid, status: 7 }, 'status'],
      ['a NUL in the name', { ...valid, name: 'bad\u0000name' }, 'name'],
      ['a malformed engine id', { ...valid, engines: [{ id: '../x' }] }, 'engines'],
      ['a malformed id', { ...valid, id: 'a b' }, 'id'],
    ])('%s → 400 naming the problem, nothing written', async (_label, body, text) => {
      const before = await demoWorkspaceRev(t);
      const response = await call('POST', '/users', admin.headers, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ message: string }>().message).toContain(text);
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect(await mailsTo('valid@demo.local')).toEqual([]);
    });

    it('an unknown engine → 404 and neither the user nor a mail is written', async () => {
      const before = await demoWorkspaceRev(t);
      const response = await call('POST', '/users', admin.headers, { ...valid, engines: [{ id: 'eng-nowhere' }] });
      expect(response.statusCode).toBe(404);
      expect(await demoWorkspaceRev(t)).toBe(before);
      expect(await mailsTo('valid@demo.local')).toEqual([]);
    });
  });
});
