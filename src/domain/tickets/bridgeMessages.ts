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
  /** Not a spec text (the spec names no success message for files): files are kept and sent by the outbox. */
  filesSaved: 'Files saved',
  fileFound: 'File found',
  caseCreated: 'Case created',
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

/** At most this many files in one frame message (the console's own cap; the spec sets none). */
export const BRIDGE_FILES_MAX = 20;

/** A file a template sends: a File/Blob as posted, or the bytes of a data URL or plain base64 text it sent. */
export type BridgeFile = { name: string; type: string; content: Blob | Uint8Array };
export type FilesCheck = { ok: true; files: BridgeFile[] } | { ok: false; error: string };

const isBlob = (value: unknown): value is Blob => typeof Blob !== 'undefined' && value instanceof Blob;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL = /^data:([^;,]*)(;[^,]*)?;base64,(.*)$/s;

function readBridgeFile(value: unknown, index: number): BridgeFile | null {
  if (isBlob(value)) {
    const name = 'name' in value && typeof value.name === 'string' && value.name !== '' ? value.name : `file${index + 1}`;
    return { name, type: value.type || 'application/octet-stream', content: value };
  }
  if (!isRecord(value)) return null;
  const name = typeof value.name === 'string' && value.name.trim() !== '' ? value.name.trim().slice(0, 255) : null;
  const raw = value.data ?? value.content ?? value.base64 ?? value.file;
  if (name === null) return null;
  if (isBlob(raw)) return { name, type: typeof value.type === 'string' && value.type ? value.type : raw.type || 'application/octet-stream', content: raw };
  if (typeof raw !== 'string' || raw === '') return null;
  const decoded = decodeBase64Content(raw);
  if (decoded === null) return null;
  const type = typeof value.type === 'string' && value.type !== '' ? value.type : (decoded.type ?? 'application/octet-stream');
  return { name, type, content: decoded.bytes };
}

/** A non-empty array of readable files, or 'Invalid files data'. */
export function checkFiles(files: unknown): FilesCheck {
  if (!Array.isArray(files) || files.length === 0 || files.length > BRIDGE_FILES_MAX) return { ok: false, error: BRIDGE_TEXTS.invalidFiles };
  const read = files.map(readBridgeFile);
  if (read.some((file) => file === null)) return { ok: false, error: BRIDGE_TEXTS.invalidFiles };
  return { ok: true, files: read as BridgeFile[] };
}

/** uploadFiles: a non-empty files array and a real caseId, with the spec's two errors. */
export function checkUploadFiles(payload: Record<string, unknown>): (FilesCheck & { ok: true; caseId: string; makePublic: boolean }) | { ok: false; error: string } {
  const files = checkFiles(payload.files);
  if (!files.ok) return files;
  if (!validCaseId(payload.caseId)) return { ok: false, error: BRIDGE_TEXTS.uploadNeedsCase };
  return { ...files, caseId: payload.caseId, makePublic: payload.makePublic === true };
}

/** createCaseForFiles: files and a description; any fault is 'Failed to create case or upload files'. */
export function checkCreateCaseForFiles(
  payload: Record<string, unknown>,
): { ok: true; description: string; files: BridgeFile[]; makePublic: boolean } | { ok: false; error: string } {
  const description = typeof payload.description === 'string' ? payload.description.trim() : '';
  const files = checkFiles(payload.files);
  if (description === '' || description.length > 500 || !files.ok) return { ok: false, error: BRIDGE_TEXTS.createCaseFailed };
  return { ok: true, description, files: files.files, makePublic: payload.makePublic === true };
}

/** get-single-file: a real caseId and a fileId; otherwise 'File not found or access denied'. */
export function checkFileRequest(payload: Record<string, unknown>): { ok: true; caseId: string; fileId: string } | { ok: false; error: string } {
  const fileId = payload.fileId;
  if (!validCaseId(payload.caseId) || typeof fileId !== 'string' || fileId.trim() === '') return { ok: false, error: BRIDGE_TEXTS.fileNotFound };
  return { ok: true, caseId: payload.caseId, fileId };
}

/** A data URL or plain base64 text as bytes (and the data URL's type), or null when it is neither. */
export function decodeBase64Content(content: string): { type: string | null; bytes: Uint8Array } | null {
  const match = DATA_URL.exec(content);
  const base64 = (match ? (match[3] ?? '') : content).replace(/\s+/g, '');
  if (base64 === '' || base64.length % 4 !== 0 || !BASE64.test(base64)) return null;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return { type: match?.[1] || null, bytes };
}
