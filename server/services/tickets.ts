import { agentPrefix, encodeNote } from '../../src/domain/notes/noteText.ts';
import {
  TICKET_MESSAGES,
  type AddTicketNoteArgs,
  type CreateTicketArgs,
  type ReassignTicketArgs,
  type SaveTicketDataArgs,
  type TicketRefArgs,
  type UpdateTicketArgs,
} from '../../src/domain/mutations/ticketMutations.ts';
import { isAdminRole, mayTakeClaim } from '../../src/domain/tickets/inboxRules.ts';
import { dueDateProblem, slaSeconds, TICKET_FORM_MESSAGES } from '../../src/domain/tickets/ticketForm.ts';
import type { JsonValue } from '../db/schema.ts';
import { resumeAfterTicket } from '../engine/ticketOutcome.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import type { WriteContext, WriteService } from './context.ts';


/** The caller's member (human) record and the teams it belongs to. */
async function actorMembership(ctx: WriteContext) {
  const member = await ctx.tx
    .selectFrom('members')
    .select(['id', 'name'])
    .where('user_id', '=', ctx.actor.userId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  const teams = member
    ? await ctx.tx.selectFrom('team_members').select('team_id').where('member_id', '=', member.id).where('deleted', '=', false).execute()
    : [];
  return { memberId: member?.id ?? null, teamIds: new Set(teams.map((t) => t.team_id)) };
}

/**
 * The ticket, locked for this transaction, if the caller may see it (an administrator: any ticket of the
 * workspace; anyone else: tickets of their teams). Anything else is "not found", as the pull would hide it.
 */
async function lockTicket(ctx: WriteContext, ticketId: string) {
  const ticket = await ctx.tx
    .selectFrom('tickets')
    .selectAll()
    .where('id', '=', ticketId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  const membership = await actorMembership(ctx);
  if (!ticket || (!isAdminRole(ctx.actor.role) && !membership.teamIds.has(ticket.team_id))) {
    throw new ApiError(404, 'not-found', TICKET_MESSAGES.notFound);
  }
  return { ticket, membership };
}

async function lockOpenTicket(ctx: WriteContext, ticketId: string) {
  const locked = await lockTicket(ctx, ticketId);
  if (locked.ticket.state !== 'open') throw new ApiError(409, 'ticket-closed', TICKET_MESSAGES.closed);
  return locked;
}

async function claimantName(ctx: WriteContext, ticket: { assignee_user_id: string | null; assignee_member_id: string | null }) {
  if (ticket.assignee_user_id) {
    const user = await ctx.tx.selectFrom('users').select('name').where('id', '=', ticket.assignee_user_id).executeTakeFirst();
    if (user) return user.name;
  }
  if (ticket.assignee_member_id) {
    const member = await ctx.tx.selectFrom('members').select('name').where('id', '=', ticket.assignee_member_id).executeTakeFirst();
    if (member) return member.name;
  }
  return 'another agent';
}

const isMine = (ctx: WriteContext, ticket: { assignee_user_id: string | null }) => ticket.assignee_user_id === ctx.actor.userId;

const update = (ctx: WriteContext, ticketId: string, changes: Record<string, unknown>) =>
  ctx.tx
    .updateTable('tickets')
    .set({ ...changes, rev: ctx.rev, updated_at: ctx.now })
    .where('id', '=', ticketId)
    .execute();

const mergeData = (current: unknown, patch: Record<string, JsonValue>): JsonValue => ({
  ...(current && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, JsonValue>) : {}),
  ...patch,
});

/** Claim (lock): unassigned → assigned to the caller. Someone else's claim wins and is named in the refusal. */
export const claimTicket: WriteService<TicketRefArgs, { status: 'assigned' }> = async (ctx, { ticketId }) => {
  const { ticket, membership } = await lockOpenTicket(ctx, ticketId);
  if (ticket.status === 'assigned') {
    if (isMine(ctx, ticket)) return { status: 'assigned' };
    throw new ApiError(409, 'already-claimed', TICKET_MESSAGES.claimedBy(await claimantName(ctx, ticket)));
  }
  await update(ctx, ticketId, {
    status: 'assigned',
    assignee_user_id: ctx.actor.userId,
    assignee_member_id: membership.memberId,
    claimed_at: ctx.now,
  });
  return { status: 'assigned' };
};

/** Release (unlock): only the claimant, or an administrator, may hand a ticket back. */
export const releaseTicket: WriteService<TicketRefArgs, { status: 'unassigned' }> = async (ctx, { ticketId }) => {
  const { ticket } = await lockOpenTicket(ctx, ticketId);
  if (ticket.status === 'unassigned') return { status: 'unassigned' };
  await requireMayTakeClaim(ctx, ticket, 'release');
  await update(ctx, ticketId, { status: 'unassigned', assignee_user_id: null, assignee_member_id: null, claimed_at: null });
  return { status: 'unassigned' };
};

/** Releasing or moving a ticket takes its claim: only the claimant or an administrator may (part 2 §6). */
async function requireMayTakeClaim(ctx: WriteContext, ticket: { status: string; assignee_user_id: string | null; assignee_member_id: string | null }, action: 'release' | 'move') {
  if (mayTakeClaim({ status: ticket.status, assigneeUserId: ticket.assignee_user_id }, ctx.actor)) return;
  throw new ApiError(403, 'not-claimant', `Only ${await claimantName(ctx, ticket)} can ${action} this ticket`);
}

function requireClaimedByCaller(ctx: WriteContext, ticket: { status: string; assignee_user_id: string | null }) {
  if (ticket.status !== 'assigned' || !isMine(ctx, ticket)) throw new ApiError(409, 'not-assigned', TICKET_MESSAGES.notAssigned);
}

export const saveTicketData: WriteService<SaveTicketDataArgs, { saved: true }> = async (ctx, { ticketId, data }) => {
  const { ticket } = await lockOpenTicket(ctx, ticketId);
  requireClaimedByCaller(ctx, ticket);
  await update(ctx, ticketId, { data: mergeData(ticket.data, data) });
  return { saved: true };
};

/** Solve: needs the caller's claim (part 2 §4); exit approved resumes the instance. */
export const resolveTicket: WriteService<SaveTicketDataArgs, { state: 'resolved' }> = async (ctx, { ticketId, data }) => {
  const { ticket } = await lockOpenTicket(ctx, ticketId);
  requireClaimedByCaller(ctx, ticket);
  const merged = mergeData(ticket.data, data);
  await update(ctx, ticketId, { data: merged, state: 'resolved', exit: 'approved', resolved_at: ctx.now, resolved_by_user_id: ctx.actor.userId });
  await resumeAfterTicket(ctx, { id: ticket.id, instance_id: ticket.instance_id, stage_key: ticket.stage_key, exit: 'approved', data: merged });
  return { state: 'resolved' };
};

/** Cancel: administrators only (part 2 §6); exit canceled. */
export const cancelTicket: WriteService<TicketRefArgs, { state: 'canceled' }> = async (ctx, { ticketId }) => {
  if (!isAdminRole(ctx.actor.role)) throw forbidden();
  const { ticket } = await lockOpenTicket(ctx, ticketId);
  await update(ctx, ticketId, { state: 'canceled', exit: 'canceled', resolved_at: ctx.now, resolved_by_user_id: ctx.actor.userId });
  await resumeAfterTicket(ctx, { id: ticket.id, instance_id: ticket.instance_id, stage_key: ticket.stage_key, exit: 'canceled', data: ticket.data });
  return { state: 'canceled' };
};

async function requireTeam(ctx: WriteContext, teamId: string): Promise<void> {
  const team = await ctx.tx
    .selectFrom('teams')
    .select('id')
    .where('id', '=', teamId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!team) throw new ApiError(400, 'unknown-team', TICKET_FORM_MESSAGES.unknownTeam);
}

/**
 * Reassign to another team: the assignee resets to 'Waiting for operator' (part 2 §2), so moving a claimed ticket
 * needs the right to release it. Its own team again changes nothing.
 */
export const reassignTicket: WriteService<ReassignTicketArgs, { teamId: string }> = async (ctx, { ticketId, teamId }) => {
  const { ticket } = await lockOpenTicket(ctx, ticketId);
  await requireTeam(ctx, teamId);
  if (ticket.team_id === teamId) return { teamId };
  await requireMayTakeClaim(ctx, ticket, 'move');
  await update(ctx, ticketId, { team_id: teamId, status: 'unassigned', assignee_user_id: null, assignee_member_id: null, claimed_at: null });
  return { teamId };
};

/** The ticket form's team and assignee: a member of the workspace in that team ('unassigned' clears it). */
async function formAssignee(ctx: WriteContext, args: { teamId: string; status: string; assigneeMemberId: string | null }) {
  await requireTeam(ctx, args.teamId);
  if (args.status !== 'assigned' || args.assigneeMemberId === null) return null;
  const member = await ctx.tx
    .selectFrom('members')
    .select(['id', 'user_id'])
    .where('id', '=', args.assigneeMemberId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!member) throw new ApiError(400, 'unknown-member', TICKET_FORM_MESSAGES.unknownMember);
  const link = await ctx.tx
    .selectFrom('team_members')
    .select('id')
    .where('team_id', '=', args.teamId)
    .where('member_id', '=', member.id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!link) throw new ApiError(400, 'not-team-member', TICKET_FORM_MESSAGES.notTeamMember);
  return member;
}

function requireValidDue(createdAt: number, dueAt: number): void {
  const problem = dueDateProblem(createdAt, dueAt);
  if (problem !== null) throw new ApiError(400, 'invalid-due-date', TICKET_FORM_MESSAGES[problem]);
}

/** Create Ticket (part 2 §2): administrators only; the case, team and assignee must be the workspace's. */
export const createTicket: WriteService<CreateTicketArgs, { ticketId: string; status: string }> = async (ctx, args) => {
  if (!isAdminRole(ctx.actor.role)) throw forbidden();
  const taken = await ctx.tx.selectFrom('tickets').select('id').where('id', '=', args.ticketId).executeTakeFirst();
  if (taken) throw new ApiError(409, 'already-exists', TICKET_FORM_MESSAGES.alreadyExists);
  if (args.caseId !== null) {
    const found = await ctx.tx
      .selectFrom('cases')
      .select('id')
      .where('id', '=', args.caseId)
      .where('workspace_id', '=', ctx.actor.workspaceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!found) throw new ApiError(400, 'unknown-case', TICKET_FORM_MESSAGES.unknownCase);
  }
  requireValidDue(args.createdAt, args.dueAt);
  const member = await formAssignee(ctx, args);
  const status = member === null ? 'unassigned' : 'assigned';
  await ctx.tx
    .insertInto('tickets')
    .values({
      id: args.ticketId,
      workspace_id: ctx.actor.workspaceId,
      case_id: args.caseId,
      // Shown as the inbox's Case ID: the case when there is one, else the ticket itself.
      operation: args.caseId ?? args.ticketId,
      description: args.description,
      team_id: args.teamId,
      assignee_member_id: member?.id ?? null,
      assignee_user_id: member?.user_id ?? null,
      status,
      state: 'open',
      template: '',
      sla_seconds: slaSeconds(args.createdAt, args.dueAt),
      due_at: new Date(args.dueAt),
      claimed_at: member === null ? null : ctx.now,
      rev: ctx.rev,
      created_at: new Date(args.createdAt),
      updated_at: ctx.now,
    })
    .execute();
  return { ticketId: args.ticketId, status };
};

/** Update Ticket (part 2 §2): administrators only; a new team with nobody assigned is 'Waiting for operator'. */
export const updateTicket: WriteService<UpdateTicketArgs, { ticketId: string; status: string }> = async (ctx, args) => {
  if (!isAdminRole(ctx.actor.role)) throw forbidden();
  const { ticket } = await lockOpenTicket(ctx, args.ticketId);
  requireValidDue(ticket.created_at.getTime(), args.dueAt);
  const member = await formAssignee(ctx, args);
  // The same assignee keeps their claim (and its time); a new one is assigned now.
  const same = member !== null && ticket.status === 'assigned' && ticket.assignee_member_id === member.id;
  const assignment =
    member === null
      ? { status: 'unassigned' as const, assignee_member_id: null, assignee_user_id: null, claimed_at: null }
      : same
        ? {}
        : { status: 'assigned' as const, assignee_member_id: member.id, assignee_user_id: member.user_id, claimed_at: ctx.now };
  await update(ctx, args.ticketId, {
    description: args.description,
    due_at: new Date(args.dueAt),
    sla_seconds: slaSeconds(ticket.created_at.getTime(), args.dueAt),
    team_id: args.teamId,
    ...assignment,
  });
  return { ticketId: args.ticketId, status: member === null ? 'unassigned' : 'assigned' };
};

/** A note on the ticket's case, stored in the three-slash encoding with the agent's initials. */
export const addTicketNote: WriteService<AddTicketNoteArgs, { noteId: string }> = async (ctx, args) => {
  const { ticket, membership } = await lockTicket(ctx, args.ticketId);
  if (!ticket.case_id) throw new ApiError(400, 'no-case', TICKET_MESSAGES.noCase);
  const existing = await ctx.tx.selectFrom('case_notes').select('id').where('id', '=', args.noteId).executeTakeFirst();
  if (existing) throw new ApiError(409, 'duplicate-note', 'A note with this id already exists');
  const author = await ctx.tx.selectFrom('users').select('name').where('id', '=', ctx.actor.userId).executeTakeFirstOrThrow();
  const state = await ctx.tx
    .selectFrom('cases')
    .leftJoin('case_states', 'case_states.id', 'cases.state_id')
    .select('case_states.description')
    .where('cases.id', '=', ticket.case_id)
    .executeTakeFirst();
  await ctx.tx
    .insertInto('case_notes')
    .values({
      id: args.noteId,
      workspace_id: ctx.actor.workspaceId,
      case_id: ticket.case_id,
      note_text: encodeNote({ title: args.title, details: args.details, description: args.description, agentPrefix: agentPrefix(author.name) }),
      author_user_id: ctx.actor.userId,
      member_id: membership.memberId,
      case_state_description: state?.description ?? null,
      entry_date: ctx.now,
      rev: ctx.rev,
    })
    .execute();
  return { noteId: args.noteId };
};
