/**
 * The note form of part 2 §3 and §5: its checks (reported as message keys, so the UI shows the spec's Spanish
 * texts in Spanish and their translations in English) and the details line with author and date.
 */
import { NOTE_DESCRIPTION_MAX } from '../notes/noteText.ts';
import { formatDate } from '../ui/dateFormat.ts';

/** Part 2 §9: the note dialog (and the photo tool) close themselves after ten minutes. */
export const NOTE_DIALOG_AUTO_CLOSE_MS = 600_000;
/** The '(Editado)' mark of an edited note is part of the stored text, so it stays in Spanish. */
export const EDITED_MARK = '(Editado)';

export type NoteFormValues = { title: string; description: string };
export type NoteFormErrors = { title?: 'titleRequired'; description?: 'descriptionRequired' | 'descriptionTooLong' };

export function validateNoteForm(values: NoteFormValues): NoteFormErrors {
  const errors: NoteFormErrors = {};
  if (values.title.trim() === '') errors.title = 'titleRequired';
  const description = values.description.trim();
  if (description === '') errors.description = 'descriptionRequired';
  else if (description.length > NOTE_DESCRIPTION_MAX) errors.description = 'descriptionTooLong';
  return errors;
}

export const hasNoteErrors = (errors: NoteFormErrors) => errors.title !== undefined || errors.description !== undefined;

/**
 * Part 2 §9 date format: MM-DD-YYYY HH:mm, in the viewer's time zone. This is the text stored in a note's details
 * (the server and other readers see it), so it is the spec's English order whatever the writer's language.
 */
export function formatNoteDate(epochMs: number, timeZone?: string): string {
  return formatDate(epochMs, { locale: 'en-US', timeZone });
}

/** Splits a details line written by noteDetails() back into author and date; null for free text (from a template). */
export function parseNoteDetails(details: string): { author: string; edited: boolean } | null {
  const match = /^(.*?) ?\d{2}-\d{2}-\d{4} \d{2}:\d{2}( \(Editado\))?$/.exec(details.trim());
  return match === null ? null : { author: match[1] ?? '', edited: match[2] !== undefined };
}

/** The details line: author name plus date, and '(Editado)' when the note was edited. */
export function noteDetails(authorName: string, epochMs: number, edited: boolean, timeZone?: string): string {
  const base = `${authorName.trim() || 'UE'} ${formatNoteDate(epochMs, timeZone)}`;
  return edited ? `${base} ${EDITED_MARK}` : base;
}
