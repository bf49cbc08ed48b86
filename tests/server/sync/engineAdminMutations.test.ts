import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { DocWrite, MutationActor } from '../../../src/domain/mutations/types.ts';
import type { MutationOutcome, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from '../helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Fields the optimistic apply cannot know: the server's revision and clock. */
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

/** The engine.* mutations (part 1 §2 engine form, §6 ADMIN only): the replica's prediction is what the server stores. */
describe.each(backends)('engine administration mutations (engine.*) through /sync/mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let other: OtherWorkspace;
  let adminActor: MutationActor;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    other = await createOtherWorkspace(t);
    adminActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (headers: { authorization: string }, clientId: string, mutations: SentMutation[]) => pushMutations(t, headers, clientId, mutations);
  const workspaceRev = () => demoWorkspaceRev(t);
  const engineRow = (id: string) => t.handle.db.selectFrom('engines').selectAll().where('id', '=', id).executeTakeFirst();
  const linksOf = (engineId: string) => t.handle.db.selectFrom('engine_users').selectAll().where('engine_id', '=', engineId).orderBy('user_id').orderBy('id').execute();

  const serverDocs = async (ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };

  const predict = async (name: string, args: unknown): Promise<DocWrite[]> => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs([ref.id])) docs.set(doc.id, doc);
    return definition.apply(parsed, docs, adminActor, Date.now());
  };

  /** Predicts, sends as the admin, checks the server agrees field by field, then sends the same id again: one outcome. */
  const applyAsAdmin = async (name: string, args: unknown): Promise<{ outcome: MutationOutcome; predicted: DocWrite[] }> => {
    const predicted = await predict(name, args);
    const mutation = { id: randomUUID(), name, args };
    const [outcome] = await send(admin.headers, 'client-admin', [mutation]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ id: mutation.id, status: 'applied' });
    for (const write of predicted) {
      const [pulled] = await serverDocs([write.doc.id]);
      expect(pulled, write.doc.id).toBeDefined();
      const fields = Object.keys(write.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled![k]]))).toEqual(Object.fromEntries(fields.map((k) => [k, write.doc[k]])));
    }
    const before = await workspaceRev();
    expect(await send(admin.headers, 'client-admin', [mutation])).toEqual([outcome]);
    expect(await workspaceRev()).toBe(before);
    return { outcome: outcome!, predicted };
  };

  const engineId = `eng-${randomUUID()}`;
  const agentLink = `eu-${randomUUID()}`;
  const createArgs = { engineId, name: 'Night Engine', description: 'Runs the night batches', isActive: true, addUsers: [{ userId: 'usr-demo-agent', linkId: agentLink }] };

  it('engine.create makes the engine and its links with the client ids; a taken id is rejected', async () => {
    const { outcome, predicted } = await applyAsAdmin('engine.create', createArgs);
    expect(predicted.map((w) => w.doc.kind)).toEqual(['engine', 'engineUser']);
    expect(outcome).toMatchObject({ result: { id: engineId, name: 'Night Engine', isActive: true, users: [{ id: 'usr-demo-agent' }] } });
    expect((await linksOf(engineId)).map((l) => [l.id, l.user_id, l.deleted])).toEqual([[agentLink, 'usr-demo-agent', false]]);
    const before = await workspaceRev();
    const [again] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'engine.create', args: { ...createArgs, engineId: 'eng-demo-main', addUsers: [] } }]);
    expect(again).toMatchObject({ status: 'rejected', code: 'already-exists', message: 'An engine with this id already exists' });
    expect(await workspaceRev()).toBe(before);
  });

  it('engine.update changes the fields, tombstones the removed links and adds new ones; a user already linked keeps one link', async () => {
    const adminLink = `eu-${randomUUID()}`;
    const { predicted } = await applyAsAdmin('engine.update', {
      engineId,
      name: 'Night Engine 2',
      description: 'Paused',
      isActive: false,
      addUsers: [{ userId: 'usr-demo-admin', linkId: adminLink }],
      removeLinks: [agentLink],
    });
    expect(predicted.map((w) => [w.doc.id, w.doc.deleted])).toEqual([
      [engineId, false],
      [agentLink, true],
      [adminLink, false],
    ]);
    expect(await engineRow(engineId)).toMatchObject({ name: 'Night Engine 2', description: 'Paused', is_active: false });
    expect((await linksOf(engineId)).map((l) => [l.id, l.deleted])).toEqual([
      [adminLink, false],
      [agentLink, true],
    ]);
    const [twice] = await send(admin.headers, 'client-admin', [
      { id: randomUUID(), name: 'engine.update', args: { engineId, name: 'Night Engine 2', description: 'Paused', isActive: false, addUsers: [{ userId: 'usr-demo-admin', linkId: `eu-${randomUUID()}` }] } },
    ]);
    expect(twice).toMatchObject({ status: 'applied' });
    expect((await linksOf(engineId)).filter((l) => !l.deleted).map((l) => l.id)).toEqual([adminLink]);
  });

  it('engine.delete refuses an engine in use with the count, and tombstones an unused one with every link', async () => {
    const before = await workspaceRev();
    const [refused] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'engine.delete', args: { engineId: 'eng-demo-sandbox', linkIds: [] } }]);
    expect(refused).toMatchObject({ status: 'rejected', code: 'engine-in-use', message: 'This engine is still used by 1 app: move or delete them first' });
    expect(await workspaceRev()).toBe(before);
    const links = (await linksOf(engineId)).filter((l) => !l.deleted).map((l) => l.id);
    await applyAsAdmin('engine.delete', { engineId, linkIds: links });
    expect(await engineRow(engineId)).toMatchObject({ deleted: true });
    expect((await linksOf(engineId)).every((l) => l.deleted)).toBe(true);
  });

  it.each([
    ['NORMAL', 'engine.create', () => ({ ...createArgs, engineId: `eng-${randomUUID()}`, addUsers: [] }), 'forbidden'],
    ['NORMAL', 'engine.update', () => ({ engineId: 'eng-demo-main', name: 'Hijack', description: 'x', isActive: false }), 'forbidden'],
    ['NORMAL', 'engine.delete', () => ({ engineId: 'eng-demo-sandbox' }), 'forbidden'],
    ['other ADMIN', 'engine.update', () => ({ engineId: 'eng-demo-main', name: 'Hijack', description: 'x', isActive: false }), 'not-found'],
    ['other ADMIN', 'engine.delete', () => ({ engineId: 'eng-demo-sandbox' }), 'not-found'],
    ['other ADMIN', 'engine.create', () => ({ ...createArgs, engineId: `eng-${randomUUID()}`, addUsers: [{ userId: 'usr-demo-agent', linkId: `eu-${randomUUID()}` }] }), 'not-found'],
    ['ADMIN', 'engine.create', () => ({ ...createArgs, engineId: `eng-${randomUUID()}`, name: ' ' }), 'invalid-args'],
    ['ADMIN', 'engine.update', () => ({ engineId: 'eng-demo-main', name: 'Main Engine', description: 'x'.repeat(501), isActive: true }), 'invalid-args'],
    ['ADMIN', 'engine.update', () => ({ engineId: 'eng-demo-main', name: 'Main Engine', description: 'ok', isActive: true, addUsers: [{ userId: 'usr-nobody', linkId: `eu-${randomUUID()}` }] }), 'not-found'],
  ] as const)('%s sending %s is rejected (%s) and nothing changes', async (role, name, args, code) => {
    const headers = role === 'NORMAL' ? agent.headers : role === 'other ADMIN' ? other.admin.headers : admin.headers;
    const before = await workspaceRev();
    const mainBefore = await engineRow('eng-demo-main');
    const linksBefore = await linksOf('eng-demo-main');
    const [outcome] = await send(headers, `client-${role.replace(' ', '-')}`, [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code });
    expect((outcome as { message: string }).message.length).toBeGreaterThan(5);
    expect(await workspaceRev()).toBe(before);
    expect(await engineRow('eng-demo-main')).toEqual(mainBefore);
    expect(await linksOf('eng-demo-main')).toEqual(linksBefore);
  });
});
