import { clientIdSchema } from '../validation/ids.ts';

/** Part 2 §8 texts of the file calls and screens. */
export const FILE_MESSAGES = {
  notFound: 'File not found',
  accessDenied: 'Access denied',
  fetchFailed: 'Failed to fetch file',
  missingIds: 'Missing caseId or fileId',
  caseNotFound: 'Case not found',
  noFiles: 'No files for this case',
  /** The spec's Spanish message for a failed save; the UI translates it. */
  saveFailed: '¡Hemos tenido problemas guardando los archivos! Inténtelo mas tarde.',
  noFile: 'Send at least one file (fields file1..n)',
  tooLarge: (limitBytes: number) => `Files are too large: at most ${formatMegabytes(limitBytes)} MB each and in total per upload`,
} as const;

/** Part 2 §9: the file list page size is 6 in the path and 10 in the body. */
export const FILE_LIST_PAGE_SIZE = 6;
export const FILE_LIST_BODY_PAGE_SIZE = 10;
export const FILE_LIST_PAGE_SIZE_MAX = 100;

/** Upload defaults; the server reads its own limits from configuration. */
export const DEFAULT_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_PER_UPLOAD = 10;

/** Ids a client chooses for its files (the row id equals the client's, so a repeated upload is recognised). */
export const fileIdSchema = clientIdSchema;

/** Upload multipart field names: file1, file2, …; "file" alone is accepted as file1. */
export const isFileField = (name: string): boolean => /^file\d*$/.test(name);

/** "true"/"1"/"yes" make a file public; anything else (or nothing) keeps the spec's default, false. */
export const parseMakePublic = (value: string | undefined): boolean => value !== undefined && ['true', '1', 'yes', 'on'].includes(value.trim().toLowerCase());

/** Part 2 §9: sizes in MB with two decimals. */
export const formatMegabytes = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(2);

/** Where a case file's bytes are fetched, as the upload and list answers give it (part 2 §7). */
export const caseFileUrl = (caseId: string, fileId: string): string => `/cases/${encodeURIComponent(caseId)}/files/${encodeURIComponent(fileId)}`;
