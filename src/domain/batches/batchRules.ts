/**
 * Batches (part 2 §2 wizard, §3 batch, §5 batch rules, §8 messages, §9 constants). The CSV reading rules are in
 * `csvText.ts` (bytes and text) and `batchLines.ts` (header and lines); both are shared by the CSV worker and the
 * wizard. The zod schema of the batch's fields is in `batchFields.ts`, so the CSV worker does not load zod.
 */

/** Part 2 §8 and §5 as the spec words them (its misspelling 'requiered' corrected), and the CSV reading messages. */
export const BATCH_MESSAGES = {
  created: (batchId: string, inserted: number, total: number) => `Batch ${batchId} created. Inserted (${inserted}/${total}) lines!`,
  createFailed: 'Batch could not be created!',
  notExecuted: 'Batch not executed.',
  inProgress: 'Batch in progress.',
  noCases: 'This batch does not contain any case!',
  cannotStop: "You're not able to stop the batch.",
  noBatches: 'No batches found.',
  noPersonalBatches: 'No personal batches found.',
  noLines: 'No lines found.',
  playTitle: 'Play batch',
  onlyCsv: 'Only files in CSV format are allowed!',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  descriptionTooShort: 'Description must be at least 10 characters',
  descriptionTooLong: 'The description must have a maximum of 120 characters',
  caseTypeRequired: 'Choose a case type',
  fileRequired: 'Choose a CSV file',
  // The spec does not word the CSV reading errors; these say what is wrong and what to do.
  emptyFile: 'The file is empty: its first line must be the header.',
  noHeader: 'The file has no header line: its first line must name the columns.',
  headerNameMissing: (column: number) => `Column ${column} of the header has no name.`,
  headerNameRepeated: (name: string) => `The header names the column "${name}" more than once.`,
  utf16: 'The file is saved as UTF-16: save it as "CSV UTF-8" and choose it again.',
  notUtf8: (line: number) => `The file stops being valid UTF-8 at line ${line}: save it as "CSV UTF-8" and choose it again.`,
  readFailed: 'The file could not be read. Choose it again.',
  raggedLine: (line: number, values: number, columns: number) => `Line ${line} has ${values} values; the header has ${columns} columns.`,
  unclosedQuote: (line: number) => `Line ${line} opens a quoted value that is never closed.`,
  malformedQuote: (line: number) => `Line ${line} has text right after a closing quote.`,
} as const;

/** Part 2 §9: the wizard's preview table paginates above 5 rows; batches and lines 10 per page above 10 rows. */
export const BATCH_PREVIEW_PAGE_SIZE = 5;
export const BATCH_PAGE_SIZE = 10;
/** Part 2 §9: batch files are loaded 3 at a time. */
export const BATCH_FILE_CONCURRENCY = 3;

export const BATCH_DESCRIPTION_MIN = 10;
export const BATCH_DESCRIPTION_MAX = 120;
export const BATCH_NAME_MAX = 120;

/** Part 2 §5: only .csv files are allowed (by name; the content is checked when it is read). */
export const CSV_EXTENSION = '.csv';
export const isCsvFileName = (name: string): boolean => name.trim().toLowerCase().endsWith(CSV_EXTENSION) && name.trim().length > CSV_EXTENSION.length;

export type BatchWizardStart = { name: string; description: string; caseType: string; fileName: string | null };

/**
 * Part 2 §5: name, description, case type and a file are needed to continue to the preview, and the file must be
 * a .csv. Answers the first missing thing's message, or null when the wizard may continue.
 */
export function missingForContinue(start: BatchWizardStart): string | null {
  if (!start.name.trim()) return BATCH_MESSAGES.nameRequired;
  if (!start.description.trim()) return BATCH_MESSAGES.descriptionRequired;
  if (!start.caseType.trim()) return BATCH_MESSAGES.caseTypeRequired;
  if (start.fileName === null) return BATCH_MESSAGES.fileRequired;
  if (!isCsvFileName(start.fileName)) return BATCH_MESSAGES.onlyCsv;
  return null;
}

/** Part 2 §9: the preview paginates only above one page of rows. */
export const previewIsPaginated = (rowCount: number): boolean => rowCount > BATCH_PREVIEW_PAGE_SIZE;
