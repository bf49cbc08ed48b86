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
const SERVER_STAMPS = new Set(['rev', 'updatedAt', 'claimedAt']);
const HOUR = 3_600_000;

describe.each(backends)('the ticket form through /sync/mutations on %s', (backend) => {
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

  const send = (headers: { authorization: string }, mutations: SentMutation[]) => pushMutations(t, headers, 'client-form', mutations);
  const one = async (headers: { authorization: string }, name: string, args: unknown) => (await send(headers, [{ id: randomUUID(), name, args }]))[0]!;
  const workspaceRev = () => demoWorkspaceRev(t);
  const ticketRow = (id: string) => t.handle.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
  const serverDocs = async (collection: 'tickets' | 'config' | 'cases', ids: string[]): Promise<ReplicaDoc[]> => {
    const response = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: admin.headers, payload: { collection, ids } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ documents: ReplicaDoc[] }>().documents;
  };
  /** What the admin's replica would show: the definition applied to the server's documents it reads. */
  const predict = async (name: string, args: unknown): Promise<DocWrite[]> => {
    const definition = mutationDefinition(name)!;
    const parsed = definition.args.parse(args);
    const docs = new Map<string, ReplicaDoc>();
    for (const ref of definition.reads(parsed, adminActor)) for (const doc of await serverDocs(ref.collection as 'tickets', [ref.id])) docs.set(doc.id, doc);
    return definition.apply(parsed, docs, adminActor, Date.now());
  };
  const expectServerAgrees = async (predicted: DocWrite[]) => {
    for (const write of predicted) {
      const [pulled] = await serverDocs('tickets', [write.doc.id]);
      const fields = Object.keys(write.doc).filter((k) => !SERVER_STAMPS.has(k));
      expect(Object.fromEntries(fields.map((k) => [k, pulled?.[k]]))).toEqual(Object.fromEntries(fields.map((k) => [k, write.doc[k]])));
    }
  };

  const createdAt = Date.now() - HOUR;
  const createArgs = (change: Record<string, unknown> = {}) => ({
    ticketId: `tkt-form-${randomUUID()}`,
    caseId: 'case-demo-0001',
    status: 'assigned',
    description: 'Call the customer back',
    createdAt,
    dueAt: createdAt + 24 * HOUR,
    teamId: 'team-demo-claims',
    assigneeMemberId: 'mbr-demo-maria',
    ...change,
  });

  it('an admin creates a ticket for a case, assigned to a team member; the replica prediction matches the stored ticket', async () => {
    const args = createArgs();
    const predicted = await predict('ticket.create', args);
    const mutation = { id: randomUUID(), name: 'ticket.create', args };
    const [outcome] = await send(admin.headers, [mutation]);
    expect(outcome).toEqual({ id: mutation.id, status: 'applied', result: { ticketId: args.ticketId, status: 'assigned' } });
    expect(await ticketRow(args.ticketId)).toMatchObject({
      workspace_id: 'ws-demo',
      case_id: 'case-demo-0001',
      operation: 'case-demo-0001',
      instance_id: null,
      team_id: 'team-demo-claims',
      assignee_member_id: 'mbr-demo-maria',
      assignee_user_id: null,
      status: 'assigned',
      state: 'open',
      template: '',
      sla_seconds: 24 * 3600,
    });
    await expectServerAgrees(predicted);
    const rev = (await ticketRow(args.ticketId))!.rev;
    expect(await send(admin.headers, [mutation])).toEqual([outcome]);
    expect((await ticketRow(args.ticketId))!.rev).toBe(rev);
  });

  it("a ticket without a case shows its own id as Case ID and, unassigned, waits for an operator; the team's agent pulls it", async () => {
    const args = createArgs({ caseId: null, status: 'unassigned', assigneeMemberId: 'mbr-demo-nico' });
    expect(await one(admin.headers, 'ticket.create', args)).toMatchObject({ status: 'applied' });
    expect(await ticketRow(args.ticketId)).toMatchObject({ operation: args.ticketId, status: 'unassigned', assignee_member_id: null, assignee_user_id: null, claimed_at: null });
    const pulled = await t.app.inject({ method: 'POST', url: '/sync/docs', headers: agent.headers, payload: { collection: 'tickets', ids: [args.ticketId] } });
    expect(pulled.json<{ documents: ReplicaDoc[] }>().documents.map((d) => d.id)).toEqual([args.ticketId]);
  });

  it.each([
    ['a due date before the created date', { dueAt: createdAt - HOUR }, 'dueAt: The due date must be after the created date'],
    ['an empty description', { description: '  ' }, 'description: Description is required'],
    ['no team', { teamId: undefined }, 'teamId'],
    ['assigned with nobody to assign', { assigneeMemberId: null }, 'assigneeMemberId: Pick who the ticket is assigned to'],
  ])('a malformed create (%s) is rejected as invalid-args and writes nothing', async (_label, change, message) => {
    const args = createArgs(change);
    const before = await workspaceRev();
    const outcome = await one(admin.headers, 'ticket.create', args);
    expect(outcome).toMatchObject({ status: 'rejected', code: 'invalid-args' });
    expect((outcome as { message: string }).message).toContain(message);
    expect(await ticketRow(args.ticketId)).toBeUndefined();
    expect(await workspaceRev()).toBe(before);
  });

  it.each([
    ['an assignee outside the team', { assigneeMemberId: 'mbr-demo-lena' }, 'not-team-member', "The assignee is not a member of the ticket's team"],
    ['an unknown team', { teamId: 'team-nowhere' }, 'unknown-team', 'That team does not exist'],
    ['an unknown case', { caseId: 'case-nowhere' }, 'unknown-case', 'That case does not exist'],
    ['an unknown member', { assigneeMemberId: 'mbr-nowhere' }, 'unknown-member', 'That member does not exist'],
  ])('a create with %s is refused by the service and writes nothing', async (_label, change, code, message) => {
    const args = createArgs(change);
    const before = await workspaceRev();
    expect(await one(admin.headers, 'ticket.create', args)).toMatchObject({ status: 'rejected', code, message });
    expect(await ticketRow(args.ticketId)).toBeUndefined();
    expect(await workspaceRev()).toBe(before);
  });

  it('a second create with a taken ticket id is refused as already-exists', async () => {
    const args = createArgs();
    expect(await one(admin.headers, 'ticket.create', args)).toMatchObject({ status: 'applied' });
    expect(await one(admin.headers, 'ticket.create', { ...args, description: 'Another' })).toMatchObject({ status: 'rejected', code: 'already-exists' });
    expect((await ticketRow(args.ticketId))!.description).toBe('Call the customer back');
  });

  it('a NORMAL user can neither create nor update a ticket: forbidden, and nothing changes', async () => {
    const args = createArgs({ assigneeMemberId: 'mbr-demo-nico' });
    const before = await workspaceRev();
    expect(await one(agent.headers, 'ticket.create', args)).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await ticketRow(args.ticketId)).toBeUndefined();
    const existing = await t.handle.db.selectFrom('tickets').selectAll().where('team_id', '=', 'team-demo-claims').where('state', '=', 'open').orderBy('id').executeTakeFirstOrThrow();
    const update = { ticketId: existing.id, status: 'unassigned', description: 'Hijacked', dueAt: existing.due_at.getTime(), teamId: 'team-demo-field', assigneeMemberId: null };
    expect(await one(agent.headers, 'ticket.update', update)).toMatchObject({ status: 'rejected', code: 'forbidden' });
    expect(await ticketRow(existing.id)).toEqual(existing);
    expect(await workspaceRev()).toBe(before);
  });

  it("an admin moves a ticket to another team with nobody assigned: it waits for an operator, as the replica predicted", async () => {
    const args = createArgs({ assigneeMemberId: 'mbr-demo-nico' });
    await one(admin.headers, 'ticket.create', args);
    const update = { ticketId: args.ticketId, status: 'unassigned', description: 'Site visit needed', dueAt: createdAt + 48 * HOUR, teamId: 'team-demo-field', assigneeMemberId: null };
    const predicted = await predict('ticket.update', update);
    expect(await one(admin.headers, 'ticket.update', update)).toMatchObject({ status: 'applied', result: { status: 'unassigned' } });
    expect(await ticketRow(args.ticketId)).toMatchObject({
      team_id: 'team-demo-field',
      status: 'unassigned',
      assignee_member_id: null,
      assignee_user_id: null,
      claimed_at: null,
      description: 'Site visit needed',
      sla_seconds: 48 * 3600,
    });
    await expectServerAgrees(predicted);
  });

  it('an update that keeps the assignee keeps the claim time; a new assignee must be in the new team', async () => {
    const args = createArgs({ assigneeMemberId: 'mbr-demo-nico' });
    await one(admin.headers, 'ticket.create', args);
    const claimedAt = (await ticketRow(args.ticketId))!.claimed_at;
    const keep = { ticketId: args.ticketId, status: 'assigned', description: 'Still Nico', dueAt: args.dueAt, teamId: 'team-demo-field', assigneeMemberId: 'mbr-demo-nico' };
    expect(await one(admin.headers, 'ticket.update', keep)).toMatchObject({ status: 'applied' });
    expect(await ticketRow(args.ticketId)).toMatchObject({ team_id: 'team-demo-field', assignee_user_id: agent.userId, claimed_at: claimedAt });
    const outsider = { ...keep, assigneeMemberId: 'mbr-demo-ada' };
    expect(await one(admin.headers, 'ticket.update', outsider)).toMatchObject({ status: 'rejected', code: 'not-team-member' });
    expect((await ticketRow(args.ticketId))!.assignee_member_id).toBe('mbr-demo-nico');
  });

  it('an update with a due date before the ticket was created is refused and changes nothing', async () => {
    const args = createArgs();
    await one(admin.headers, 'ticket.create', args);
    const before = await ticketRow(args.ticketId);
    const update = { ticketId: args.ticketId, status: 'unassigned', description: 'Too early', dueAt: createdAt - HOUR, teamId: 'team-demo-claims', assigneeMemberId: null };
    expect(await one(admin.headers, 'ticket.update', update)).toMatchObject({ status: 'rejected', code: 'invalid-due-date', message: 'The due date must be after the created date' });
    expect(await ticketRow(args.ticketId)).toEqual(before);
  });

  it('a closed ticket cannot be updated', async () => {
    const args = createArgs();
    await one(admin.headers, 'ticket.create', args);
    expect(await one(admin.headers, 'ticket.cancel', { ticketId: args.ticketId })).toMatchObject({ status: 'applied' });
    const update = { ticketId: args.ticketId, status: 'unassigned', description: 'Later', dueAt: args.dueAt, teamId: 'team-demo-claims', assigneeMemberId: null };
    expect(await one(admin.headers, 'ticket.update', update)).toMatchObject({ status: 'rejected', code: 'ticket-closed' });
  });
});
