import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';
import { agentPrefix, encodeNote, NOTE_DESCRIPTION_MAX } from '../notes/noteText.ts';
import type { TicketDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole, mayTakeClaim } from '../tickets/inboxRules.ts';
import {
  dueDateProblem,
  slaSeconds,
  TICKET_DATE_MAX,
  TICKET_DATE_MIN,
  TICKET_DESCRIPTION_MAX,
  TICKET_FORM_MESSAGES,
  TICKET_STATUSES,
} from '../tickets/ticketForm.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

const id = idRefSchema;
const jsonObject = z.record(z.string(), z.json());

export const ticketRefArgs = z.object({ ticketId: id });
export const saveTicketDataArgs = z.object({ ticketId: id, data: jsonObject });
export const reassignTicketArgs = z.object({ ticketId: id, teamId: id });
/** Part 2 §5: the note form's rules and messages (in the spec's Spanish; the UI translates them). */
export const addTicketNoteArgs = z.object({
  ticketId: id,
  /** Chosen by the client (the note shows at once, offline). */
  noteId: clientIdSchema,
  title: z.string().trim().min(1, 'Título es requerido').max(200),
  description: z
    .string()
    .trim()
    .min(1, 'Descripción es requerida')
    .max(NOTE_DESCRIPTION_MAX, 'La descripción debe tener 500 caracteres como máximo'),
  details: z.string().max(500).default(''),
});

/** Part 2 §2 ticket form. Dates are epoch milliseconds; the ticket id is made by the client. */
const ticketDate = z
  .number({ error: TICKET_FORM_MESSAGES.invalidDate })
  .int(TICKET_FORM_MESSAGES.invalidDate)
  .min(TICKET_DATE_MIN, TICKET_FORM_MESSAGES.invalidDate)
  .max(TICKET_DATE_MAX, TICKET_FORM_MESSAGES.invalidDate);
const ticketFormFields = {
  ticketId: id,
  status: z.enum(TICKET_STATUSES, { error: "The status must be 'assigned' or 'unassigned'" }),
  description: z
    .string({ error: TICKET_FORM_MESSAGES.descriptionRequired })
    .trim()
    .min(1, TICKET_FORM_MESSAGES.descriptionRequired)
    .max(TICKET_DESCRIPTION_MAX, TICKET_FORM_MESSAGES.descriptionTooLong),
  dueAt: ticketDate,
  teamId: id,
  /** Ignored (cleared) when the status is 'unassigned'. */
  assigneeMemberId: id.nullable().default(null),
};
const assigneeRule = (args: { status: string; assigneeMemberId: string | null }, ctx: z.RefinementCtx) => {
  if (args.status === 'assigned' && args.assigneeMemberId === null) {
    ctx.addIssue({ code: 'custom', path: ['assigneeMemberId'], message: TICKET_FORM_MESSAGES.assigneeRequired });
  }
};
export const createTicketArgs = z
  .object({ ...ticketFormFields, ticketId: clientIdSchema, caseId: id.nullable().default(null), createdAt: ticketDate })
  .superRefine((args, ctx) => {
    assigneeRule(args, ctx);
    const problem = dueDateProblem(args.createdAt, args.dueAt);
    if (problem !== null) ctx.addIssue({ code: 'custom', path: ['dueAt'], message: TICKET_FORM_MESSAGES[problem] });
  });
export const updateTicketArgs = z.object(ticketFormFields).superRefine(assigneeRule);

export type TicketRefArgs = z.infer<typeof ticketRefArgs>;
export type CreateTicketArgs = z.infer<typeof createTicketArgs>;
export type UpdateTicketArgs = z.infer<typeof updateTicketArgs>;
export type SaveTicketDataArgs = z.infer<typeof saveTicketDataArgs>;
export type ReassignTicketArgs = z.infer<typeof reassignTicketArgs>;
export type AddTicketNoteArgs = z.infer<typeof addTicketNoteArgs>;

/** Part 2 §4 and §8 texts. */
export const TICKET_MESSAGES = {
  notFound: 'Case not found, please refresh',
  notAssigned: 'Assign/claim the ticket before solving it.',
  closed: 'This ticket is already closed',
  noCase: 'Template with no case id.',
  claimedBy: (name: string) => `Ticket already claimed by ${name}`,
  notClaimant: 'Only the agent who claimed this ticket, or an administrator, can release or move it',
} as const;

function openTicket(docs: ReadonlyMap<string, ReplicaDoc>, ticketId: string): ReplicaDoc {
  const ticket = docs.get(ticketId);
  if (!ticket || ticket.deleted) throw new MutationRefused('not-found', TICKET_MESSAGES.notFound);
  if (ticket.state !== 'open') throw new MutationRefused('ticket-closed', TICKET_MESSAGES.closed);
  return ticket;
}

/** Saving and solving need the caller's own claim (part 2 §4), as the server checks too. */
function requireClaimedBy(ticket: ReplicaDoc, userId: string): void {
  if (ticket.status !== 'assigned' || ticket.assigneeUserId !== userId) throw new MutationRefused('not-assigned', TICKET_MESSAGES.notAssigned);
}

