import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECENT_INSTANCES_PER_APP } from '../../src/domain/engine/appsOverviewSchemas.ts';
import { testBackends } from './helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();

type Headers = { authorization: string };
type OverviewApp = { id: string; name: string; isActive: boolean; events?: Array<{ id: string }>; instances?: Array<{ id: string; status: string }>; instanceCounts?: { total: number; byStatus: Record<string, number> } };
type Overview = { apps: OverviewApp[]; performance: { queryMs: number; appCount: number; revision: number }; cached: boolean };

/** Part 1 §7 Apps, "Optimized": the one-call apps reads, their revision-checked cache and the batch calls. */
describe.each(backends)('optimized apps reads and their cache on %s', (backend) => {
  let t: TestApp;
  let admin: Headers;
  let agent: Headers;
  let adminId: string;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ headers: admin, userId: adminId } = await t.loginAs(demoAccount('ADMIN').username));
    ({ headers: agent, userId: agentId } = await t.loginAs(demoAccount('NORMAL').username));
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const get = async (url: string, headers: Headers = admin) => {
    const response = await call('GET', url, headers);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Overview>();
  };
  const db = () => t.handle.db;
  const liveApps = async () => (await db().selectFrom('apps').select('id').where('workspace_id', '=', 'ws-demo').where('deleted', '=', false).orderBy('id').execute()).map((a) => a.id);

  it("answers the workspace's apps with events, their newest instances and counts by status", async () => {
    const body = await get('/workspaces/ws-demo/apps/optimized?use_cache=false');
    expect(body.cached).toBe(false);
    expect(body.apps.map((a) => a.id).sort()).toEqual(await liveApps());
    expect(body.performance.appCount).toBe(body.apps.length);
    for (const app of body.apps) {
      const counted = await db().selectFrom('instances').select(['status']).where('app_id', '=', app.id).where('deleted', '=', false).execute();
      expect(app.instanceCounts?.total).toBe(counted.length);
      expect(Object.values(app.instanceCounts?.byStatus ?? {}).reduce((a, b) => a + b, 0)).toBe(counted.length);
      expect(app.instances?.length).toBe(Math.min(counted.length, RECENT_INSTANCES_PER_APP));
      const events = await db().selectFrom('events').select('id').where('app_id', '=', app.id).where('deleted', '=', false).execute();
      expect(app.events?.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
    }
    expect(body.apps.some((a) => (a.instanceCounts?.total ?? 0) > 0)).toBe(true);
  });

  it.each([
    ['include_events', 'events'],
    ['include_instances', 'instances'],
    ['include_instance_counts', 'instanceCounts'],
  ] as const)('%s=false leaves %s out of every app', async (flag, field) => {
    const body = await get(`/workspaces/ws-demo/apps/optimized?${flag}=false`);
    expect(body.apps.length).toBeGreaterThan(0);
    for (const app of body.apps) {
      expect(app).not.toHaveProperty(field);
      for (const other of ['events', 'instances', 'instanceCounts'].filter((f) => f !== field)) expect(app).toHaveProperty(other);
    }
  });

  it('serves the second call from the cache until a write to the workspace, then the new value', async () => {
    const url = `/users/${adminId}/apps/optimized?include_events=false`;
    const first = await get(url);
    const second = await get(url);
    expect([first.cached, second.cached]).toEqual([false, true]);
    expect(second.apps).toEqual(first.apps);
    const target = first.apps[0]!;

    const toggled = await call('PATCH', `/apps/${target.id}`, admin, { isActive: !target.isActive });
    expect(toggled.statusCode, toggled.body).toBe(200);
    const third = await get(url);
    expect(third.cached).toBe(false);
    expect(third.apps.find((a) => a.id === target.id)?.isActive).toBe(!target.isActive);
    expect((await get(url)).cached).toBe(true);
    expect((await get(`${url}&use_cache=false`)).cached).toBe(false);
    await call('PATCH', `/apps/${target.id}`, admin, { isActive: target.isActive });
  });

  it('counts hits and misses per workspace and clears on request', async () => {
    await call('DELETE', '/apps/cache/workspaces/ws-demo', admin);
    const before = (await call('GET', '/apps/cache/stats', admin)).json<{ entries: number; hits: number; misses: number }>();
    expect(before.entries).toBe(0);
    await get('/workspaces/ws-demo/apps/optimized');
    await get('/workspaces/ws-demo/apps/optimized');
    await get('/dashboard/data/optimized');
    const after = (await call('GET', '/apps/cache/stats', admin)).json<{ entries: number; hits: number; misses: number }>();
    expect(after).toEqual({ entries: 2, hits: before.hits + 1, misses: before.misses + 2 });

    const clearedUser = await call('DELETE', `/apps/cache/users/${adminId}`, admin);
    expect(clearedUser.json()).toEqual({ cleared: 2 });
    await get('/workspaces/ws-demo/apps/optimized');
    const cleared = await call('DELETE', '/apps/cache/clear', admin);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ cleared: 1 });
    expect((await get('/workspaces/ws-demo/apps/optimized')).cached).toBe(false);
  });

  it('answers the dashboard summary with totals by status that add up', async () => {
    const body = await call('GET', `/dashboard/data/optimized?user_id=${adminId}&workspace_id=ws-demo&use_cache=false`, admin);
    expect(body.statusCode, body.body).toBe(200);
    const summary = body.json<{ apps: Array<{ instanceCounts: { total: number } }>; totals: { apps: number; instances: number; byStatus: Record<string, number> }; cached: boolean }>();
    expect(summary.totals.apps).toBe(summary.apps.length);
    expect(summary.totals.instances).toBe(summary.apps.reduce((sum, a) => sum + a.instanceCounts.total, 0));
    expect(Object.values(summary.totals.byStatus).reduce((a, b) => a + b, 0)).toBe(summary.totals.instances);
  });

  it.each([
    ['another user’s apps', (): string => `/users/${adminId}/apps/optimized`, 'GET', 403],
    ['another user’s dashboard', (): string => `/dashboard/data/optimized?user_id=${adminId}`, 'GET', 403],
    ['another workspace', (): string => '/workspaces/ws-elsewhere/apps/optimized', 'GET', 404],
    ['the cache clear', (): string => '/apps/cache/clear', 'DELETE', 403],
    ['the workspace cache clear', (): string => '/apps/cache/workspaces/ws-demo', 'DELETE', 403],
    ['another user’s cache clear', (): string => `/apps/cache/users/${adminId}`, 'DELETE', 403],
    // Their own list needs the APPS module, which the demo agent does not have.
    ['their own apps without the APPS module', (): string => `/users/${agentId}/apps/optimized`, 'GET', 403],
  ] as const)('refuses a NORMAL user %s', async (_what, url, method, status) => {
    const response = await call(method, url(), agent);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).not.toBe('');
  });

  it('answers events and recent instances of the asked apps in one call each; unknown ids are absent', async () => {
    const ids = await liveApps();
    const events = await call('POST', '/apps/events/batch', admin, { app_ids: [...ids, 'app-does-not-exist'] });
    expect(events.statusCode, events.body).toBe(200);
    const byApp = events.json<{ events: Record<string, Array<{ id: string }>> }>().events;
    expect(Object.keys(byApp).sort()).toEqual(ids);
    const instances = await call('POST', '/apps/instances/batch', admin, { app_ids: [ids[0], 'app-does-not-exist'] });
    const recent = instances.json<{ instances: Record<string, Array<{ id: string }>> }>().instances;
    expect(Object.keys(recent)).toEqual([ids[0]]);
    expect(recent[ids[0]!]!.length).toBeLessThanOrEqual(RECENT_INSTANCES_PER_APP);
  });

  it.each([
    ['a flag that is not true or false', 'GET', '/workspaces/ws-demo/apps/optimized?include_events=yes', undefined],
    ['too many ids', 'POST', '/apps/events/batch', { app_ids: Array.from({ length: 201 }, (_, i) => `app-${i}`) }],
    ['ids that are not ids', 'POST', '/apps/instances/batch', { app_ids: ['../etc/passwd'] }],
    ['no list', 'POST', '/apps/instances/batch', { ids: [] }],
  ] as const)('refuses %s with 400', async (_what, method, url, payload) => {
    const response = await call(method, url, admin, payload);
    expect(response.statusCode, response.body).toBe(400);
  });
});
