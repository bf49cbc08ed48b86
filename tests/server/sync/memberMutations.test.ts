import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { DocWrite, MutationActor } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Fields the optimistic apply cannot know: the server's revision and clock. */
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

describe.each(backends)('member mutations through /sync/mutations on %s', (backend) => {
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

  const send = (headers: { authorization: string }, mutations: SentMutation[]) => pushMutations(t, headers, 'client-members', mutations);
  const workspaceRev = () => demoWorkspaceRev(t);
  const memberRow = (id: string) => t.handle.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  const linksOf = (memberId: string) => t.handle.db.selectFrom('team_members').select(['id', 'deleted']).where('member_id', '=', memberId).orderBy('id').execute();

  const serverDocs = async (ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };

  /** Predicts from the server's documents, sends as the admin, and expects the server to agree with the prediction. */
  const applyAsAdmin = async (name: string, args: unknown): Promise<DocWrite[]> => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs([ref.id])) docs.set(doc.id, doc);
    const predicted = definition.apply(parsed, docs, adminActor, Date.now());
    const mutation = { id: randomUUID(), name, args };
    const [outcome] = await send(admin.headers, [mutation]);
    expect(outcome, JSON.stringify(outcome)).toMatchObject({ id: mutation.id, status: 'applied' });
    for (const write of predicted) {
      const [pulled] = await serverDocs([write.doc.id]);
      const fields = Object.keys(write.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled?.[k]])), write.doc.id).toEqual(Object.fromEntries(fields.map((k) => [k, write.doc[k]])));
    }
    const before = await workspaceRev();
    expect(await send(admin.headers, [mutation])).toEqual([outcome]);
    expect(await workspaceRev()).toBe(before);
    return predicted;
  };

  const memberId = `mbr-${randomUUID()}`;
  const createArgs = { memberId, name: 'Night Owl', email: 'night.owl@demo.local', slackLink: 'U0NIGHT01' };

  it('member.create, member.update and team.addMember: the server stores what the replica showed', async () => {
    await applyAsAdmin('member.create', createArgs);
    expect(await memberRow(memberId)).toMatchObject({ workspace_id: 'ws-demo', name: 'Night Owl', email: 'night.owl@demo.local', slack_link: 'U0NIGHT01', user_id: null, deleted: false });
    await applyAsAdmin('member.update', { ...createArgs, name: 'Night Owl 2', slackLink: '' });
    expect(await memberRow(memberId)).toMatchObject({ name: 'Night Owl 2', slack_link: null });
    await applyAsAdmin('team.addMember', { teamId: 'team-demo-claims', memberId, linkId: `tml-${randomUUID()}` });
  });

  it('member.delete tombstones the member and every live link, including those the replica did not list', async () => {
    await applyAsAdmin('team.addMember', { teamId: 'team-demo-field', memberId, linkId: `tml-${randomUUID()}` });
    const links = await linksOf(memberId);
    expect(links.filter((l) => !l.deleted)).toHaveLength(2);
    const predicted = await applyAsAdmin('member.delete', { memberId, linkIds: [links[0]!.id] });
    expect(predicted.map((w) => w.doc.deleted)).toEqual([true, true]);
    expect(await memberRow(memberId)).toMatchObject({ deleted: true });
    expect((await linksOf(memberId)).every((l) => l.deleted)).toBe(true);
  });

  it('an e-mail taken by another live member is rejected with a message and writes nothing', async () => {
    const before = await workspaceRev();
    const [outcome] = await send(admin.headers, [{ id: randomUUID(), name: 'member.create', args: { ...createArgs, memberId: `mbr-${randomUUID()}`, email: 'Maria.Lopez@demo.local' } }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'email-taken', message: 'A member with this e-mail already exists' });
    expect(await workspaceRev()).toBe(before);
  });

  it('a member linked to a user account is not deleted', async () => {
    const before = await workspaceRev();
    const [outcome] = await send(admin.headers, [{ id: randomUUID(), name: 'member.delete', args: { memberId: 'mbr-demo-nico', linkIds: [] } }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'member-has-user', message: 'This member is linked to a user account and cannot be deleted' });
    expect(await workspaceRev()).toBe(before);
    expect(await memberRow('mbr-demo-nico')).toMatchObject({ deleted: false });
  });

  it.each([
    ['member.create', () => ({ ...createArgs, memberId: `mbr-${randomUUID()}`, email: `x-${randomUUID()}@demo.local` })],
    ['member.update', () => ({ memberId: 'mbr-demo-maria', name: 'Mine now', email: 'maria.lopez@demo.local', slackLink: null })],
    ['member.delete', () => ({ memberId: 'mbr-demo-maria', linkIds: [] })],
  ])('a NORMAL agent: %s is rejected as forbidden and nothing changes', async (name, args) => {
    const before = await workspaceRev();
    const maria = await memberRow('mbr-demo-maria');
    const [outcome] = await send(agent.headers, [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await workspaceRev()).toBe(before);
    expect(await memberRow('mbr-demo-maria')).toEqual(maria);
  });

  it.each([
    ['member.create without a name', 'member.create', { ...createArgs, memberId: `mbr-${randomUUID()}`, name: ' ' }],
    ['member.create with a bad e-mail', 'member.create', { ...createArgs, memberId: `mbr-${randomUUID()}`, email: 'nope' }],
    ['member.create with a malformed id', 'member.create', { ...createArgs, memberId: 'a b' }],
    ['member.update with a script as Slack link', 'member.update', { ...createArgs, memberId: 'mbr-demo-maria', slackLink: 'javascript:alert(1)' }],
    ['member.delete with a malformed link id', 'member.delete', { memberId: 'mbr-demo-maria', linkIds: ['../x'] }],
  ])('%s is rejected as invalid-args with a message and writes nothing', async (_label, name, args) => {
    const before = await workspaceRev();
    const [outcome] = await send(admin.headers, [{ id: randomUUID(), name, args }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((outcome as { message: string }).message.length).toBeGreaterThan(5);
    expect(await workspaceRev()).toBe(before);
  });

  it('an update or delete of an unknown member is not-found', async () => {
    const results = await send(admin.headers, [
      { id: randomUUID(), name: 'member.update', args: { ...createArgs, memberId: 'mbr-nobody' } },
      { id: randomUUID(), name: 'member.delete', args: { memberId: 'mbr-nobody', linkIds: [] } },
    ]);
    expect(results).toMatchObject([
      { status: 'rejected', code: 'not-found', message: 'Member not found' },
      { status: 'rejected', code: 'not-found', message: 'Member not found' },
    ]);
  });
});
