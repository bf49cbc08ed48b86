/**
 * The frame message bridge of part 2 §7: the messages a ticket's template may post to the console, how they
 * are checked (part 2 §5) and the exact texts of the replies (part 2 §8). Pure; the screen does the writing.
 */
import { NOTE_SEPARATOR, decodeNote, type NoteParts } from '../notes/noteText.ts';

/** Part 2 §9: the fixed "no case" marker a template sends when it has no case (its value is not in the spec). */
export const NIL_CASE_ID = '00000000-0000-0000-0000-000000000000';

export const BRIDGE_TEXTS = {
  noteSaved: 'Note saved successfully',
  noteCreated: 'Note created successfully',
  saveNoteFailed: 'Failed to save note',
  invalidNote: 'Invalid note format',
  createNoteFailed: 'Failed to create note',
  saveNoteDbFailed: 'Failed to save note to database',
  directNoteFailed: 'Failed to create direct note',
  directNoteInvalid: 'Missing required note data or invalid caseId',
  fileNotFound: 'File not found or access denied',
  createCaseFailed: 'Failed to create case or upload files',
  invalidFiles: 'Invalid files data',
  uploadNeedsCase: 'Case ID must be provided for file upload...',
  uploadFailed: 'S3 upload failed',
  /** Files are a later slice; the console says so plainly instead of pretending. */
  filesUnavailable: 'File transfer is not available yet in this console',
  submissionMissing: 'Submission failed: required information missing.',
} as const;

/** Message types the bridge answers (part 2 §7) plus the template's own submit and save. */
export const BRIDGE_TYPES = ['get-single-file', 'createCaseForFiles', 'isNotes', 'notes-create-direct', 'uploadFiles', 'submit', 'save'] as const;
export type BridgeType = (typeof BRIDGE_TYPES)[number];

export type BridgeRequest = { type: BridgeType; requestId: string | null; payload: Record<string, unknown> };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message the bridge handles, or null for anything else (other tools' messages are ignored, not answered). */
export function readBridgeRequest(data: unknown): BridgeRequest | null {
  if (!isRecord(data) || typeof data.type !== 'string') return null;
  if (!(BRIDGE_TYPES as readonly string[]).includes(data.type)) return null;
  const requestId = typeof data.requestId === 'string' || typeof data.requestId === 'number' ? String(data.requestId) : null;
  return { type: data.type as BridgeType, requestId, payload: data };
}

export type BridgeReply = { type: string; requestId: string | null; success: boolean; message?: string; error?: string } & Record<string, unknown>;

export const replyTypeOf = (type: BridgeType) => `${type}-response`;

export function successReply(request: BridgeRequest, message: string, extra: Record<string, unknown> = {}): BridgeReply {
  return { type: replyTypeOf(request.type), requestId: request.requestId, success: true, message, ...extra };
}

export function errorReply(request: BridgeRequest, error: string): BridgeReply {
  return { type: replyTypeOf(request.type), requestId: request.requestId, success: false, error };
}

const validCaseId = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value !== NIL_CASE_ID;

export type NoteCheck = { ok: true; caseId: string; parts: NoteParts } | { ok: false; error: string };

/** isNotes: non-empty case_note, a real caseId, and at least three parts joined by the separator. */
export function checkIsNotes(payload: Record<string, unknown>): NoteCheck {
  const text = payload.case_note;
  if (typeof text !== 'string' || text.trim() === '' || !validCaseId(payload.caseId)) return { ok: false, error: BRIDGE_TEXTS.invalidNote };
  const parts = decodeNote(text);
  if (parts === null) return { ok: false, error: BRIDGE_TEXTS.invalidNote };
  return { ok: true, caseId: payload.caseId, parts };
}

/**
 * notes-create-direct: note text and a real caseId. A text in the three-slash form keeps its parts; a plain
 * text becomes the description, titled with its first line.
 */
export function checkDirectNote(payload: Record<string, unknown>): NoteCheck {
  const raw = payload.note ?? payload.noteText ?? payload.case_note;
  if (typeof raw !== 'string' || raw.trim() === '' || !validCaseId(payload.caseId)) return { ok: false, error: BRIDGE_TEXTS.directNoteInvalid };
  const parts = raw.includes(NOTE_SEPARATOR) ? decodeNote(raw) : null;
  if (parts !== null) return { ok: true, caseId: payload.caseId, parts };
  const text = raw.trim();
  const title = (text.split('\n')[0] ?? text).slice(0, 80);
  return { ok: true, caseId: payload.caseId, parts: { title, details: '', description: text, agentPrefix: '' } };
}

/** submit and save carry the template's values as a plain object. */
export function readTemplateData(payload: Record<string, unknown>): Record<string, unknown> | null {
  const data = payload.data ?? {};
  return isRecord(data) ? data : null;
}
