/**
 * SEAM: the form-field rules live in src/domain/forms/formFields.ts (the server's, shared with the public endpoint).
 * Until that module is on this branch, this file stands in for it with the contract's shapes; once it is, this
 * file re-exports it and nothing else changes.
 */
export type FormField = {
  name: string;
  type: 'text' | 'email' | 'number' | 'tel' | 'date' | 'textarea' | 'select' | 'checkbox' | 'radio';
  required: boolean;
  label: string | null;
  options?: string[];
};

export const SUBMISSION_LIMITS = { maxValueLength: 5000, maxBodyBytes: 65536 } as const;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkSubmission(fields: readonly FormField[], values: Record<string, string>): { ok: true } | { ok: false; message: string; field?: string } {
  const byName = new Map(fields.map((field) => [field.name, field]));
  for (const name of Object.keys(values)) if (!byName.has(name)) return { ok: false, message: `Unknown field ${name}`, field: name };
  for (const field of fields) {
    const value = values[field.name] ?? '';
    const label = field.label ?? field.name;
    if (value.length > SUBMISSION_LIMITS.maxValueLength) return { ok: false, message: `${label} is too long`, field: field.name };
    if (field.required && value.trim() === '') return { ok: false, message: `Please fill in ${label}`, field: field.name };
    if (value.trim() === '') continue;
    if (field.type === 'email' && !EMAIL_SHAPE.test(value.trim())) return { ok: false, message: `Please enter a valid e-mail address in ${label}`, field: field.name };
    if (field.type === 'number' && !Number.isFinite(Number(value))) return { ok: false, message: `Please enter a number in ${label}`, field: field.name };
  }
  return { ok: true };
}
