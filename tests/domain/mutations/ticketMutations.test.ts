import { describe, expect, it } from 'vitest';
import { MUTATIONS } from '../../../src/domain/mutations/registry.ts';
import { createTicket, createTicketArgs, TICKET_MUTATIONS, updateTicket, updateTicketArgs } from '../../../src/domain/mutations/ticketMutations.ts';
import { MutationRefused, type MutationActor, type MutationDefinition } from '../../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';

const admin: MutationActor = { userId: 'usr-admin', memberId: 'mbr-ada', role: 'ADMIN', name: 'Ada Admin' };
const opsAdmin: MutationActor = { ...admin, role: 'OPS-ADMIN' };
const agent: MutationActor = { userId: 'usr-agent', memberId: 'mbr-nico', role: 'NORMAL', name: 'Nico Agent' };
const NOW = Date.UTC(2026, 2, 10, 12, 0);
const HOUR = 3_600_000;
const stamps = { rev: 4, deleted: false, workspaceId: 'ws-1', createdAt: 1000, updatedAt: 1000 };

const team = (id: string): ReplicaDoc => ({ id, kind: 'team', ...stamps, engineId: null, name: id, color: 'color1', lightYellow: 50, lightRed: 75 });
const member = (id: string, userId: string | null): ReplicaDoc => ({ id, kind: 'member', ...stamps, name: id, email: `${id}@x.test`, slackLink: null, userId });
const claims = team('team-claims');
const field = team('team-field');
const nico = member('mbr-nico', 'usr-agent');
const maria = member('mbr-maria', null);
const aCase: ReplicaDoc = { id: 'case-1', kind: 'case', ...stamps, caseTypeId: 'ct-1', stateId: null, status: 'CREATED', description: 'A claim' };
const ticket: ReplicaDoc = {
  id: 'tkt-0001',
  kind: 'ticket',
  ...stamps,
  createdAt: NOW - 10 * HOUR,
  caseId: 'case-1',
  instanceId: 'ins-1',
  stageKey: 'review',
  operation: 'case-1',
  description: 'Review the claim',
  teamId: 'team-claims',
  assigneeMemberId: 'mbr-nico',
  assigneeUserId: 'usr-agent',
  status: 'assigned',
  state: 'open',
  slaSeconds: 20 * 3600,
  dueAt: NOW + 10 * HOUR,
  claimedAt: NOW - 5 * HOUR,
};
const closed: ReplicaDoc = { ...ticket, id: 'tkt-closed', state: 'resolved', exit: 'approved' };

const replica = new Map([claims, field, nico, maria, aCase, ticket, closed].map((d) => [d.id, d]));

