/**
 * The visitor's values checked before they are kept: every field on its own through the shared rule
 * (checkSubmission, the one the server applies), so all problems show at once, each next to its field, in the
 * visitor's language.
 */
import { checkSubmission, SUBMISSION_LIMITS, type FormField } from '../src/domain/forms/formFields.ts';
import type { KioskTexts } from './texts.ts';

export type FieldMessage = { field: string; message: string };

/** The visitor-facing words for a value the shared rule refused: which rule it broke, from what the value is. */
function problemText(field: FormField, value: string, texts: KioskTexts): string {
  const label = field.label ?? field.name;
  if (value.length > SUBMISSION_LIMITS.maxValueLength) return texts.tooLong(SUBMISSION_LIMITS.maxValueLength);
  if (value.trim() === '') return texts.pleaseFillIn(label);
  if (field.type === 'email') return texts.invalidEmail;
  if (field.type === 'number') return texts.invalidNumber;
  return texts.pleaseFillIn(label);
}

/** One message per refused field, in the form's order; empty when the server will accept the values. */
export function fieldMessages(fields: readonly FormField[], values: Record<string, string>, texts: KioskTexts): FieldMessage[] {
  const messages: FieldMessage[] = [];
  for (const field of fields) {
    const value = values[field.name] ?? '';
    const verdict = checkSubmission([field], { [field.name]: value });
    if (!verdict.ok) messages.push({ field: field.name, message: problemText(field, value, texts) });
  }
  if (messages.length === 0) {
    // Whatever a per-field check cannot see (a value for a name the form does not have).
    const whole = checkSubmission(fields, values);
    if (!whole.ok) messages.push({ field: whole.field ?? '', message: texts.unknownField });
  }
  return messages;
}
