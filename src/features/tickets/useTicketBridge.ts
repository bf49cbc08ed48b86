import { useNavigate } from '@tanstack/react-router';
import i18next from 'i18next';
import { useCallback } from 'react';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import {
  BRIDGE_TEXTS,
  checkDirectNote,
  checkIsNotes,
  errorReply,
  readTemplateData,
  successReply,
  type BridgeReply,
  type BridgeRequest,
} from '../../domain/tickets/bridgeMessages.ts';
import type { NoteParts } from '../../domain/notes/noteText.ts';
import { TICKET_MESSAGES } from '../../domain/mutations/ticketMutations.ts';
import { resolveTicket, saveTicketData } from './ticketActions.ts';

async function addNote(ticketId: string, parts: NoteParts): Promise<{ ok: boolean; noteId: string }> {
  const noteId = crypto.randomUUID();
  const result = await mutate('ticket.addNote', {
    ticketId,
    noteId,
    title: parts.title,
    description: parts.description,
    details: parts.details,
  }).catch(() => ({ ok: false }) as const);
  return { ok: result.ok, noteId };
}

/** The answers of the frame message bridge (part 2 §7) for one ticket; every write goes through mutate(). */
export function useTicketBridge(ticket: TicketDoc, userId: string): (request: BridgeRequest) => Promise<BridgeReply> {
  const navigate = useNavigate();
  return useCallback(
    async (request: BridgeRequest): Promise<BridgeReply> => {
      const { payload } = request;
      switch (request.type) {
        case 'isNotes': {
          const check = checkIsNotes(payload);
          if (!check.ok) return errorReply(request, check.error);
          if (check.caseId !== ticket.caseId) return errorReply(request, BRIDGE_TEXTS.saveNoteFailed);
          const saved = await addNote(ticket.id, check.parts);
          return saved.ok ? successReply(request, BRIDGE_TEXTS.noteSaved, { noteId: saved.noteId }) : errorReply(request, BRIDGE_TEXTS.saveNoteDbFailed);
        }
        case 'notes-create-direct': {
          const check = checkDirectNote(payload);
          if (!check.ok) return errorReply(request, check.error);
          if (check.caseId !== ticket.caseId) return errorReply(request, BRIDGE_TEXTS.directNoteInvalid);
          const saved = await addNote(ticket.id, check.parts);
          return saved.ok ? successReply(request, BRIDGE_TEXTS.noteCreated, { noteId: saved.noteId }) : errorReply(request, BRIDGE_TEXTS.directNoteFailed);
        }
        case 'uploadFiles': {
          if (!Array.isArray(payload.files) || payload.files.length === 0) return errorReply(request, BRIDGE_TEXTS.invalidFiles);
          if (typeof payload.caseId !== 'string' || payload.caseId === '') return errorReply(request, BRIDGE_TEXTS.uploadNeedsCase);
          return errorReply(request, BRIDGE_TEXTS.filesUnavailable);
        }
        case 'get-single-file':
        case 'createCaseForFiles':
          return errorReply(request, BRIDGE_TEXTS.filesUnavailable);
        case 'submit':
        case 'save': {
          const data = readTemplateData(payload);
          if (data === null) return errorReply(request, BRIDGE_TEXTS.submissionMissing);
          const mine = ticket.status === 'assigned' && ticket.assigneeUserId === userId;
          if (!mine) {
            // Part 2 §4: solving needs the ticket claimed; the user goes back to the inbox to claim it.
            showToast('info', i18next.t('tickets.notAssigned'));
            if (request.type === 'submit') void navigate({ to: '/tickets' });
            return errorReply(request, TICKET_MESSAGES.notAssigned);
          }
          const result = request.type === 'submit' ? await resolveTicket(ticket.id, data) : await saveTicketData(ticket.id, data);
          if (!result.ok) return errorReply(request, result.message);
          if (request.type === 'submit') void navigate({ to: '/tickets' });
          return successReply(request, i18next.t('tickets.saved'));
        }
      }
    },
    [ticket, userId, navigate],
  );
}