/** As the worker runs a mutation: parse the args, read the documents it names, apply. */
function run<A>(definition: MutationDefinition<A>, rawArgs: unknown, actor: MutationActor = admin, docs: ReadonlyMap<string, ReplicaDoc> = replica) {
  const args = definition.args.parse(rawArgs);
  const read = new Map(definition.reads(args, actor).flatMap((r) => (docs.has(r.id) ? [[r.id, docs.get(r.id)!] as const] : [])));
  return definition.apply(args, read, actor, NOW);
}
function refusal<A>(definition: MutationDefinition<A>, rawArgs: unknown, actor: MutationActor = admin, docs?: ReadonlyMap<string, ReplicaDoc>) {
  try {
    run(definition, rawArgs, actor, docs);
  } catch (error) {
    if (error instanceof MutationRefused) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}
const firstIssue = (schema: typeof createTicketArgs | typeof updateTicketArgs, args: unknown) => {
  const parsed = schema.safeParse(args);
  return parsed.success ? null : { path: parsed.error.issues[0]!.path.join('.'), message: parsed.error.issues[0]!.message };
};

const created = NOW - HOUR;
const createArgs = {
  ticketId: 'tkt-new-0001',
  caseId: 'case-1',
  status: 'assigned',
  description: '  Call the customer back  ',
  createdAt: created,
  dueAt: created + 24 * HOUR,
  teamId: 'team-claims',
  assigneeMemberId: 'mbr-nico',
};
const updateArgs = { ticketId: 'tkt-0001', status: 'assigned', description: 'Review again', dueAt: NOW + 20 * HOUR, teamId: 'team-claims', assigneeMemberId: 'mbr-nico' };

it('ticket.create and ticket.update are registered by name with the other ticket mutations', () => {
  expect(TICKET_MUTATIONS.map((m) => m.name)).toEqual(expect.arrayContaining(['ticket.create', 'ticket.update']));
  expect(MUTATIONS.get('ticket.create')).toBe(createTicket);
  expect(MUTATIONS.get('ticket.update')).toBe(updateTicket);
});

describe('ticket form arguments', () => {
  it.each([
    ['an empty description', { description: '   ' }, 'description', 'Description is required'],
    ['a description of 501 characters', { description: 'x'.repeat(501) }, 'description', 'The description must have 500 characters at most'],
    ['a due date before the created date', { dueAt: created - 1 }, 'dueAt', 'The due date must be after the created date'],
    ['a due date equal to the created date', { dueAt: created }, 'dueAt', 'The due date must be after the created date'],
    ['a due date more than ten years out', { dueAt: created + 3651 * 24 * HOUR }, 'dueAt', 'The due date must be at most 10 years after the created date'],
    ['assigned with nobody to assign', { assigneeMemberId: null }, 'assigneeMemberId', 'Pick who the ticket is assigned to'],
    ['a status outside the two', { status: 'closed' }, 'status', "The status must be 'assigned' or 'unassigned'"],
    ['a created date that is not a number', { createdAt: '2026-03-10' }, 'createdAt', 'Enter a valid date and time'],
    ['a created date in 1990', { createdAt: Date.UTC(1990, 0, 1) }, 'createdAt', 'Enter a valid date and time'],
    ['a due date with a fraction of a millisecond', { dueAt: created + 0.5 }, 'dueAt', 'Enter a valid date and time'],
    ['no team', { teamId: '' }, 'teamId', undefined],
  ])('create refuses %s with a message on that field', (_label, change, path, message) => {
    const issue = firstIssue(createTicketArgs, { ...createArgs, ...change });
    expect(issue?.path).toBe(path);
    if (message !== undefined) expect(issue?.message).toBe(message);
  });

  it('the case and the assignee may be left out; the description is trimmed', () => {
    const { caseId: _c, assigneeMemberId: _a, ...rest } = createArgs;
    expect(createTicketArgs.parse({ ...rest, status: 'unassigned' })).toMatchObject({ caseId: null, assigneeMemberId: null, description: 'Call the customer back' });
  });

  it('update has the same rules, without a case or created date', () => {
    expect(firstIssue(updateTicketArgs, updateArgs)).toBeNull();
    expect(firstIssue(updateTicketArgs, { ...updateArgs, assigneeMemberId: null })).toEqual({ path: 'assigneeMemberId', message: 'Pick who the ticket is assigned to' });
    expect(firstIssue(updateTicketArgs, { ...updateArgs, description: '' })?.message).toBe('Description is required');
  });
});

describe('ticket.create', () => {
  it('writes an open ticket with every field the inbox reads, the SLA from the two dates and the member as assignee', () => {
    const writes = run(createTicket, createArgs);
    expect(writes).toEqual([
      {
        collection: 'tickets',
        doc: {
          id: 'tkt-new-0001',
          kind: 'ticket',
          rev: 0,
          deleted: false,
          workspaceId: 'ws-1',
          caseId: 'case-1',
          instanceId: null,
          stageKey: null,
          operation: 'case-1',
          contact: null,
          contactName: null,
          description: 'Call the customer back',
          teamId: 'team-claims',
          assigneeMemberId: 'mbr-nico',
          assigneeUserId: 'usr-agent',
          status: 'assigned',
          state: 'open',
          template: '',
          templateVersion: null,
          initialValues: {},
          data: {},
          slaSeconds: 24 * 3600,
          dueAt: created + 24 * HOUR,
          claimedAt: NOW,
          resolvedAt: null,
          resolvedByUserId: null,
          exit: null,
          createdAt: created,
          updatedAt: NOW,
        },
      },
    ]);
  });

  it("without a case the ticket's own id is its Case ID; 'unassigned' clears a named assignee", () => {
    const [write] = run(createTicket, { ...createArgs, caseId: null, status: 'unassigned' }, opsAdmin);
    expect(write!.doc).toMatchObject({ caseId: null, operation: 'tkt-new-0001', status: 'unassigned', assigneeMemberId: null, assigneeUserId: null, claimedAt: null });
  });

  it('a member without a user account can be assigned', () => {
    const [write] = run(createTicket, { ...createArgs, assigneeMemberId: 'mbr-maria' });
    expect(write!.doc).toMatchObject({ status: 'assigned', assigneeMemberId: 'mbr-maria', assigneeUserId: null });
  });

  it.each([
    ['a NORMAL user', {}, agent, { code: 'forbidden', message: 'You do not have permission to perform this action' }],
    ['an unknown team', { teamId: 'team-gone' }, admin, { code: 'unknown-team', message: 'That team does not exist' }],
    ['an unknown assignee', { assigneeMemberId: 'mbr-gone' }, admin, { code: 'unknown-member', message: 'That member does not exist' }],
    ['an unknown case', { caseId: 'case-gone' }, admin, { code: 'unknown-case', message: 'That case does not exist' }],
    ['an id of a stored ticket', { ticketId: 'tkt-0001' }, admin, { code: 'already-exists', message: 'A ticket with this id already exists' }],
  ])('is refused for %s', (_label, change, actor, expected) => {
    expect(refusal(createTicket, { ...createArgs, ...change }, actor)).toEqual(expected);
  });

  it('applies again on a rebase, when the replica holds its own unsent ticket', () => {
    const [first] = run(createTicket, createArgs);
    const withOwn = new Map(replica).set('tkt-new-0001', first!.doc);
    expect(run(createTicket, createArgs, admin, withOwn)).toEqual([first]);
  });
});

describe('ticket.update', () => {
  it("moving to another team with nobody assigned shows 'Waiting for operator' (unassigned, no assignee)", () => {
    const [write] = run(updateTicket, { ...updateArgs, teamId: 'team-field', status: 'unassigned', assigneeMemberId: null });
    expect(write!.doc).toMatchObject({ teamId: 'team-field', status: 'unassigned', assigneeMemberId: null, assigneeUserId: null, claimedAt: null });
  });

  it('keeps the claim and its time when the assignee stays, and recomputes the SLA from the created date', () => {
    const [write] = run(updateTicket, updateArgs);
    expect(write!.doc).toEqual({ ...ticket, description: 'Review again', dueAt: NOW + 20 * HOUR, slaSeconds: 30 * 3600 });
  });

  it('a new assignee is assigned now, with their user', () => {
    const [write] = run(updateTicket, { ...updateArgs, assigneeMemberId: 'mbr-maria' });
    expect(write!.doc).toMatchObject({ status: 'assigned', assigneeMemberId: 'mbr-maria', assigneeUserId: null, claimedAt: NOW });
  });

  it.each([
    ['a NORMAL user', {}, agent, { code: 'forbidden', message: 'You do not have permission to perform this action' }],
    ['a due date before the ticket was created', { dueAt: NOW - 11 * HOUR }, admin, { code: 'invalid-due-date', message: 'The due date must be after the created date' }],
    ['a closed ticket', { ticketId: 'tkt-closed' }, admin, { code: 'ticket-closed', message: 'This ticket is already closed' }],
    ['an unknown ticket', { ticketId: 'tkt-gone' }, admin, { code: 'not-found', message: 'Case not found, please refresh' }],
    ['an unknown team', { teamId: 'team-gone' }, admin, { code: 'unknown-team', message: 'That team does not exist' }],
  ])('is refused for %s', (_label, change, actor, expected) => {
    expect(refusal(updateTicket, { ...updateArgs, ...change }, actor)).toEqual(expected);
  });
});

describe('taking a claim away: release and reassign (part 2 §2, §6)', () => {
  const release = MUTATIONS.get('ticket.release')!;
  const reassign = MUTATIONS.get('ticket.reassign')!;
  const colleague: MutationActor = { userId: 'usr-colleague', memberId: 'mbr-maria', role: 'NORMAL', name: 'Maria Colleague' };
  const notClaimant = { code: 'not-claimant', message: 'Only the agent who claimed this ticket, or an administrator, can release or move it' };

  it.each([
    ['release', release, { ticketId: 'tkt-0001' }],
    ['reassign', reassign, { ticketId: 'tkt-0001', teamId: 'team-field' }],
  ])("an agent's %s of someone else's claim is refused before it is queued", (_name, definition, args) => {
    expect(refusal(definition, args, colleague)).toEqual(notClaimant);
  });

  it.each([
    ['the claimant', agent],
    ['an administrator', admin],
    ['an OPS-ADMIN', opsAdmin],
  ])('%s may move the ticket; it then waits for an operator of the new team', (_who, actor) => {
    const [write] = run(reassign, { ticketId: 'tkt-0001', teamId: 'team-field' }, actor);
    expect(write!.doc).toMatchObject({ teamId: 'team-field', status: 'unassigned', assigneeUserId: null, assigneeMemberId: null, claimedAt: null });
  });

  it('the team the ticket is already in changes nothing, whoever asks', () => {
    expect(run(reassign, { ticketId: 'tkt-0001', teamId: 'team-claims' }, colleague)).toEqual([]);
  });
});