/** Releasing or moving someone else's claim: the server would refuse it, naming nobody (the replica may be behind). */
function requireMayTakeClaim(ticket: ReplicaDoc, actor: MutationActor): void {
  const assignee = typeof ticket.assigneeUserId === 'string' ? ticket.assigneeUserId : null;
  if (!mayTakeClaim({ status: String(ticket.status), assigneeUserId: assignee }, actor)) {
    throw new MutationRefused('not-claimant', TICKET_MESSAGES.notClaimant);
  }
}

const ticketWrite = (doc: ReplicaDoc): DocWrite => ({ collection: 'tickets', doc });
const readsTicket = <A extends { ticketId: string }>({ ticketId }: A) => [{ collection: 'tickets' as const, id: ticketId }];

export const claimTicket = defineMutation<TicketRefArgs>({
  name: 'ticket.claim',
  args: ticketRefArgs,
  reads: readsTicket,
  apply({ ticketId }, docs, actor, now) {
    const ticket = openTicket(docs, ticketId);
    return [ticketWrite({ ...ticket, status: 'assigned', assigneeUserId: actor.userId, assigneeMemberId: actor.memberId, claimedAt: now })];
  },
});

export const releaseTicket = defineMutation<TicketRefArgs>({
  name: 'ticket.release',
  args: ticketRefArgs,
  reads: readsTicket,
  apply({ ticketId }, docs, actor) {
    const ticket = openTicket(docs, ticketId);
    requireMayTakeClaim(ticket, actor);
    return [ticketWrite({ ...ticket, status: 'unassigned', assigneeUserId: null, assigneeMemberId: null, claimedAt: null })];
  },
});

export const saveTicketData = defineMutation<SaveTicketDataArgs>({
  name: 'ticket.saveData',
  args: saveTicketDataArgs,
  reads: readsTicket,
  apply({ ticketId, data }, docs, actor) {
    const ticket = openTicket(docs, ticketId);
    requireClaimedBy(ticket, actor.userId);
    return [ticketWrite({ ...ticket, data: { ...(ticket.data as object), ...data } })];
  },
});

export const resolveTicket = defineMutation<SaveTicketDataArgs>({
  name: 'ticket.resolve',
  args: saveTicketDataArgs,
  reads: readsTicket,
  apply({ ticketId, data }, docs, actor, now) {
    const ticket = openTicket(docs, ticketId);
    requireClaimedBy(ticket, actor.userId);
    return [
      ticketWrite({
        ...ticket,
        data: { ...(ticket.data as object), ...data },
        state: 'resolved',
        exit: 'approved',
        resolvedAt: now,
        resolvedByUserId: actor.userId,
      }),
    ];
  },
});

export const cancelTicket = defineMutation<TicketRefArgs>({
  name: 'ticket.cancel',
  args: ticketRefArgs,
  reads: readsTicket,
  apply({ ticketId }, docs, actor, now) {
    const ticket = openTicket(docs, ticketId);
    return [ticketWrite({ ...ticket, state: 'canceled', exit: 'canceled', resolvedAt: now, resolvedByUserId: actor.userId })];
  },
});

export const reassignTicket = defineMutation<ReassignTicketArgs>({
  name: 'ticket.reassign',
  args: reassignTicketArgs,
  reads: readsTicket,
  apply({ ticketId, teamId }, docs, actor) {
    const ticket = openTicket(docs, ticketId);
    // The team it is already in: nothing moves, and a claim stays where it is.
    if (ticket.teamId === teamId) return [];
    requireMayTakeClaim(ticket, actor);
    return [ticketWrite({ ...ticket, teamId, status: 'unassigned', assigneeUserId: null, assigneeMemberId: null, claimedAt: null })];
  },
});

export const addTicketNote = defineMutation<AddTicketNoteArgs>({
  name: 'ticket.addNote',
  args: addTicketNoteArgs,
  reads: readsTicket,
  apply({ ticketId, noteId, title, description, details }, docs, actor, now) {
    const ticket = docs.get(ticketId);
    if (!ticket) throw new MutationRefused('not-found', TICKET_MESSAGES.notFound);
    if (typeof ticket.caseId !== 'string') throw new MutationRefused('no-case', TICKET_MESSAGES.noCase);
    const note: ReplicaDoc = {
      id: noteId,
      kind: 'caseNote',
      rev: 0,
      deleted: false,
      workspaceId: ticket.workspaceId,
      caseId: ticket.caseId,
      noteText: encodeNote({ title, details, description, agentPrefix: agentPrefix(actor.name) }),
      authorUserId: actor.userId,
      memberId: actor.memberId,
      caseStateDescription: null,
      entryDate: now,
      edited: false,
      createdAt: now,
      updatedAt: now,
    };
    return [{ collection: 'caseRecords', doc: note }];
  },
});

function requireTicketAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', TICKET_FORM_MESSAGES.forbidden);
}

