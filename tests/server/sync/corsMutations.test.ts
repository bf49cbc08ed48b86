import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import { testBackends } from '../helpers/databases.ts';
import { pushMutations } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Fields the optimistic apply cannot know: the server's revision and clock. */
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

describe.each(backends)('CORS origin mutations through /sync/mutations on %s', (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;
  let adminActor: MutationActor;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    adminActor = { userId: admin.userId, memberId: 'mbr-demo-ada', role: 'ADMIN', name: 'Ada Admin' };
    await withWorkspaceWrite(t.handle.db, 'ws-demo', (tx, rev) =>
      tx.insertInto('cors_origins').values({ id: 'cors-global-1', workspace_id: null, origin: 'https://global.example', rev }).execute(),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const serverDocs = async (ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };
  const allowedOrigin = async (origin: string) =>
    (await t.app.inject({ method: 'OPTIONS', url: '/sync/pull', headers: { origin, 'access-control-request-method': 'GET' } })).headers['access-control-allow-origin'];
  const send = (headers: { authorization: string }, name: string, args: unknown) => pushMutations(t, headers, 'client-cors', [{ id: randomUUID(), name, args }]);

  /** Applies as the admin and checks the server's document agrees with the replica's prediction on every field it sets. */
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

  it('an origin made offline is allowed at the preflight right after it reaches the server, and refused right after its delete', async () => {
    const id = `cors-${randomUUID()}`;
    expect(await allowedOrigin('https://outbox.example')).toBeUndefined();
    await applyAsAdmin('cors.create', { id, origin: 'https://Outbox.example/', description: 'From the outbox' });
    expect(await allowedOrigin('https://outbox.example')).toBe('https://outbox.example');
    await applyAsAdmin('cors.update', { id, origin: 'https://outbox.example', description: 'Paused', active: false });
    expect(await allowedOrigin('https://outbox.example')).toBeUndefined();
    await applyAsAdmin('cors.update', { id, origin: 'https://outbox.example', description: null, active: true });
    expect(await allowedOrigin('https://outbox.example')).toBe('https://outbox.example');
    await applyAsAdmin('cors.delete', { id });
    expect(await allowedOrigin('https://outbox.example')).toBeUndefined();
    // A second delete of the same origin (another tab's) is a success that changes nothing.
    const row = () => t.handle.db.selectFrom('cors_origins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const before = await row();
    expect((await send(admin.headers, 'cors.delete', { id }))[0]).toMatchObject({ status: 'applied' });
    expect(await row()).toEqual(before);
  });

  it.each([
    ['a NORMAL user creating', 'agent', 'cors.create', { id: 'cors-agent-1234', origin: 'https://agent.example' }, 'forbidden', 'You do not have permission to perform this action'],
    ['an admin editing a global origin', 'admin', 'cors.update', { id: 'cors-global-1', origin: 'https://x.example' }, 'global-origin', 'Global origins are read-only'],
    ['an admin deleting a global origin', 'admin', 'cors.delete', { id: 'cors-global-1' }, 'global-origin', 'Global origins cannot be deleted'],
    ['an admin adding a global origin again', 'admin', 'cors.create', { id: 'cors-dup-12345', origin: 'https://global.example' }, 'already-exists', 'This origin already exists'],
    ['an admin adding an invalid URL', 'admin', 'cors.create', { id: 'cors-bad-12345', origin: 'not a url' }, 'invalid-args', 'origin: Please enter a valid URL'],
  ])('%s is rejected with its reason, nothing written', async (_label, who, name, args, code, message) => {
    const before = await t.handle.db.selectFrom('cors_origins').selectAll().orderBy('id').execute();
    const [outcome] = await send(who === 'admin' ? admin.headers : agent.headers, name, args);
    expect(outcome).toMatchObject({ status: 'rejected', code, message });
    expect(await t.handle.db.selectFrom('cors_origins').selectAll().orderBy('id').execute()).toEqual(before);
  });
});
