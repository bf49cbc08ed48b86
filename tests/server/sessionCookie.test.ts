import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientHash } from '../../src/domain/auth/clientHash.ts';
import { CONSOLE_REQUEST_HEADER, SESSION_COOKIE, SESSION_MODE_HEADER } from '../../src/domain/auth/session.ts';
import { demoWorkspaceRev } from './helpers/mutationClient.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

describe.each(backends)('the console session cookie on %s', (backend) => {
  let t: TestApp;
  const account = demoAccount('NORMAL');

  beforeAll(async () => {
    t = await createTestApp(backend, { PUBLIC_URL: 'https://console.example.com' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const signIn = async (mode?: string, password = account.password) =>
    t.app.inject({
      method: 'POST',
      url: '/token?grant_type=password',
      headers: mode ? { [SESSION_MODE_HEADER]: mode } : {},
      payload: { username: account.username, password: await clientHash(account.username, password) },
    });
  const sessions = async () => Number((await t.handle.db.selectFrom('sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const cookieOf = (setCookie: string | string[] | undefined) => {
    const line = [setCookie ?? []].flat().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    return { line: line ?? '', value: line?.split(';')[0]?.slice(SESSION_COOKIE.length + 1) ?? '' };
  };

  it('a console sign-in sets an HttpOnly, SameSite=Strict, Secure cookie and answers no token', async () => {
    const response = await signIn('cookie');
    expect(response.statusCode).toBe(200);
    const body = response.json<Record<string, unknown>>();
    expect(body).toEqual({ user: { id: 'usr-demo-agent' }, expires_in: expect.any(Number) });
    const { line, value } = cookieOf(response.headers['set-cookie']);
    expect(value.length).toBeGreaterThan(30);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Strict/);
    expect(line).toMatch(/Secure/);
    expect(line).toMatch(/Path=\//);
    const me = await t.app.inject({ method: 'GET', url: '/users/usr-demo-agent', cookies: { [SESSION_COOKIE]: value } });
    expect(me.statusCode).toBe(200);
  });

  it('an integrator without the header still receives its Bearer token in the answer (part 1 §7)', async () => {
    const response = await signIn();
    expect(response.json()).toMatchObject({ user: { id: 'usr-demo-agent' }, access_token: expect.any(String) });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('a write on the cookie without the console header is refused and changes nothing; with it, it goes through', async () => {
    const { value } = cookieOf((await signIn('cookie')).headers['set-cookie']);
    const rev = await demoWorkspaceRev(t);
    const payload = { clientId: 'client-cookie-1', mutations: [{ id: crypto.randomUUID(), name: 'user.setLanguage', args: { language: 'es' }, at: Date.now() }] };
    const forged = await t.app.inject({ method: 'POST', url: '/sync/mutations', cookies: { [SESSION_COOKIE]: value }, payload });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual({ code: 'csrf', message: 'This request did not come from the console: refused' });
    expect(await demoWorkspaceRev(t)).toBe(rev);
    const real = await t.app.inject({ method: 'POST', url: '/sync/mutations', cookies: { [SESSION_COOKIE]: value }, headers: { [CONSOLE_REQUEST_HEADER]: '1' }, payload: { ...payload, mutations: [{ ...payload.mutations[0]!, args: { language: 'en' } }] } });
    expect(real.statusCode).toBe(200);
    expect(real.json().results[0].status).toBe('applied');
  });

  it('the password check of the update screen makes no session and sets no cookie', async () => {
    const before = await sessions();
    const right = await signIn('verify');
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ user: { id: 'usr-demo-agent' }, expires_in: 0 });
    expect(right.headers['set-cookie']).toBeUndefined();
    expect((await signIn('verify', 'Wrong#2026')).statusCode).toBe(400);
    expect(await sessions()).toBe(before);
  });

  it('signing out revokes the session and clears the cookie', async () => {
    const { value } = cookieOf((await signIn('cookie')).headers['set-cookie']);
    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', cookies: { [SESSION_COOKIE]: value }, headers: { [CONSOLE_REQUEST_HEADER]: '1' } });
    expect(out.statusCode).toBe(204);
    const cleared = cookieOf(out.headers['set-cookie']);
    expect(cleared.value).toBe('');
    expect(cleared.line).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    const after = await t.app.inject({ method: 'GET', url: '/users/usr-demo-agent', cookies: { [SESSION_COOKIE]: value } });
    expect(after.statusCode).toBe(401);
  });
});
