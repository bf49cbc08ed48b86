import i18next from 'i18next';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { useReturnTo } from '../../app/shell/returnTo.ts';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { readCaseFile } from '../../data/caseFiles.ts';
import { mutate, useDoc } from '../../data/replica.ts';
import { enabledModuleSet, mayOpenEveryCase } from '../../domain/access/modules.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import {
  BRIDGE_TEXTS,
  checkCreateCaseForFiles,
  checkDirectNote,
  checkFileRequest,
  checkIsNotes,
  checkUploadFiles,
  errorReply,
  readTemplateData,
  successReply,
  type BridgeReply,
  type BridgeRequest,
} from '../../domain/tickets/bridgeMessages.ts';
import type { NoteParts } from '../../domain/notes/noteText.ts';
import { TICKET_MESSAGES } from '../../domain/mutations/ticketMutations.ts';
import { uploadBridgeFiles } from './bridgeFiles.ts';
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
  const returnTo = useReturnTo();
  const account = useAtomValue(accountAtom)?.account;
  // Whoever may open every case may create one (the server checks the same rule).
  const canCreateCases = account !== undefined && mayOpenEveryCase(isAdminRole(account.role), enabledModuleSet(account.enabledModules));
  const caseTypeId = useDoc('cases', ticket.caseId)?.caseTypeId ?? null;
  // The cases this frame may read and write files of: its ticket's, and those it created.
  const frameCases = useRef(new Set<string>());
  useEffect(() => {
    frameCases.current = new Set(ticket.caseId === null ? [] : [ticket.caseId]);
  }, [ticket.id, ticket.caseId]);
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
          const check = checkUploadFiles(payload);
          if (!check.ok) return errorReply(request, check.error);
          // A template writes only to its own ticket's case, or to a case it created.
          if (!frameCases.current.has(check.caseId)) return errorReply(request, BRIDGE_TEXTS.uploadFailed);
          const files = await uploadBridgeFiles(check.caseId, check.files, check.makePublic);
          return files ? successReply(request, BRIDGE_TEXTS.filesSaved, { caseId: check.caseId, files }) : errorReply(request, BRIDGE_TEXTS.uploadFailed);
        }
        case 'get-single-file': {
          const check = checkFileRequest(payload);
          if (!check.ok || !frameCases.current.has(check.caseId)) return errorReply(request, BRIDGE_TEXTS.fileNotFound);
          const read = await readCaseFile(check.caseId, check.fileId);
          if (!read.ok) return errorReply(request, BRIDGE_TEXTS.fileNotFound);
          const { fileId, caseId, name, type, size, dataUrl } = read.file;
          return successReply(request, BRIDGE_TEXTS.fileFound, { file: { id: fileId, caseId, name, type, size, data: dataUrl } });
        }
        case 'createCaseForFiles': {
          const check = checkCreateCaseForFiles(payload);
          if (!check.ok || caseTypeId === null || !canCreateCases) return errorReply(request, BRIDGE_TEXTS.createCaseFailed);
          const caseId = `case-${crypto.randomUUID()}`;
          const created = await mutate('case.create', { caseId, caseTypeId, description: check.description }).catch(() => ({ ok: false }) as const);
          if (!created.ok) return errorReply(request, BRIDGE_TEXTS.createCaseFailed);
          frameCases.current.add(caseId);
          const files = await uploadBridgeFiles(caseId, check.files, check.makePublic);
          return files ? successReply(request, BRIDGE_TEXTS.caseCreated, { caseId, files }) : errorReply(request, BRIDGE_TEXTS.createCaseFailed);
        }
        case 'submit':
        case 'save': {
          const data = readTemplateData(payload);
          if (data === null) return errorReply(request, BRIDGE_TEXTS.submissionMissing);
          const mine = ticket.status === 'assigned' && ticket.assigneeUserId === userId;
          if (!mine) {
            // Part 2 §4: solving needs the ticket claimed; the user goes back to the inbox to claim it.
            showToast('info', i18next.t('tickets.notAssigned'));
            if (request.type === 'submit') returnTo('/tickets');
            return errorReply(request, TICKET_MESSAGES.notAssigned);
          }
          const result = request.type === 'submit' ? await resolveTicket(ticket, data) : await saveTicketData(ticket, data);
          if (!result.ok) return errorReply(request, result.message);
          if (request.type === 'submit') returnTo('/tickets');
          return successReply(request, i18next.t('tickets.saved'));
        }
      }
    },
    [ticket, userId, returnTo, caseTypeId, canCreateCases],
  );
}
