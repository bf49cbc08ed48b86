import { z } from 'zod';
import { agentPrefix, encodeNote, NOTE_DESCRIPTION_MAX } from '../notes/noteText.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused, type DocWrite } from './types.ts';

const id = z.string().min(1).max(100);
const jsonObject = z.record(z.string(), z.json());

export const ticketRefArgs = z.object({ ticketId: id });
export const saveTicketDataArgs = z.object({ ticketId: id, data: jsonObject });
export const reassignTicketArgs = z.object({ ticketId: id, teamId: id });
/** Part 2 §5: the note form's rules and messages (in the spec's Spanish; the UI translates them). */
export const addTicketNoteArgs = z.object({
  ticketId: id,
  noteId: id,
  title: z.string().trim().min(1, 'Título es requerido').max(200),
  description: z
    .string()
    .trim()
    .min(1, 'Descripción es requerida')
    .max(NOTE_DESCRIPTION_MAX, 'La descripción debe tener 500 caracteres como máximo'),
  details: z.string().max(500).default(''),
});

export type TicketRefArgs = z.infer<typeof ticketRefArgs>;
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
  apply({ ticketId }, docs) {
    const ticket = openTicket(docs, ticketId);
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
  apply({ ticketId, teamId }, docs) {
    const ticket = openTicket(docs, ticketId);
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

export const TICKET_MUTATIONS = [claimTicket, releaseTicket, saveTicketData, resolveTicket, cancelTicket, reassignTicket, addTicketNote];
