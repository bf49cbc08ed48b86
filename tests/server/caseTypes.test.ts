import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../src/domain/mutations/registry.ts';
import type { MutationActor } from '../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import { testBackends } from './helpers/databases.ts';
import { demoWorkspaceRev, pushMutations } from './helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

type TypeView = { _id: string; id: string; description: string; startingAppId: string | null; paramsExpected: string; resultsExpected: string; casesState: { case_state_id: string; order: number; hide: boolean }[]; activeCases: number };
type StateView = { _id: string; id: string; description: string; order: number; hide: boolean; type: { id: string; _id: string } };

/** Part 2 §7 /cases-types and /cases-states over REST, and the caseType.* / caseState.* mutations on the same services. */
describe.each(backends)('case types and states on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let adminActor: MutationActor;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    adminActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
    // The undecided type of part 2 §3, hidden everywhere.
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) => tx.insertInto('case_types').values({ id: 'ct-demo-tbd', workspace_id: 'ws-demo', code: 'TBD', description: 'To be decided', rev }).execute());
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: { authorization: string }, payload?: object) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const send = (headers: { authorization: string }, name: string, args: unknown) => pushMutations(t, headers, 'client-case-types', [{ id: randomUUID(), name, args }]);
  const serverDocs = async (ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };
  /** Applies as the admin and checks that the server's documents are what the replica predicted. */
  const applyAsAdmin = async (name: string, args: unknown) => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs([ref.id])) docs.set(doc.id, doc);
    const predicted = definition.apply(parsed, docs, adminActor, Date.now());
    const [outcome] = await send(admin.headers, name, args);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ status: 'applied' });
    for (const write of predicted) {
      const [pulled] = await serverDocs([write.doc.id]);
      const fields = Object.keys(write.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled?.[k]]))).toEqual(Object.fromEntries(fields.map((k) => [k, write.doc[k]])));
    }
  };

  it('GET /cases-types lists the workspace types with their states in order and open cases, never TBD', async () => {
    const response = await call('GET', '/cases-types', agent.headers);
    expect(response.statusCode, response.body).toBe(200);
    const types = response.json<TypeView[]>();
    expect(types.map((type) => type.id)).toEqual(['CLAIM', 'ONBOARDING']);
    const claim = types[0]!;
    expect(claim).toMatchObject({ _id: 'ct-demo-claim', description: 'Insurance claim', startingAppId: 'app-demo-claims', paramsExpected: 'policyNumber/amount/incidentDate' });
    expect(claim.casesState.map((s) => s.case_state_id)).toEqual(['RECEIVED', 'REVIEW', 'FIELD_VISIT', 'APPROVED', 'AUDIT', 'REJECTED']);
    expect(claim.activeCases).toBeGreaterThan(0);
    expect((await call('GET', '/cases-types/TBD', admin.headers)).statusCode).toBe(404);
    expect((await call('GET', '/cases-types/ct-demo-tbd/states', admin.headers)).statusCode).toBe(404);
  });

  it('POST /cases-types creates a type with the §7 payload; its states are added and edited by REST', async () => {
    const created = await call('POST', '/cases-types', admin.headers, {
      id: 'Claims',
      description: ' Claims from the web ',
      workspace: { id: 'ws-demo' },
      startingApp: { id: 'app-demo-claims' },
      paramsExpected: 'policy / amount//',
      resultsExpected: ['decision'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const type = created.json<TypeView>();
    expect(type).toMatchObject({ id: 'Claims', description: 'Claims from the web', startingAppId: 'app-demo-claims', paramsExpected: 'policy/amount', resultsExpected: 'decision', casesState: [], activeCases: 0 });
    expect((await call('GET', '/cases-types/Claims', agent.headers)).json<TypeView>()._id).toBe(type._id);

    const state = await call('POST', `/cases-types/${type._id}/states`, admin.headers, { id: 'Received', description: 'Received', order: 1 });
    expect(state.statusCode, state.body).toBe(201);
    const received = state.json<StateView>();
    expect(received).toMatchObject({ id: 'Received', order: 1, hide: false, type: { id: 'Claims', _id: type._id } });
    await call('POST', '/cases-types/Claims/states', admin.headers, { id: 'Paid', description: 'Paid', order: 3 });
    await call('POST', '/cases-types/Claims/states', admin.headers, { id: 'Review', description: 'Review', order: 2 });
    const listed = (await call('GET', '/cases-states?type=Claims', agent.headers)).json<StateView[]>();
    expect(listed.map((s) => s.id)).toEqual(['Received', 'Review', 'Paid']);
    expect((await call('GET', `/cases-types/${type._id}/states`, agent.headers)).json<StateView[]>()).toEqual(listed);

    const patched = await call('PATCH', `/cases-states/${received._id}`, admin.headers, { type: { id: 'Claims' }, description: 'Received at the desk', hide: true });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<StateView>()).toMatchObject({ id: 'Received', description: 'Received at the desk', order: 1, hide: true });
    for (const path of [`/cases-states/${received._id}`, `/cases-states/${received._id}/`]) {
      expect((await call('GET', path, agent.headers)).json<StateView>()).toMatchObject({ description: 'Received at the desk', hide: true });
    }

    const edited = await call('PATCH', '/cases-types/Claims', admin.headers, { id: 'Claims', description: 'Web claims', workspace: { id: 'ws-demo' }, startingAppId: 'app-demo-onboarding' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<TypeView>()).toMatchObject({ description: 'Web claims', startingAppId: 'app-demo-onboarding', paramsExpected: 'policy/amount' });
  });

  it.each([
    ['a NORMAL user', 'agent', 'POST', '/cases-types', { id: 'AGENT1', description: 'x', startingApp: 'app-demo-claims' }, 403],
    ['a repeated ID, whatever its case', 'admin', 'POST', '/cases-types', { id: 'claim', description: 'x', startingApp: 'app-demo-claims' }, 409],
    ['the reserved TBD', 'admin', 'POST', '/cases-types', { id: 'tbd', description: 'x', startingApp: 'app-demo-claims' }, 400],
    ['no starting app', 'admin', 'POST', '/cases-types', { id: 'NOAPP', description: 'x' }, 400],
    ['an unknown starting app', 'admin', 'POST', '/cases-types', { id: 'NOAPP', description: 'x', startingApp: 'app-nope' }, 404],
    ['another workspace', 'admin', 'POST', '/cases-types', { id: 'OTHER', description: 'x', workspace: { id: 'ws-other' }, startingApp: 'app-demo-claims' }, 403],
    ['a blank description', 'admin', 'POST', '/cases-types', { id: 'BLANK', description: '  ', startingApp: 'app-demo-claims' }, 400],
    ['a new ID on edit', 'admin', 'PATCH', '/cases-types/CLAIM', { id: 'CLAIM2' }, 400],
    ['a state ID the type has', 'admin', 'POST', '/cases-types/CLAIM/states', { id: 'received', description: 'Again' }, 409],
    ['a state with order 1.5', 'admin', 'POST', '/cases-types/CLAIM/states', { id: 'HALF', description: 'Half', order: 1.5 }, 400],
    ['a state of another type', 'admin', 'PATCH', '/cases-states/cst-demo-claim-received', { type: { id: 'ONBOARDING' }, description: 'x' }, 404],
  ])('%s is refused with a 4xx and a message, nothing written', async (_label, who, method, url, payload, status) => {
    const before = await demoWorkspaceRev(t);
    const response = await call(method as 'POST' | 'PATCH', url, who === 'admin' ? admin.headers : agent.headers, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    expect(await demoWorkspaceRev(t)).toBe(before);
  });

  it('the mutations make what the replica predicted: a type with its states, then edits of both', async () => {
    const caseTypeId = `ct-${randomUUID()}`;
    const stateId = `cst-${randomUUID()}`;
    await applyAsAdmin('caseType.create', {
      caseTypeId,
      code: 'Outbox',
      description: 'Made offline',
      startingAppId: 'app-demo-claims',
      paramsExpected: 'a/b',
      states: [
        { stateId, key: 'Received', description: 'Received', order: 1 },
        { stateId: `cst-${randomUUID()}`, key: 'Paid', description: 'Paid', order: 2 },
      ],
    });
    await applyAsAdmin('caseState.update', { caseTypeId, stateId, description: 'Received', order: 1, hide: true });
    await applyAsAdmin('caseState.create', { caseTypeId, stateId: `cst-${randomUUID()}`, key: 'Review', description: 'Review', order: 2 });
    await applyAsAdmin('caseType.update', { caseTypeId, description: 'Made offline, edited', startingAppId: 'app-demo-onboarding', resultsExpected: 'x' });
    const view = (await call('GET', `/cases-types/${caseTypeId}`, agent.headers)).json<TypeView>();
    expect(view.casesState.map((s) => [s.case_state_id, s.hide])).toEqual([
      ['Received', true],
      ['Paid', false],
      ['Review', false],
    ]);
  });

  it.each([
    ['a NORMAL user', 'agent', 'caseType.create', { caseTypeId: 'ct-agent-12345', code: 'AGENT', description: 'x', startingAppId: 'app-demo-claims' }, 'forbidden'],
    ['a repeated ID', 'admin', 'caseType.create', { caseTypeId: 'ct-dup-123456', code: 'CLAIM', description: 'x', startingAppId: 'app-demo-claims' }, 'already-exists'],
    ['a repeated state ID', 'admin', 'caseState.create', { caseTypeId: 'ct-demo-claim', stateId: 'cst-dup-12345', key: 'REVIEW', description: 'x' }, 'already-exists'],
    ['a state of TBD', 'admin', 'caseState.create', { caseTypeId: 'ct-demo-tbd', stateId: 'cst-tbd-12345', key: 'X', description: 'x' }, 'not-found'],
    ['a missing description', 'admin', 'caseState.update', { caseTypeId: 'ct-demo-claim', stateId: 'cst-demo-claim-received', description: '', order: 1 }, 'invalid-args'],
  ])('%s is rejected with its reason, nothing written', async (_label, who, name, args, code) => {
    const before = await demoWorkspaceRev(t);
    const [outcome] = await send(who === 'admin' ? admin.headers : agent.headers, name, args);
    expect(outcome).toMatchObject({ status: 'rejected', code });
    expect(await demoWorkspaceRev(t)).toBe(before);
  });
});
