import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mutationDefinition } from '../../../src/domain/mutations/registry.ts';
import type { DocWrite, MutationActor } from '../../../src/domain/mutations/types.ts';
import type { MutationOutcome, PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { testBackends } from '../helpers/databases.ts';
import { demoWorkspaceRev, pushMutations, type SentMutation } from '../helpers/mutationClient.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();

/** Fields the optimistic apply cannot know: the server's revision and clock. */
const SERVER_STAMPS = new Set(['rev', 'createdAt', 'updatedAt']);

describe.each(backends)('team mutations through /sync/mutations on %s', (backend) => {
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
  const teamRow = (id: string) => t.handle.db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
  const linksOf = (teamId: string) => t.handle.db.selectFrom('team_members').selectAll().where('team_id', '=', teamId).orderBy('created_at').orderBy('id').execute();

  /** The server's current documents, as the worker fetches them. */
  const serverDocs = async (ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection: 'config', ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };

  /** The config collection pulled page by page from a checkpoint, as the worker does; answers the documents and where it ended. */
  const pullConfig = async (from?: PullResponse['checkpoint']) => {
    const docs: ReplicaDoc[] = [];
    let checkpoint = from;
    for (let page = 0; page < 100; page += 1) {
      const query = new URLSearchParams({ collection: 'config', limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      const response = await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers: admin.headers });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PullResponse>();
      docs.push(...body.documents);
      checkpoint = body.checkpoint;
      if (body.documents.length < 500) break;
    }
    return { docs, checkpoint: checkpoint! };
  };

  /** What the replica would show: the definition applied to the server's documents it reads. */
  const predict = async (name: string, args: unknown): Promise<DocWrite[]> => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs([ref.id])) docs.set(doc.id, doc);
    return definition.apply(parsed, docs, adminActor, Date.now());
  };

  /**
   * Predicts, sends as the admin, expects it applied and the server's documents to agree with the prediction on every
   * field it sets (the server's stamps aside), then sends the same mutation id again: the stored outcome comes back.
   */
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

  const teamId = `team-${randomUUID()}`;
  const createArgs = {
    teamId,
    name: 'Night Shift',
    engineId: 'eng-demo-main',
    color: 'color4',
    lightYellow: 60,
    lightRed: 70,
    notifyChannels: ['slack', 'email'],
    webhookEmail: 'night@demo.local',
    slackLink: 'https://slack.example.com/archives/night',
  };
  const fullUpdate = (changes: Record<string, unknown>) => ({ ...createArgs, ...changes });

  it('team.create makes the team with the client id; a taken id is rejected as already-exists', async () => {
    const { outcome } = await applyAsAdmin('team.create', createArgs);
    expect(outcome).toMatchObject({ result: { id: teamId, engine: { id: 'eng-demo-main' }, notifyChannels: 'email,slack', humans: [], colorTeam: 'color4' } });
    expect(await teamRow(teamId)).toMatchObject({ workspace_id: 'ws-demo', name: 'Night Shift', light_yellow: 60, light_red: 70, notify_channels: 'email,slack', is_active: true, deleted: false });

    const before = await workspaceRev();
    const [again] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'team.create', args: { ...createArgs, teamId: 'team-demo-claims' } }]);
    expect(again).toMatchObject({ status: 'rejected', code: 'already-exists', message: 'A team with this id already exists' });
    expect(await workspaceRev()).toBe(before);
    expect((await teamRow('team-demo-claims'))?.name).toBe('Claims Desk');
  });

  it('team.update normalises the thresholds: red 120 is stored as 75, an empty yellow as 50', async () => {
    const { predicted } = await applyAsAdmin('team.update', fullUpdate({ name: 'Night Shift 2', lightRed: 120, lightYellow: '', engineId: null, webhookEmail: '' }));
    expect(predicted[0]!.doc).toMatchObject({ lightRed: 75, lightYellow: 50 });
    const row = await teamRow(teamId);
    expect(row).toMatchObject({ name: 'Night Shift 2', light_red: 75, light_yellow: 50, engine_id: null, webhook_email: null });
    expect(Number(row!.rev)).toBe(await workspaceRev());
  });

  it('team.addMember links a member; team.removeMember tombstones the link (the pull shows it); re-adding works', async () => {
    const { checkpoint } = await pullConfig();
    const linkId = `tml-${randomUUID()}`;
    const { outcome } = await applyAsAdmin('team.addMember', { teamId, memberId: 'mbr-demo-sam', linkId });
    expect(outcome).toMatchObject({ result: { id: linkId, teamId, memberId: 'mbr-demo-sam', deleted: false } });
    const added = (await linksOf(teamId)).find((l) => l.id === linkId)!;
    await applyAsAdmin('team.removeMember', { teamId, linkId });
    const removed = (await linksOf(teamId)).find((l) => l.id === linkId)!;
    expect(removed).toMatchObject({ deleted: true, created_at: added.created_at });
    expect(Number(removed.rev)).toBeGreaterThan(Number(added.rev));
    expect(removed.updated_at.getTime()).toBeGreaterThanOrEqual(added.updated_at.getTime());

    const pulled = (await pullConfig(checkpoint)).docs.filter((d) => d.id === linkId);
    expect(pulled).toMatchObject([{ kind: 'teamMember', teamId, memberId: 'mbr-demo-sam', deleted: true }]);

    const relinkId = `tml-${randomUUID()}`;
    await applyAsAdmin('team.addMember', { teamId, memberId: 'mbr-demo-sam', linkId: relinkId });
    expect((await linksOf(teamId)).map((l) => [l.id, l.deleted])).toEqual([
      [linkId, true],
      [relinkId, false],
    ]);
  });

  it('adding a member already in the team is a success that writes nothing; a taken link id is already-exists', async () => {
    const before = await linksOf(teamId);
    const spare = `tml-${randomUUID()}`;
    const [noop] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'team.addMember', args: { teamId, memberId: 'mbr-demo-sam', linkId: spare } }]);
    expect(noop).toMatchObject({ status: 'applied', result: { id: before.find((l) => !l.deleted)!.id, memberId: 'mbr-demo-sam' } });
    expect(await linksOf(teamId)).toEqual(before);

    const [taken] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name: 'team.addMember', args: { teamId, memberId: 'mbr-demo-lena', linkId: before[0]!.id } }]);
    expect(taken).toMatchObject({ status: 'rejected', code: 'already-exists' });
    expect(await linksOf(teamId)).toEqual(before);
  });

  it('removing a link already gone, or one of another team, is a success that changes nothing', async () => {
    const before = await linksOf(teamId);
    const claimsBefore = await linksOf('team-demo-claims');
    const results = await send(admin.headers, 'client-admin', [
      { id: randomUUID(), name: 'team.removeMember', args: { teamId, linkId: before[0]!.id } },
      { id: randomUUID(), name: 'team.removeMember', args: { teamId, linkId: `tml-${randomUUID()}` } },
      { id: randomUUID(), name: 'team.removeMember', args: { teamId, linkId: claimsBefore[0]!.id } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await linksOf(teamId)).toEqual(before);
    expect(await linksOf('team-demo-claims')).toEqual(claimsBefore);
  });

  it.each([
    ['team.create', () => ({ ...createArgs, teamId: `team-${randomUUID()}` })],
    ['team.update', () => fullUpdate({ teamId: 'team-demo-claims', name: 'Mine now' })],
    ['team.addMember', () => ({ teamId: 'team-demo-claims', memberId: 'mbr-demo-sam', linkId: `tml-${randomUUID()}` })],
    ['team.removeMember', () => ({ teamId: 'team-demo-claims', linkId: 'tm-demo-claims-ada' })],
  ])('a NORMAL agent: %s is rejected as forbidden and nothing changes', async (name, args) => {
    const before = await workspaceRev();
    const claims = await teamRow('team-demo-claims');
    const [outcome] = await send(agent.headers, 'client-agent', [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await workspaceRev()).toBe(before);
    expect(await teamRow('team-demo-claims')).toEqual(claims);
    expect((await linksOf('team-demo-claims')).filter((l) => !l.deleted)).toHaveLength(3);
  });

  it.each([
    ['team.update of an unknown team', 'team.update', () => fullUpdate({ teamId: 'team-nowhere' }), 'Team not found'],
    ['team.addMember to an unknown team', 'team.addMember', () => ({ teamId: 'team-nowhere', memberId: 'mbr-demo-sam', linkId: `tml-${randomUUID()}` }), 'Team not found'],
    ['team.addMember of an unknown member', 'team.addMember', () => ({ teamId, memberId: 'mbr-nobody', linkId: `tml-${randomUUID()}` }), 'Member not found'],
    ['team.removeMember from an unknown team', 'team.removeMember', () => ({ teamId: 'team-nowhere', linkId: 'tm-demo-claims-ada' }), 'Team not found'],
    ['team.create on an unknown engine', 'team.create', () => ({ ...createArgs, teamId: `team-${randomUUID()}`, engineId: 'eng-nowhere' }), 'Engine not found'],
  ])('%s is rejected as not-found and writes nothing', async (_label, name, args, message) => {
    const before = await workspaceRev();
    const [outcome] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name, args: args() }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'not-found', message });
    expect(await workspaceRev()).toBe(before);
  });

  it.each([
    ['team.create without a name', 'team.create', { ...createArgs, teamId: `team-${randomUUID()}`, name: '  ' }],
    ['team.create with a 101-character name', 'team.create', { ...createArgs, teamId: `team-${randomUUID()}`, name: 'n'.repeat(101) }],
    ['team.create with an unknown colour', 'team.create', { ...createArgs, teamId: `team-${randomUUID()}`, color: 'purple' }],
    ['team.create with a malformed id', 'team.create', { ...createArgs, teamId: 'a b' }],
    ['team.create with an unknown channel', 'team.create', { ...createArgs, teamId: `team-${randomUUID()}`, notifyChannels: ['fax'] }],
    ['team.update with a bad e-mail', 'team.update', fullUpdate({ webhookEmail: 'not-an-address' })],
    ['team.addMember without a link id', 'team.addMember', { teamId, memberId: 'mbr-demo-lena' }],
    ['team.removeMember without a link id', 'team.removeMember', { teamId }],
  ])('%s is rejected as invalid-args with a message and writes nothing', async (_label, name, args) => {
    const before = await workspaceRev();
    const teamBefore = await teamRow(teamId);
    const [outcome] = await send(admin.headers, 'client-admin', [{ id: randomUUID(), name, args }]);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((outcome as { message: string }).message.length).toBeGreaterThan(5);
    expect(await workspaceRev()).toBe(before);
    expect(await teamRow(teamId)).toEqual(teamBefore);
  });
});
