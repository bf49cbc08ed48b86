import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultFlowGraph, type FlowStage } from '../../../src/domain/engine/flowGraph.ts';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { createAgents } from '../helpers/agents.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createOtherWorkspace, type OtherWorkspace } from '../helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** A flow the modeler would save: start → human-interface → e-mail → end, with drawn positions. */
const drawnGraph: FlowStage[] = [
  { key: 'start', name: 'Start', nodeType: 'start', config: {}, position: { x: 0, y: 0 }, transitions: [{ to: 'task' }] },
  { key: 'task', name: 'Review', nodeType: 'human-interface', templateId: 'tpl-demo-claim-review', config: { teamId: 'team-demo-claims', slaSeconds: 3600 }, position: { x: 260, y: 0 }, transitions: [{ to: 'email', when: { '==': [{ var: 'decision' }, 'ok'] } }, { to: 'end' }] },
  { key: 'email', name: 'Tell them', nodeType: 'email', config: { to: '{{email}}', subject: 'Done', body: 'Your claim is done' }, position: { x: 520, y: 0 }, transitions: [{ to: 'end' }] },
  { key: 'end', name: 'End', nodeType: 'end', config: {}, position: { x: 780, y: 0 }, transitions: [] },
];

describe.each(backends)('flow mutations through /sync/mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let readOnly: { userId: string; headers: { authorization: string } };
  let other: OtherWorkspace;
  let adminActor: MutationActor;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    adminActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
    const [viewer] = await createAgents(t.handle, 1, 'team-demo-claims', 'flow-viewer');
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
      tx
        .updateTable('users')
        .set({ enabled_modules: JSON.stringify([{ id: 'MODELER' }, { id: 'APPS' }]), rights: JSON.stringify([{ id: 'WFREADONLY' }]), rev })
        .where('id', '=', viewer!.userId)
        .execute(),
    );
    readOnly = viewer!;
    other = await createOtherWorkspace(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (headers: { authorization: string }, clientId: string, mutations: SentMutation[]) => pushMutations(t, headers, clientId, mutations);
  const flowRow = (id: string) => t.handle.db.selectFrom('flows').selectAll().where('id', '=', id).executeTakeFirst();
  const serverDoc = async (id: string): Promise<ReplicaDoc | undefined> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids: [id] } });
    return response.json<{ documents: ReplicaDoc[] }>().documents[0];
  };
  /** The replica's prediction from the server's documents, as the worker would apply it. */
  const predict = async (name: string, args: unknown) => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) {
      const doc = await serverDoc(ref.id);
      if (doc) docs.set(doc.id, doc);
    }
    return definition.apply(parsed, docs, adminActor, Date.now());
  };

  const flowId = `flow-${randomUUID()}`;

  it('flow.create makes the flow with the client id, as the replica predicted; the same mutation again changes nothing', async () => {
    const args = { id: flowId, name: 'Intake', description: 'From the modeler', stages: defaultFlowGraph() };
    const [predicted] = await predict('flow.create', args);
    const mutation = { id: randomUUID(), name: 'flow.create', args };
    const [outcome] = await send(admin.headers, 'client-admin', [mutation]);
    expect(outcome).toMatchObject({ status: 'applied' });
    const doc = await serverDoc(flowId);
    expect(doc).toMatchObject({ kind: 'flow', name: 'Intake', description: 'From the modeler', creatorUserId: admin.userId, workspaceId: 'ws-demo', stages: defaultFlowGraph() });
    for (const key of ['name', 'description', 'creatorUserId', 'workspaceId', 'type', 'stages'] as const) expect(doc![key]).toEqual(predicted!.doc[key]);
    const rev = doc!.rev;
    expect(await send(admin.headers, 'client-admin', [mutation])).toEqual([outcome]);
    expect((await serverDoc(flowId))!.rev).toBe(rev);
  });

  it('flow.update stores the drawn graph with its positions and conditions, as the replica predicted', async () => {
    const args = { id: flowId, stages: drawnGraph };
    const [predicted] = await predict('flow.update', args);
    const [outcome] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'flow.update', args }]);
    expect(outcome).toMatchObject({ status: 'applied' });
    expect((await flowRow(flowId))!.stages).toEqual(drawnGraph);
    expect((await serverDoc(flowId))!.stages).toEqual(predicted!.doc.stages);
  });

  it.each([
    ['flow.create', () => ({ id: `flow-${randomUUID()}`, name: 'Sneaky' })],
    ['flow.update', () => ({ id: 'flow-demo-claims', description: 'Sneaky' })],
  ])('a NORMAL user without MODELER: %s is refused (module-disabled) and writes nothing', async (name, args) => {
    const before = await demoWorkspaceRev(t);
    const [outcome] = await send(agent.headers, 'client-agent', [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'module-disabled', message: 'The MODELER module is not enabled for your account' });
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it.each([
    ['flow.create', () => ({ id: `flow-${randomUUID()}`, name: 'Sneaky' })],
    ['flow.update', () => ({ id: 'flow-demo-claims', stages: defaultFlowGraph() })],
  ])('a WFREADONLY user with MODELER: %s is forbidden and writes nothing', async (name, args) => {
    const before = await demoWorkspaceRev(t);
    const [outcome] = await send(readOnly.headers, 'client-viewer', [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('without a token the mutation call is refused with 401 and nothing is written', async () => {
    const before = await demoWorkspaceRev(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/sync/mutations',
      payload: { clientId: 'anon', mutations: [{ id: randomUUID(), name: 'flow.update', args: { id: 'flow-demo-claims', description: 'x' }, at: Date.now() }] },
    });
    expect(response.statusCode).toBe(401);
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it("another workspace's admin cannot change this workspace's flow (not found), nor create into it", async () => {
    const before = await demoWorkspaceRev(t);
    const results = await send(other.admin.headers, 'client-other', [
      { id: randomUUID(), name: 'flow.update', args: { id: 'flow-demo-claims', description: 'Taken over' } },
      { id: randomUUID(), name: 'flow.create', args: { id: `flow-${randomUUID()}`, name: 'Planted', WS: 'ws-demo' } },
    ]);
    expect(results).toMatchObject([
      { status: 'rejected', code: 'not-found' },
      { status: 'rejected', code: 'other-workspace' },
    ]);
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect((await flowRow('flow-demo-claims'))!.description).not.toBe('Taken over');
  });

  it.each([
    ['a graph with two starts', { id: flowId, stages: [...defaultFlowGraph(), { key: 'start2', name: 'S', nodeType: 'start', config: {}, transitions: [{ to: 'end' }] }] }, 'exactly one start'],
    ['a transition to a stage that does not exist', { id: flowId, stages: [{ key: 'start', name: 'S', nodeType: 'start', config: {}, transitions: [{ to: 'ghost' }] }] }, 'unknown stage'],
    ['an unknown stage type', { id: flowId, stages: [{ key: 'start', nodeType: 'teleport', transitions: [] }] }, 'nodeType'],
    ['a position that is not a number', { id: flowId, stages: [{ ...defaultFlowGraph()[0], position: { x: 'left', y: 0 } }, defaultFlowGraph()[1]] }, 'position'],
    ['nothing to change', { id: flowId }, 'Nothing to change'],
  ])('flow.update with %s is rejected as invalid-args with a message, and writes nothing', async (_label, args, words) => {
    const before = await demoWorkspaceRev(t);
    const [outcome] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'flow.update', args }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((outcome as { message: string }).message).toContain(words);
    expect(await demoWorkspaceRev(t)).toBe(before);
    expect((await flowRow(flowId))!.stages).toEqual(drawnGraph);
  });

  it('flow.create without a name, or reusing a taken id, is refused', async () => {
    const results = await send(admin.headers, 'client-admin', [
      { id: randomUUID(), name: 'flow.create', args: { id: `flow-${randomUUID()}`, name: ' ' } },
      { id: randomUUID(), name: 'flow.create', args: { id: flowId, name: 'Again' } },
    ]);
    expect(results).toMatchObject([
      { status: 'rejected', code: 'invalid-args' },
      { status: 'rejected', code: 'already-exists' },
    ]);
  });
});
