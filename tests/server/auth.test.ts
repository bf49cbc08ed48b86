import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../src/domain/auth/clientHash.ts';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demoSeed.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

const tokenUrl = '/token?grant_type=password';
const accountByStatus = (status: number) => {
  const account = DEMO_ACCOUNTS.find((a) => a.status === status);
  if (!account) throw new Error(`no demo account with status ${status}`);
  return account;
};

describe.each(backends)('sign-in and accounts on %s', (backend) => {
  let t: TestApp;
  const admin = demoAccount('ADMIN');
  const agent = demoAccount('NORMAL');

  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  const sessionCount = async () => Number((await t.handle.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const token = async (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: tokenUrl, payload: { username, password: await clientHash(username, password) } });

  it('the demo admin gets a token with the spec answer shape', async () => {
    const response = await token(admin.username, admin.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ user: { id: expect.any(String) }, access_token: expect.any(String), expires_in: 8 * 60 * 60 });
  });

  it('a username typed in other case and with spaces still signs in (the client trims and hashes the lower case)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      payload: { username: `  ${admin.username.toUpperCase()} `, password: await clientHash(admin.username.toUpperCase(), admin.password) },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a wrong password and an unknown user get the same 400 and create no session', async () => {
    const before = await sessionCount();
    const wrong = await token(admin.username, 'not-the-password');
    const unknown = await token('nobody@demo.local', 'whatever1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'invalid-credentials', message: 'Username or password incorrect. Please try again' });
    }
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    [1, 'user-inactive', 'Your account is inactive. Please contact your administrator.'],
    [2, 'user-expired', 'Your account has expired. Please contact your administrator.'],
  ])('a user with status %i is refused with 403 %s', async (status, code, message) => {
    const account = accountByStatus(status);
    const before = await sessionCount();
    const response = await token(account.username, account.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code, message });
    expect(await sessionCount()).toBe(before);
  });

  it.each([
    ['malformed JSON', { body: '{"username": "a', headers: { 'content-type': 'application/json' } }, 400, 'invalid-json'],
    ['an empty object', { payload: {} }, 400, 'invalid-request'],
    ['a missing password', { payload: { username: 'admin@demo.local' } }, 400, 'invalid-request'],
    ['a number as username', { payload: { username: 42, password: 'a'.repeat(64) } }, 400, 'invalid-request'],
    ['a password that is not a client hash', { payload: { username: 'admin@demo.local', password: 'Admin#2026' } }, 400, 'invalid-request'],
    ['an array body', { payload: [1, 2] }, 400, 'invalid-request'],
  ])('%s gets a 4xx with a clear message and no session', async (_label, request, status, code) => {
    const before = await sessionCount();
    const response = await t.app.inject({ method: 'POST', url: tokenUrl, ...request });
    expect(response.statusCode).toBe(status);
    const body = response.json();
    expect(body.code).toBe(code);
    expect(body.message).toMatch(/\w{4,}/);
    expect(await sessionCount()).toBe(before);
  });

  it('a missing or wrong grant_type is a 400 naming the parameter', async () => {
    const payload = { username: admin.username, password: await clientHash(admin.username, admin.password) };
    for (const url of ['/token', '/token?grant_type=client_credentials']) {
      const response = await t.app.inject({ method: 'POST', url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('grant_type');
    }
  });

  it('a 5 MB body is refused with 413 before it is read', async () => {
    const before = await sessionCount();
    const response = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'x'.repeat(5 * 1024 * 1024), password: 'a'.repeat(64) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload-too-large', message: 'The request body is too large' });
    expect(await sessionCount()).toBe(before);
  });

  it('private routes answer 401 without a token, with a bad token, and after logout', async () => {
    const { userId, headers } = await t.loginAs(agent.username);
    expect((await t.app.inject({ method: 'GET', url: `/users/${userId}` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers: { authorization: 'Bearer nope' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 'unauthorized', message: 'Unauthorized' });
    expect((await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/auth/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers })).statusCode).toBe(401);
  });

  it('an expired session is refused', async () => {
    const { userId, headers } = await t.loginAs(agent.username);
    await t.handle.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', userId).execute();
    expect((await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers })).statusCode).toBe(401);
  });

  it('a user reads their account, workspace list and workspace', async () => {
    const { userId, headers } = await t.loginAs(agent.username);
    const user = (await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers })).json();
    expect(user).toMatchObject({ id: userId, username: agent.username, email: agent.username, role: 'NORMAL', status: 0 });
    expect(user.enabledModules).toContainEqual({ id: 'HUMAN INTERFACE' });
    expect(user).not.toHaveProperty('password_hash');
    const workspaces = (await t.app.inject({ method: 'GET', url: `/users/${userId}/workspaces`, headers })).json();
    expect(workspaces).toEqual([{ id: user.workspace.id, name: 'Demo Workspace', externalDashboardUrl: null, chatLink: null, designerUrl: null }]);
    const ws = await t.app.inject({ method: 'GET', url: `/workspaces/${user.workspace.id}`, headers });
    expect(ws.json().name).toBe('Demo Workspace');
    expect((await t.app.inject({ method: 'GET', url: '/workspaces/ws-other', headers })).statusCode).toBe(404);
  });

  it('an agent cannot read the admin account; the admin can read the agent', async () => {
    const adminLogin = await t.loginAs(admin.username);
    const agentLogin = await t.loginAs(agent.username);
    const denied = await t.app.inject({ method: 'GET', url: `/users/${adminLogin.userId}`, headers: agentLogin.headers });
    expect(denied.statusCode).toBe(404);
    const allowed = await t.app.inject({ method: 'GET', url: `/users/${agentLogin.userId}`, headers: adminLogin.headers });
    expect(allowed.statusCode).toBe(200);
  });

  it('a password update checks the current password and only then sets the new one', async () => {
    const { userId, headers } = await t.loginAs(agent.username);
    const wrongCurrent = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers,
      payload: { userId, currentPassword: await clientHash(agent.username, 'Wrong#123'), newPassword: await clientHash(agent.username, 'Newer#2027') },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().message).toBe('The passwords you entered do not match. Please double-check and try again.');
    expect((await token(agent.username, agent.password)).statusCode).toBe(200);

    const ok = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers,
      payload: { userId, currentPassword: await clientHash(agent.username, agent.password), newPassword: await clientHash(agent.username, 'Newer#2027') },
    });
    expect(ok.statusCode).toBe(200);
    expect((await token(agent.username, agent.password)).statusCode).toBe(400);
    expect((await token(agent.username, 'Newer#2027')).statusCode).toBe(200);
    // The session that changed the password stays valid.
    expect((await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers })).statusCode).toBe(200);

    await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers,
      payload: { userId, currentPassword: await clientHash(agent.username, 'Newer#2027'), newPassword: await clientHash(agent.username, agent.password) },
    });
  });

  it("a user cannot change someone else's password", async () => {
    const adminLogin = await t.loginAs(admin.username);
    const { headers } = await t.loginAs(agent.username);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/password',
      headers,
      payload: { userId: adminLogin.userId, currentPassword: 'a'.repeat(64), newPassword: 'b'.repeat(64) },
    });
    expect(response.statusCode).toBe(403);
  });

  it('recovery answers the same for known and unknown addresses and mails only the known one', async () => {
    const mailCount = async () => (await t.handle.db.selectFrom('mail_log').select('recipient').execute()).length;
    const before = await mailCount();
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/recovery', payload: { email: 'nobody@demo.local' } });
    expect(unknown.statusCode).toBe(200);
    expect(await mailCount()).toBe(before);

    const known = await t.app.inject({ method: 'POST', url: '/auth/recovery', payload: { email: agent.username } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe('User will be noticed');
    const mail = await t.handle.db.selectFrom('mail_log').selectAll().orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ recipient: agent.username, transport: 'log', status: 'recorded' });

    const resetToken = /token=([\w-]+)/.exec(mail.body)?.[1];
    expect(resetToken).toBeTruthy();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/auth/reset',
      payload: { token: resetToken, newPassword: await clientHash(agent.username, 'Reset#2027') },
    });
    expect(reset.statusCode).toBe(200);
    expect((await token(agent.username, 'Reset#2027')).statusCode).toBe(200);
    const reused = await t.app.inject({
      method: 'POST',
      url: '/auth/reset',
      payload: { token: resetToken, newPassword: await clientHash(agent.username, agent.password) },
    });
    expect(reused.statusCode).toBe(400);
    // Put the demo password back through a fresh recovery so later tests can sign in.
    await t.app.inject({ method: 'POST', url: '/auth/recovery', payload: { email: agent.username } });
    const again = await t.handle.db.selectFrom('mail_log').select('body').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    const second = /token=([\w-]+)/.exec(again.body)?.[1];
    await t.app.inject({ method: 'POST', url: '/auth/reset', payload: { token: second, newPassword: await clientHash(agent.username, agent.password) } });
    expect((await token(agent.username, agent.password)).statusCode).toBe(200);
  });

  it('recovery with a malformed address is a 400 with the spec message', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/recovery', payload: { email: 'not-an-address' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('Please enter a valid email address');
  });

  it('GET /status reports the backend', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/status' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: backend });
  });

  it('unknown API routes answer a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/nope', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not-found');
  });
});

describe('sign-in rate limit', () => {
  it('a burst of wrong passwords gets 429 with a clear message', async () => {
    const t = await createTestApp('pglite', { LOGIN_RATE_LIMIT: '5' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: tokenUrl,
          payload: { username: 'admin@demo.local', password: await clientHash('admin@demo.local', `wrong${i}`) },
        });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().code).toBe('rate-limited');
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('server errors', () => {
  it('a failure inside a handler is a 500 that hides its cause', async () => {
    const t = await createTestApp('pglite');
    const { userId, headers } = await t.loginAs('admin@demo.local');
    await t.handle.db.schema.dropTable('engine_users').cascade().execute();
    const response = await t.app.inject({ method: 'GET', url: `/users/${userId}`, headers });
    expect(response.statusCode).toBe(500);
    expect(response.json().code).toBe('internal');
    expect(response.json().message).not.toContain('engine_users');
    await t.close();
  });
});
