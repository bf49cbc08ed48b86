import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

describe.each(backends)('CORS on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
    const ws = await t.handle.db.selectFrom('workspaces').select('id').executeTakeFirstOrThrow();
    await withWorkspaceWrite(t.handle.db, ws.id, (tx, rev) =>
      tx
        .insertInto('cors_origins')
        .values([
          { id: randomUUID(), workspace_id: null, origin: 'https://global.example', rev },
          { id: randomUUID(), workspace_id: ws.id, origin: 'https://partner.example', rev },
          { id: randomUUID(), workspace_id: ws.id, origin: 'https://retired.example', rev, active: false },
        ])
        .execute(),
    );
    await t.handle.db.insertInto('workspaces').values({ id: 'ws-other', name: 'Other', external_dashboard_url: null }).execute();
    await t.handle.db
      .insertInto('cors_origins')
      .values({ id: randomUUID(), workspace_id: 'ws-other', origin: 'https://other-tenant.example', rev: 1 })
      .execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/token?grant_type=password',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it.each([
    ['a global origin', 'https://global.example', true],
    ["the workspace's origin", 'https://partner.example', true],
    ['an inactive origin', 'https://retired.example', false],
    ['an unknown origin', 'https://evil.example', false],
  ])('%s is %s', async (_label, origin, allowed) => {
    const response = await preflight(origin);
    expect(response.headers['access-control-allow-origin']).toBe(allowed ? origin : undefined);
  });

  it("the page's own origin is allowed", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/status', headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:80');
  });

  it("another workspace's origin may preflight, but a signed-in request of this workspace from it is not allowed", async () => {
    expect((await preflight('https://other-tenant.example')).headers['access-control-allow-origin']).toBe('https://other-tenant.example');
    const { headers } = await t.loginAs(demoAccount('ADMIN').username);
    const ours = await t.app.inject({ method: 'GET', url: '/status', headers: { ...headers, origin: 'https://partner.example' } });
    expect(ours.headers['access-control-allow-origin']).toBe('https://partner.example');
    const theirs = await t.app.inject({ method: 'GET', url: '/status', headers: { ...headers, origin: 'https://other-tenant.example' } });
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
  });
});
