import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

describe.each(backends)('apps, events, flows and calendars over REST on %s', (backend) => {
  let t: TestApp;
  let admin: { authorization: string };
  let agent: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = (await t.loginAs(demoAccount('ADMIN').username)).headers;
    agent = (await t.loginAs(demoAccount('NORMAL').username)).headers;
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const counts = async () => ({
    apps: (await t.handle.db.selectFrom('apps').select('id').execute()).length,
    events: (await t.handle.db.selectFrom('events').select('id').execute()).length,
    flows: (await t.handle.db.selectFrom('flows').select('id').execute()).length,
    rev: (await t.handle.db.selectFrom('workspace_revisions').select('rev').executeTakeFirstOrThrow()).rev,
  });

  it('creating an app creates its flow AppFlow_<name>; edit, toggle and delete go through with new revisions', async () => {
    const before = await counts();
    const created = await call('POST', '/apps', { name: 'Refunds', description: 'Pays refunds', engine: { id: 'eng-demo-main' }, calendar: { id: 'cal-demo-mx' } });
    expect(created.statusCode).toBe(201);
    const app = created.json();
    expect(app).toMatchObject({ name: 'Refunds', isActive: true, engine: { id: 'eng-demo-main' }, calendar: { id: 'cal-demo-mx' } });
    const flow = (await call('GET', `/flowmanager/flows/${app.workflow.id}`)).json();
    expect(flow).toMatchObject({ name: 'AppFlow_Refunds', WS: 'ws-demo' });
    expect(flow.stages.map((s: { nodeType: string }) => s.nodeType)).toEqual(['start', 'end']);
    const row = await t.handle.db.selectFrom('apps').select('rev').where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(row.rev).toBeGreaterThan(before.rev);

    const edited = await call('PATCH', `/apps/${app.id}`, { description: 'Pays refunds fast', isActive: false });
    expect(edited.json()).toMatchObject({ description: 'Pays refunds fast', isActive: false });
    expect((await call('PATCH', `/apps/${app.id}`, { workflow: { id: 'flow-missing' } })).json()).toEqual({ code: 'not-found', message: 'Workflow not found' });
    expect((await call('GET', `/apps/${app.id}`)).json().engine.name).toBe('Main Engine');
    expect((await call('DELETE', `/apps/${app.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/apps/${app.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/apps/${app.id}`)).statusCode).toBe(404);
  });

  it('events: create with a cron rule and a calendar, list, edit, toggle, delete', async () => {
    const app = (await call('POST', '/apps', { name: 'Evented', description: 'Has events', engine: { id: 'eng-demo-main' } })).json();
    const created = await call('POST', '/events', { apps: [{ id: app.id }], name: 'Morning', rules: '0 8 * * 1-5', calendar: { id: 'cal-demo-mx' } });
    expect(created.statusCode).toBe(201);
    const event = created.json();
    expect(event).toMatchObject({ name: 'Morning', rules: '0 8 * * 1-5', isActive: true, apps: [{ id: app.id, isActive: true }], webhook: null });
    expect(Date.parse(event.nextFireAt)).toBeGreaterThan(Date.now());
    expect((await call('GET', `/apps/${app.id}/events`)).json().map((e: { id: string }) => e.id)).toEqual([event.id]);
    expect((await call('PATCH', `/apps/${app.id}/events/${event.id}`, { isActive: false })).json().isActive).toBe(false);
    expect((await call('PATCH', `/events/${event.id}`, { description: 'Before work' })).json().description).toBe('Before work');
    expect((await call('PATCH', `/events/${event.id}`, { rules: null })).statusCode).toBe(400);
    expect((await call('PATCH', `/apps/app-demo-claims/events/${event.id}`, { isActive: true })).statusCode).toBe(404);
    expect((await call('DELETE', `/apps/${app.id}/events/${event.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/apps/${app.id}/events`)).json()).toEqual([]);
  });

  it.each([
    ['an app without a name', 'POST', '/apps', { name: '  ', description: 'x', engine: { id: 'eng-demo-main' } }, 400],
    ['an app without an engine', 'POST', '/apps', { name: 'A', description: 'x' }, 400],
    ['an app on an unknown engine', 'POST', '/apps', { name: 'A', description: 'x', engine: { id: 'eng-nope' } }, 404],
    ['an empty app edit', 'PATCH', '/apps/app-demo-claims', {}, 400],
    ['an event with a broken cron rule', 'POST', '/events', { appId: 'app-demo-claims', name: 'E', rules: '61 * * * *', calendar: { id: 'cal-demo-mx' } }, 400],
    ['an event without a calendar', 'POST', '/events', { appId: 'app-demo-claims', name: 'E', rules: '0 9 * * *' }, 400],
    ['an event of an unknown app', 'POST', '/events', { appId: 'app-nope', name: 'E', rules: '0 9 * * *', calendar: { id: 'cal-demo-mx' } }, 404],
    ['an event with a new webhook but no token', 'POST', '/events', { appId: 'app-demo-claims', name: 'E', calendar: { id: 'cal-demo-mx' }, webhook: { name: 'W' } }, 400],
    ['a flow whose stage goes nowhere', 'PATCH', '/flowmanager/flows/flow-demo-claims', { stages: [{ key: 's', nodeType: 'start', transitions: [{ to: 'x' }] }] }, 400],
    ['a flow edit for another workspace', 'PATCH', '/flowmanager/flows/flow-demo-claims', { name: 'X', wsId: 'ws-other' }, 403],
    ['a retry of an unknown instance', 'POST', '/instances/inst-nope/retry', {}, 404],
  ] as const)('%s is refused with %i and changes nothing', async (_label, method, url, payload, status) => {
    const before = await counts();
    const response = await call(method, url, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toMatch(/\w{4,}/);
    expect(await counts()).toEqual(before);
  });

  it('an agent without the APPS module is refused and nothing changes; reads of another app are refused too', async () => {
    const before = await counts();
    const refused = await call('POST', '/apps', { name: 'Mine', description: 'x', engine: { id: 'eng-demo-main' } }, agent);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'module-disabled', message: 'The APPS module is not enabled for your account' });
    expect((await call('GET', '/apps/app-demo-claims/instances', undefined, agent)).statusCode).toBe(403);
    expect((await call('PATCH', '/flowmanager/flows/flow-demo-claims', { name: 'X' }, agent)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await call('POST', '/apps', { name: 'x', description: 'x', engine: { id: 'eng-demo-main' } }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('instance history filters by status and by a date range only when both dates are given', async () => {
    const all = (await call('GET', '/apps/app-demo-claims/instances')).json() as { status: string; startDate: string }[];
    expect(all.length).toBeGreaterThan(5);
    const errors = (await call('GET', '/apps/app-demo-claims/instances?status=ERROR')).json() as { status: string }[];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.every((i) => i.status === 'ERROR')).toBe(true);
    const future = new Date(Date.now() + 86400_000).toISOString();
    expect((await call('GET', `/apps/app-demo-claims/instances?startDate=${future}`)).json()).toHaveLength(all.length);
    expect((await call('GET', `/apps/app-demo-claims/instances?startDate=${future}&endDate=${future}`)).json()).toEqual([]);
    const one = all[0] as unknown as { id: string };
    const stages = (await call('GET', `/apps/app-demo-claims/instances/${one.id}/stages`)).json();
    expect(stages.length).toBeGreaterThan(0);
    expect((await call('GET', `/apps/app-demo-claims/instances/${one.id}/stages/${stages[0].id}`)).json().id).toBe(stages[0].id);
    expect((await call('GET', `/instances/${one.id}/values`)).json()).toHaveProperty('caseId');
  });

  it('flows are listed and created; calendars are named; the flow router reports stage counts', async () => {
    const created = await call('POST', '/flowmanager/flows', { name: 'Standalone', description: 'A flow', WS: 'ws-demo' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Standalone', stages: [], WS: 'ws-demo' });
    const mine = (await call('POST', '/flowmanager/flows/all', { creator: 'usr-demo-admin', all: false })).json();
    expect(mine.map((f: { name: string }) => f.name)).toContain('Standalone');
    expect((await call('POST', '/flowtimer/calendar/names')).json()).toEqual([expect.objectContaining({ id: 'cal-demo-mx', name: 'Mexico City business days' })]);
    const traces = (await call('GET', '/flowrouter/flows')).json() as { flow_id: string; statusCounts: { success: number; waiting: number; failed: number } }[];
    const claims = traces.find((f) => f.flow_id === 'flow-demo-claims');
    expect(claims?.statusCounts.success).toBeGreaterThan(0);
    expect(claims?.statusCounts.waiting).toBeGreaterThan(0);
    expect(claims?.statusCounts.failed).toBeGreaterThan(0);
  });
});