/** A live document of the kind, or the refusal the server would give. */
function liveConfig(docs: ReadonlyMap<string, ReplicaDoc>, id: string, kind: 'team' | 'member', code: string, message: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== kind) throw new MutationRefused(code, message);
  return doc;
}

/**
 * The form's team, and its assignee (who must be in that team: only the server knows the memberships, so it
 * checks that part). 'unassigned' clears the assignee; a new team with nobody named shows 'Waiting for operator'.
 */
function formAssignment(args: { teamId: string; status: string; assigneeMemberId: string | null }, docs: ReadonlyMap<string, ReplicaDoc>) {
  const team = liveConfig(docs, args.teamId, 'team', 'unknown-team', TICKET_FORM_MESSAGES.unknownTeam);
  const memberId = args.status === 'assigned' ? args.assigneeMemberId : null;
  const member = memberId === null ? null : liveConfig(docs, memberId, 'member', 'unknown-member', TICKET_FORM_MESSAGES.unknownMember);
  return { team, member };
}

const formReads = (args: { ticketId: string; teamId: string; assigneeMemberId: string | null }): DocRef[] => [
  { collection: 'tickets', id: args.ticketId },
  { collection: 'config', id: args.teamId },
  ...(args.assigneeMemberId === null ? [] : [{ collection: 'config' as const, id: args.assigneeMemberId }]),
];

/** Part 2 §2: administrators open a ticket by hand, with or without a case; no instance waits on it. */
export const createTicket = defineMutation<CreateTicketArgs>({
  name: 'ticket.create',
  args: createTicketArgs,
  reads: (args) => [...formReads(args), ...(args.caseId === null ? [] : [{ collection: 'cases' as const, id: args.caseId }])],
  apply(args, docs, actor, now) {
    requireTicketAdmin(actor);
    // On a rebase the replica holds this mutation's own unsent ticket (revision 0): only a stored one is taken.
    const existing = docs.get(args.ticketId);
    if (existing && existing.rev !== 0) throw new MutationRefused('already-exists', TICKET_FORM_MESSAGES.alreadyExists);
    const { team, member } = formAssignment(args, docs);
    if (args.caseId !== null) {
      const found = docs.get(args.caseId);
      if (!found || found.deleted || found.kind !== 'case') throw new MutationRefused('unknown-case', TICKET_FORM_MESSAGES.unknownCase);
    }
    const ticket: TicketDoc = {
      id: args.ticketId,
      kind: 'ticket',
      rev: 0,
      deleted: false,
      workspaceId: String(team.workspaceId),
      caseId: args.caseId,
      instanceId: null,
      stageKey: null,
      operation: args.caseId ?? args.ticketId,
      contact: null,
      contactName: null,
      description: args.description,
      teamId: args.teamId,
      assigneeMemberId: member?.id ?? null,
      assigneeUserId: typeof member?.userId === 'string' ? member.userId : null,
      status: member === null ? 'unassigned' : 'assigned',
      state: 'open',
      template: '',
      templateVersion: null,
      initialValues: {},
      data: {},
      slaSeconds: slaSeconds(args.createdAt, args.dueAt),
      dueAt: args.dueAt,
      claimedAt: member === null ? null : now,
      resolvedAt: null,
      resolvedByUserId: null,
      exit: null,
      createdAt: args.createdAt,
      updatedAt: now,
    };
    return [ticketWrite(ticket)];
  },
});

/** Part 2 §2 'Update Ticket': description, status, due date, team and assignee of an open ticket. */
export const updateTicket = defineMutation<UpdateTicketArgs>({
  name: 'ticket.update',
  args: updateTicketArgs,
  reads: formReads,
  apply(args, docs, actor, now) {
    requireTicketAdmin(actor);
    const ticket = openTicket(docs, args.ticketId);
    const { member } = formAssignment(args, docs);
    const problem = dueDateProblem(Number(ticket.createdAt), args.dueAt);
    if (problem !== null) throw new MutationRefused('invalid-due-date', TICKET_FORM_MESSAGES[problem]);
    // The same assignee keeps their claim (and its time); a new one is assigned now.
    const same = member !== null && ticket.status === 'assigned' && ticket.assigneeMemberId === member.id;
    const assignment =
      member === null
        ? { status: 'unassigned', assigneeMemberId: null, assigneeUserId: null, claimedAt: null }
        : same
          ? {}
          : { status: 'assigned', assigneeMemberId: member.id, assigneeUserId: typeof member.userId === 'string' ? member.userId : null, claimedAt: now };
    return [
      ticketWrite({
        ...ticket,
        description: args.description,
        dueAt: args.dueAt,
        slaSeconds: slaSeconds(Number(ticket.createdAt), args.dueAt),
        teamId: args.teamId,
        ...assignment,
      }),
    ];
  },
});

export const TICKET_MUTATIONS = [
  claimTicket,
  releaseTicket,
  saveTicketData,
  resolveTicket,
  cancelTicket,
  reassignTicket,
  addTicketNote,
  createTicket,
  updateTicket,
];
