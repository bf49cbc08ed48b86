import { z } from 'zod';
import { agentPrefix, decodeNote, encodeNote, NOTE_DESCRIPTION_MAX } from '../notes/noteText.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';
import { defineMutation, MutationRefused } from './types.ts';

/** Part 2 §4: the statuses a case moves through. */
export const CASE_STATUSES = ['CREATED', 'PROGRESS', 'COMPLETED'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Part 2 §8 texts, and ours where the spec is silent. */
export const CASE_RECORD_MESSAGES = {
  caseNotFound: 'Case not found, please refresh',
  stateNotOfType: 'This state does not belong to the case type',
  nothingToChange: 'Name at least one field to change',
  noteNotFound: 'Note not found, please refresh',
  notNoteAuthor: 'Only the author of a note, or an administrator, can edit it',
  notAllowed: 'Changing a case needs the CASES module',
} as const;

/** PATCH /cases/{id}: the fields of a case a person may change; each change is logged by the server. */
export const updateCaseFields = z.object({
  caseId: idRefSchema,
  status: z.enum(CASE_STATUSES, { error: 'The status must be CREATED, PROGRESS or COMPLETED' }).optional(),
  stateId: idRefSchema.nullable().optional(),
  description: z.string().trim().min(1, 'Description is required').max(500, 'Description must be at most 500 characters').optional(),
  customerId: z.string().trim().max(120, 'The customer id must be at most 120 characters').nullable().optional(),
  category: z.string().trim().max(120, 'The category must be at most 120 characters').nullable().optional(),
});
export const updateCaseArgs = updateCaseFields.refine((args) => ['status', 'stateId', 'description', 'customerId', 'category'].some((key) => key in args), { message: CASE_RECORD_MESSAGES.nothingToChange });
export type UpdateCaseArgs = z.infer<typeof updateCaseArgs>;

/** Part 2 §5 note form: title and description required, description at most 500 characters. */
const noteFields = {
  title: z.string().trim().min(1, 'Título es requerido').max(200),
  description: z.string().trim().min(1, 'Descripción es requerida').max(NOTE_DESCRIPTION_MAX, 'La descripción debe tener 500 caracteres como máximo'),
  details: z.string().max(500).default(''),
};
export const addCaseNoteArgs = z.object({ caseId: idRefSchema, noteId: clientIdSchema, ...noteFields });
export const editCaseNoteArgs = z.object({ noteId: idRefSchema, ...noteFields });
export type AddCaseNoteArgs = z.infer<typeof addCaseNoteArgs>;
export type EditCaseNoteArgs = z.infer<typeof editCaseNoteArgs>;

function liveCase(docs: ReadonlyMap<string, ReplicaDoc>, caseId: string): ReplicaDoc {
  const found = docs.get(caseId);
  if (!found || found.kind !== 'case' || found.deleted) throw new MutationRefused('not-found', CASE_RECORD_MESSAGES.caseNotFound);
  return found;
}

/** The changed fields of a case, as the server applies them (absent: unchanged). */
export function caseChanges(args: UpdateCaseArgs): Partial<Record<'status' | 'stateId' | 'description' | 'customerId' | 'category', string | null>> {
  const changes: Partial<Record<'status' | 'stateId' | 'description' | 'customerId' | 'category', string | null>> = {};
  if (args.status !== undefined) changes.status = args.status;
  if (args.stateId !== undefined) changes.stateId = args.stateId;
  if (args.description !== undefined) changes.description = args.description;
  if (args.customerId !== undefined) changes.customerId = args.customerId === '' ? null : args.customerId;
  if (args.category !== undefined) changes.category = args.category === '' ? null : args.category;
  return changes;
}

export const updateCase = defineMutation<UpdateCaseArgs>({
  name: 'case.update',
  args: updateCaseArgs,
  reads: ({ caseId, stateId }) => [{ collection: 'cases', id: caseId }, ...(stateId ? [{ collection: 'config' as const, id: stateId }] : [])],
  apply(args, docs, _actor, now) {
    const current = liveCase(docs, args.caseId);
    const state = args.stateId ? docs.get(args.stateId) : undefined;
    // A state the replica holds must be of the case's type; one it does not hold yet is the server's to judge.
    if (state && (state.kind !== 'caseState' || state.caseTypeId !== current.caseTypeId)) throw new MutationRefused('invalid-state', CASE_RECORD_MESSAGES.stateNotOfType);
    const changes = caseChanges(args);
    const closing = changes.status === undefined ? current.closing : changes.status === 'COMPLETED' ? (current.closing ?? now) : null;
    return [{ collection: 'cases', doc: { ...current, ...changes, closing, updatedAt: now } }];
  },
});

export const addCaseNote = defineMutation<AddCaseNoteArgs>({
  name: 'case.addNote',
  args: addCaseNoteArgs,
  reads: ({ caseId }) => [{ collection: 'cases', id: caseId }],
  apply({ caseId, noteId, title, description, details }, docs, actor, now) {
    const current = liveCase(docs, caseId);
    const note: ReplicaDoc = {
      id: noteId,
      kind: 'caseNote',
      rev: 0,
      deleted: false,
      workspaceId: current.workspaceId,
      caseId,
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

/** Part 2 §3: an edited note keeps its author and prefix and is shown with '(Editado)'. */
export const editCaseNote = defineMutation<EditCaseNoteArgs>({
  name: 'case.editNote',
  args: editCaseNoteArgs,
  reads: ({ noteId }) => [{ collection: 'caseRecords', id: noteId }],
  apply({ noteId, title, description, details }, docs, actor, now) {
    const note = docs.get(noteId);
    if (!note || note.kind !== 'caseNote' || note.deleted) throw new MutationRefused('not-found', CASE_RECORD_MESSAGES.noteNotFound);
    if (note.authorUserId !== actor.userId && !isAdminRole(actor.role)) throw new MutationRefused('forbidden', CASE_RECORD_MESSAGES.notNoteAuthor);
    const prefix = decodeNote(typeof note.noteText === 'string' ? note.noteText : '')?.agentPrefix || agentPrefix(actor.name);
    return [{ collection: 'caseRecords', doc: { ...note, noteText: encodeNote({ title, details, description, agentPrefix: prefix }), edited: true, updatedAt: now } }];
  },
});

export const CASE_RECORD_MUTATIONS = [updateCase, addCaseNote, editCaseNote];
