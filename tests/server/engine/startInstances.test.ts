import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { createAgents } from '../helpers/agents.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from '../helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from '../helpers/otherWorkspace.ts';
import { demoAccount } from '../helpers/testApp.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();
const newIds = (n: number) => Array.from({ length: n }, () => `inst-${randomUUID()}`);

/**
 * The Apps list's 'generate instances' through the outbox (mutation instance.start): the runs are written with the
 * client's ids and the given values, the runner takes them through the flow, and only those who may edit the app
 * may start it.
 */
describe.each(backends)('instance.start on %s', (backend) => {
  let e: EngineTest;
  let agent: { authorization: string };
  let other: OtherWorkspace;
  let app: { appId: string };

  beforeAll(async () => {
    e = await createEngineTest(backend);
    agent = (await e.t.loginAs(demoAccount('NORMAL').username)).headers;
    other = await createOtherWorkspace(e.t);
    app = await e.flowApp([stage('start', 'start', ['hold']), stage('hold', 'timer', ['end'], { delaySeconds: 3600 }), stage('end', 'end')], 'Generated runs');
  });
  afterAll(async () => {
    await e?.close();
  });

  const start = (headers: { authorization: string }, args: unknown, clientId = 'client-generate') =>
    pushMutations(e.t, headers, clientId, [{ id: randomUUID(), name: 'instance.start', args }]);
  const instancesOf = (appId: string) => e.t.handle.db.selectFrom('instances').selectAll().where('app_id', '=', appId).orderBy('id').execute();

  it('an administrator starts three runs with the given values; the runner takes each to its timer stage', async () => {
    const ids = newIds(3);
    const [outcome] = await start(e.admin, { appId: app.appId, ids, values: { plate: 'ABC-123', amount: 1200 } });
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'applied' });
    let rows = await instancesOf(app.appId);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    expect(rows.every((r) => r.status === 'UNPROCESSED' && r.event_id === null)).toBe(true);
    expect(rows[0]!.values).toMatchObject({ plate: 'ABC-123', amount: 1200 });
    await e.engine().drain();
    rows = await instancesOf(app.appId);
    expect(rows.map((r) => [r.status, r.current_stage])).toEqual(ids.map(() => ['RUNNING', 'hold']));
    const stats = await e.t.handle.db.selectFrom('apps').select('statistics').where('id', '=', app.appId).executeTakeFirstOrThrow();
    expect(stats.statistics).toMatchObject({ appsInstances: 3 });
  });

  it.each([
    ['an unknown app', () => ({ appId: 'app-does-not-exist', ids: newIds(1) }), 'not-found', 'App not found'],
    ['another workspace’s app', () => ({ appId: other.ids.app, ids: newIds(1) }), 'not-found', 'App not found'],
    ['an id already used', () => ({ appId: app.appId, ids: [usedId] }), 'already-exists', 'is already used'],
    ['51 runs', () => ({ appId: app.appId, ids: newIds(51) }), 'invalid-args', 'at most 50'],
    ['values that are a list', () => ({ appId: app.appId, ids: newIds(1), values: [1] }), 'invalid-args', 'values'],
    ['a blank value name', () => ({ appId: app.appId, ids: newIds(1), values: { ' ': 1 } }), 'invalid-args', 'A value needs a name'],
  ])('%s is refused with a message and writes nothing', async (_label, args, code, message) => {
    const before = await demoWorkspaceRev(e.t);
    const [outcome] = await start(e.admin, args());
    expect(outcome).toMatchObject({ status: 'rejected', code });
    expect((outcome as { message: string }).message).toContain(message);
    expect(await demoWorkspaceRev(e.t)).toBe(before);
  });
  let usedId = '';
  beforeAll(async () => {
    usedId = (await e.t.handle.db.selectFrom('instances').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });

  it('an inactive app, and an app whose flow cannot start, are refused', async () => {
    const idle = await e.flowApp([stage('start', 'start', ['end']), stage('end', 'end')], 'Idle app');
    await withWorkspaceWrite(e.t.handle.db, 'ws-demo', (tx, rev) => tx.updateTable('apps').set({ is_active: false, rev }).where('id', '=', idle.appId).execute());
    expect((await start(e.admin, { appId: idle.appId, ids: newIds(1) }))[0]).toMatchObject({ status: 'rejected', code: 'app-inactive' });
    const broken = await e.flowApp([stage('start', 'start', ['end']), stage('end', 'end')], 'Broken app');
    await withWorkspaceWrite(e.t.handle.db, 'ws-demo', (tx, rev) => tx.updateTable('flows').set({ stages: JSON.stringify([stage('end', 'end')]), rev }).where('id', '=', broken.flowId).execute());
    expect((await start(e.admin, { appId: broken.appId, ids: newIds(1) }))[0]).toMatchObject({ status: 'rejected', code: 'no-runnable-flow' });
    expect(await instancesOf(idle.appId)).toHaveLength(0);
    expect(await instancesOf(broken.appId)).toHaveLength(0);
  });

  it('who may start runs: ADMIN yes; NORMAL without APPS no; APPS without the engine no, with it yes; no token 401; another workspace’s ADMIN not-found', async () => {
    const before = await demoWorkspaceRev(e.t);
    expect((await start(agent, { appId: app.appId, ids: newIds(1) }))[0]).toMatchObject({ status: 'rejected', code: 'module-disabled' });
    expect((await start(other.admin.headers, { appId: app.appId, ids: newIds(1) }))[0]).toMatchObject({ status: 'rejected', code: 'not-found' });
    const anonymous = await e.t.app.inject({
      method: 'POST',
      url: '/sync/mutations',
      headers: {},
      payload: { clientId: 'client-anon', mutations: [{ id: randomUUID(), name: 'instance.start', args: { appId: app.appId, ids: newIds(1) }, at: Date.now() }] },
    });
    expect(anonymous.statusCode).toBe(401);
    const [appsAgent] = await createAgents(e.t.handle, 1, 'team-demo-claims', 'generate-agent');
    await withWorkspaceWrite(e.t.handle.db, 'ws-demo', (tx, rev) =>
      tx.updateTable('users').set({ enabled_modules: JSON.stringify([{ id: 'APPS' }]), rev }).where('id', '=', appsAgent!.userId).execute(),
    );
    const afterSetup = await demoWorkspaceRev(e.t);
    expect(afterSetup).toBeGreaterThan(before);
    expect((await start(appsAgent!.headers, { appId: app.appId, ids: newIds(1) }))[0]).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await demoWorkspaceRev(e.t)).toBe(afterSetup);
    await withWorkspaceWrite(e.t.handle.db, 'ws-demo', (tx, rev) =>
      tx
        .insertInto('engine_users')
        .values({ id: `eu-${randomUUID()}`, workspace_id: 'ws-demo', engine_id: 'eng-demo-main', user_id: appsAgent!.userId, rev, created_at: new Date(), updated_at: new Date() })
        .execute(),
    );
    const ids = newIds(2);
    expect((await start(appsAgent!.headers, { appId: app.appId, ids }))[0]).toMatchObject({ status: 'applied' });
    expect((await instancesOf(app.appId)).filter((r) => ids.includes(r.id))).toHaveLength(2);
  });
});
