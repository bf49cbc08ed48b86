import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { DocWrite, MutationActor } from '../../../src/domain/mutations/types.ts';
import type { SyncedCollection } from '../../../src/domain/sync/collections.ts';
import type { MutationOutcome, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { createAgents } from '../helpers/agents.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Fields the optimistic apply cannot know: the server's revision and clock. */
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

describe.each(backends)('engine mutations through /sync/mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let adminActor: MutationActor;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    adminActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (headers: { authorization: string }, clientId: string, mutations: SentMutation[]) => pushMutations(t, headers, clientId, mutations);
  const workspaceRev = () => demoWorkspaceRev(t);

  /** The server's current documents, as the worker fetches them. */
  const serverDocs = async (collection: SyncedCollection, ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection, ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };

  /** What the replica would show: the definition applied to the server's documents it reads. */
  const predict = async (name: string, args: unknown): Promise<DocWrite[]> => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs(ref.collection, [ref.id])) docs.set(doc.id, doc);
    return definition.apply(parsed, docs, adminActor, Date.now());
  };

  /** The pulled documents agree with the prediction on every field it sets (the server's stamps aside). */
  const expectServerAgrees = async (predicted: DocWrite[]) => {
    for (const write of predicted) {
      const [pulled] = await serverDocs(write.collection, [write.doc.id]);
      expect(pulled, `${write.collection}/${write.doc.id}`).toBeDefined();
      const fields = Object.keys(write.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled![k]]))).toEqual(Object.fromEntries(fields.map((k) => [k, write.doc[k]])));
    }
  };

  /**
   * Predicts, sends as the admin, expects it applied, checks the documents, then sends the same mutation id
   * again: the stored outcome comes back and no document changes.
   */
  const applyAsAdmin = async (name: string, args: unknown): Promise<{ outcome: MutationOutcome; predicted: DocWrite[] }> => {
    const predicted = await predict(name, args);
    const mutation = { id: randomUUID(), name, args };
    const [outcome] = await send(admin.headers, 'client-admin', [mutation]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ id: mutation.id, status: 'applied' });
    await expectServerAgrees(predicted);
    const revs = async () => Promise.all(predicted.map(async (w) => (await serverDocs(w.collection, [w.doc.id]))[0]?.rev));
    const before = await revs();
    expect(await send(admin.headers, 'client-admin', [mutation])).toEqual([outcome]);
    expect(await revs()).toEqual(before);
    return { outcome: outcome!, predicted };
  };

  const appId = `app-${randomUUID()}`;
  const flowId = `flow-${randomUUID()}`;
  const eventId = `evt-${randomUUID()}`;
  const hookEventId = `evt-${randomUUID()}`;
  const webhookId = `whk-${randomUUID()}`;
  const createAppArgs = { id: appId, flowId, name: 'Refunds', description: 'Refund requests', engine: { id: 'eng-demo-main' }, calendar: { id: 'cal-demo-mx' } };

  it('app.create makes the app and its flow AppFlow_<name> with the client ids', async () => {
    const { predicted, outcome } = await applyAsAdmin('app.create', createAppArgs);
    expect(predicted.map((w) => w.doc.id)).toEqual([flowId, appId]);
    expect(outcome).toMatchObject({ result: { id: appId, workflow: { id: flowId } } });
    const flow = await t.handle.db.selectFrom('flows').select(['name', 'type']).where('id', '=', flowId).executeTakeFirstOrThrow();
    expect(flow).toEqual({ name: 'AppFlow_Refunds', type: 'app' });
  });

  it('a second app.create with a taken app or flow id is rejected as already-exists', async () => {
    const results = await send(admin.headers, 'client-admin', [
      { id: randomUUID(), name: 'app.create', args: { ...createAppArgs, flowId: `flow-${randomUUID()}` } },
      { id: randomUUID(), name: 'app.create', args: { ...createAppArgs, id: `app-${randomUUID()}` } },
    ]);
    expect(results).toMatchObject([
      { status: 'rejected', code: 'already-exists' },
      { status: 'rejected', code: 'already-exists', message: 'A workflow with this id already exists' },
    ]);
  });

  it('app.update changes the fields sent', async () => {
    await applyAsAdmin('app.update', { id: appId, name: 'Refunds v2', description: 'Refunds, second take', calendar: null });
  });

  it('app.setActive toggles the app', async () => {
    await applyAsAdmin('app.setActive', { id: appId, isActive: false });
    await applyAsAdmin('app.setActive', { id: appId, isActive: true });
  });

  it('event.create with a cron rule: the next fire time matches the server', async () => {
    await applyAsAdmin('event.create', { id: eventId, appId, name: 'Weekdays', rules: '0 9 * * 1-5', calendar: { id: 'cal-demo-mx' } });
  });

  it('event.create with a new webhook: the webhook document matches too', async () => {
    const token = randomBytes(32).toString('base64url');
    const { predicted } = await applyAsAdmin('event.create', {
      id: hookEventId,
      apps: [{ id: appId }],
      name: 'Intake',
      calendar: { id: 'cal-demo-mx' },
      webhook: { id: webhookId, name: 'Intake hook', token },
    });
    expect(predicted.map((w) => w.doc.id)).toEqual([webhookId, hookEventId]);
    const [hook] = await serverDocs('config', [webhookId]);
    expect(hook).toMatchObject({ url: `/hooks/${webhookId}`, tokenHint: token.slice(-4) });
    expect(hook).not.toHaveProperty('tokenHash');
  });

  it('event.update renames, moves calendar and rule; event.setActive toggles', async () => {
    await applyAsAdmin('event.update', { id: eventId, appId, name: 'Weekday mornings', rules: '30 8 * * 1-5', calendar: { id: 'cal-demo-mx' } });
    await applyAsAdmin('event.update', { id: hookEventId, description: 'From the intake form' });
    await applyAsAdmin('event.setActive', { id: eventId, isActive: false });
  });

  it('event.delete tombstones the event', async () => {
    const { predicted } = await applyAsAdmin('event.delete', { id: eventId, appId });
    expect(predicted[0]!.doc).toMatchObject({ deleted: true, isActive: false });
  });

  it('app.delete tombstones the app (and the server its events)', async () => {
    const { predicted } = await applyAsAdmin('app.delete', { id: appId });
    expect(predicted[0]!.doc).toMatchObject({ id: appId, deleted: true, isActive: false });
    const [hookEvent] = await serverDocs('config', [hookEventId]);
    expect(hookEvent).toMatchObject({ deleted: true, isActive: false });
  });

  it('instance.retry puts a failed instance back to running and counts the attempt', async () => {
    const failed = await t.handle.db.selectFrom('instances').select(['id', 'attempt']).where('status', '=', 'ERROR').orderBy('id').executeTakeFirstOrThrow();
    const { predicted } = await applyAsAdmin('instance.retry', { id: failed.id, from: 'failed' });
    expect(predicted[0]).toMatchObject({ collection: 'runs', doc: { status: 'RUNNING', error: null, attempt: failed.attempt + 1 } });
    // Retried once, it is no longer failed: a new retry is refused by the server as the replica would.
    const [again] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'instance.retry', args: { id: failed.id } }]);
    expect(again).toMatchObject({ status: 'rejected', code: 'not-failed', message: 'Only a failed instance can be retried (this one is RUNNING)' });
  });

  it.each([
    ['app.create', () => ({ ...createAppArgs, id: `app-${randomUUID()}`, flowId: `flow-${randomUUID()}` })],
    ['app.update', () => ({ id: 'app-demo-claims', name: 'Mine now' })],
    ['app.setActive', () => ({ id: 'app-demo-claims', isActive: false })],
    ['app.delete', () => ({ id: 'app-demo-claims' })],
    ['event.create', () => ({ id: `evt-${randomUUID()}`, appId: 'app-demo-claims', name: 'Sneaky', rules: '0 9 * * *', calendar: { id: 'cal-demo-mx' } })],
    ['event.update', () => ({ id: 'evt-demo-claims-daily', name: 'Sneaky' })],
    ['event.setActive', () => ({ id: 'evt-demo-claims-daily', isActive: false })],
    ['event.delete', () => ({ id: 'evt-demo-claims-daily' })],
    ['instance.retry', () => ({ id: 'any-instance' })],
  ])('a NORMAL agent without APPS: %s is rejected by the service (403 module-disabled) and writes nothing', async (name, args) => {
    const before = await workspaceRev();
    const [outcome] = await send(agent.headers, 'client-agent', [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'module-disabled', message: 'The APPS module is not enabled for your account' });
    expect(await workspaceRev()).toBe(before);
  });

  it('a NORMAL agent with APPS is still refused (forbidden) an engine they are not authorised on, or another owner', async () => {
    const [appsAgent] = await createAgents(t.handle, 1, 'team-demo-claims', 'apps-agent');
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
      tx.updateTable('users').set({ enabled_modules: JSON.stringify([{ id: 'APPS' }]), rev }).where('id', '=', appsAgent!.userId).execute(),
    );
    const fresh = () => ({ ...createAppArgs, id: `app-${randomUUID()}`, flowId: `flow-${randomUUID()}` });
    const before = await workspaceRev();
    const results = await send(appsAgent!.headers, 'client-apps-agent', [
      { id: randomUUID(), name: 'app.create', args: { ...fresh(), engine: { id: 'eng-demo-sandbox' } } },
      { id: randomUUID(), name: 'app.create', args: { ...fresh(), user: { id: admin.userId } } },
    ]);
    expect(results).toMatchObject([
      { status: 'rejected', code: 'forbidden' },
      { status: 'rejected', code: 'forbidden' },
    ]);
    expect(await workspaceRev()).toBe(before);
  });

  it.each([
    ['app.create without the flow id', 'app.create', { ...createAppArgs, id: `app-${randomUUID()}`, flowId: undefined }],
    ['app.create with a malformed id', 'app.create', { ...createAppArgs, id: 'a b' }],
    ['app.update with nothing to change', 'app.update', { id: 'app-demo-claims' }],
    ['app.setActive without isActive', 'app.setActive', { id: 'app-demo-claims' }],
    ['event.create without a trigger', 'event.create', { id: `evt-${randomUUID()}`, appId: 'app-demo-claims', name: 'x', calendar: { id: 'cal-demo-mx' } }],
    ['event.create with a webhook without its id', 'event.create', { id: `evt-${randomUUID()}`, appId: 'app-demo-claims', name: 'x', calendar: { id: 'cal-demo-mx' }, webhook: { name: 'h', token: 'x'.repeat(20) } }],
    ['event.update with a bad cron rule', 'event.update', { id: 'evt-demo-claims-daily', rules: 'every day' }],
    ['instance.retry from nowhere', 'instance.retry', { id: 'x', from: 'middle' }],
  ])('%s is rejected as invalid-args and writes nothing', async (_label, name, args) => {
    const before = await workspaceRev();
    const [outcome] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name, args }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((outcome as { message: string }).message.length).toBeGreaterThan(5);
    expect(await workspaceRev()).toBe(before);
  });
});
