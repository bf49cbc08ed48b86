import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Front-desk forms (part 2 §2 Front desk forms and Form editor, §3 Front desk form, §5 form save rules, §7 forms
 * payloads, §8 messages): the schemas shared by the form mutations, the REST routes and the editor.
 */

/** Part 2 §8, as the spec words them. */
export const FORM_MESSAGES = {
  created: 'Form created!',
  edited: 'Form edited successfully!',
  createFailed: 'Form could not be created!',
  editFailed: 'Form could not be edited!',
  copied: 'Form URL copied!',
  noLink: 'Currently, this form does not have a link assigned to it!',
  empty: 'No frontdesk forms found.',
} as const;

/** Refusals of the form mutations and calls, in the user's words. */
export const FORM_REFUSALS = {
  notAdmin: 'Only administrators change front desk forms',
  formIdTaken: 'This Form ID is already used',
  notFound: 'Form not found',
  caseTypeNotFound: 'Case type not found',
  notReady: 'Your data is still loading; try again in a moment',
  notAvailable: 'This form is not available',
} as const;

/**
 * Public submissions per kiosk id and address: a kiosk is one person filling a form at a time, so 120 a minute
 * (two a second) is far above honest use while keeping a runaway or hostile client from filling the cases table.
 */
export const SUBMISSION_RATE_LIMIT = { max: 120, timeWindowMs: 60_000 } as const;

export const FORM_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{2,62}$/;
export const formSlugSchema = z
  .string({ error: 'The Form ID is required' })
  .regex(FORM_SLUG_PATTERN, 'The Form ID has 3 to 63 lower-case letters, digits or "-", starting with a letter or digit');

const SLUG_PREFIX_MAX = 40;
const SLUG_SUFFIX_LENGTH = 6;

/**
 * The default Form ID, built from the workspace id (§7: "the default link is built from the workspace id") and six
 * random base-36 characters, so two forms of one workspace do not collide.
 */
export function newFormSlug(workspaceId: string, random: () => number): string {
  const prefix = workspaceId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '-')
    .slice(0, SLUG_PREFIX_MAX)
    .replace(/^-+/, '');
  let suffix = '';
  for (let i = 0; i < SLUG_SUFFIX_LENGTH; i++) suffix += Math.floor(random() * 36).toString(36);
  return prefix === '' ? `form-${suffix}` : `${prefix}-${suffix}`;
}

export const defaultFormLink = (slug: string): string => `/forms/${slug}`;

const LINK_MAX = 2000;
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

function parsedUrl(text: string): URL | null {
  if (/\s/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.username === '' && url.password === '' ? url : null;
  } catch {
    return null;
  }
}

/** A link is a path of this site ('/forms/…') or an https address. */
export function isFormLink(text: string): boolean {
  if (text.startsWith('/')) return !text.startsWith('//') && !/[\s\\]/.test(text);
  return parsedUrl(text)?.protocol === 'https:';
}

/** A webhook (and the designer address) is https, or http to this machine for a local receiver. */
export function isSafeHttpUrl(text: string): boolean {
  const url = parsedUrl(text);
  if (!url) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
}

const linkSchema = z
  .string({ error: 'The link is required' })
  .trim()
  .min(1, 'The link is required')
  .max(LINK_MAX, `The link is too long (at most ${LINK_MAX} characters)`)
  .refine(isFormLink, 'The link is a path starting with "/" or an https address');

const webhookSchema = z
  .string({ error: 'The webhook must be text or empty' })
  .trim()
  .max(LINK_MAX, `The webhook is too long (at most ${LINK_MAX} characters)`)
  .nullable()
  .transform((value) => (value === null || value === '' ? null : value))
  .refine((value) => value === null || isSafeHttpUrl(value), 'The webhook is an https address (http only for localhost)');

const nameSchema = z
  .string({ error: 'The name is required' })
  .trim()
  .min(1, 'The name is required')
  .max(120, 'The name is too long (at most 120 characters)');
const descriptionSchema = z
  .string({ error: 'The description is required' })
  .trim()
  .min(1, 'The description is required')
  .max(500, 'The description is too long (at most 500 characters)');
const templateSchema = z
  .string({ error: 'The template is required' })
  .min(1, 'The template is required')
  .max(200_000, 'The template is too long (at most 200,000 characters)');
const caseTypeIdSchema = idRefSchema;

export const createFormArgs = z
  .object({
    id: clientIdSchema,
    formId: formSlugSchema,
    name: nameSchema,
    caseTypeId: caseTypeIdSchema,
    description: descriptionSchema,
    template: templateSchema,
    link: linkSchema.nullable(),
  })
  .strict();
export type CreateFormArgs = z.infer<typeof createFormArgs>;

export const updateFormArgs = z
  .object({
    id: idRefSchema,
    name: nameSchema,
    caseTypeId: caseTypeIdSchema,
    description: descriptionSchema,
    template: templateSchema,
    link: linkSchema,
    webhook: webhookSchema,
  })
  .strict();
export type UpdateFormArgs = z.infer<typeof updateFormArgs>;

export type FormDraft = {
  formId?: string | null;
  name?: string | null;
  caseTypeId?: string | null;
  description?: string | null;
  template?: string | null;
  link?: string | null;
};

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/** Part 2 §5: save is enabled when name, case type, description and template are set; edit also needs link and form id. */
export function canSaveForm(mode: 'create' | 'edit', draft: FormDraft): boolean {
  const common = filled(draft.name) && filled(draft.caseTypeId) && filled(draft.description) && filled(draft.template);
  return mode === 'create' ? common : common && filled(draft.link) && filled(draft.formId);
}

/** REST bodies (§7, snake_case case_type): POST /frontdesk/forms and PATCH /frontdesk/forms/:id. */
export const createFormBody = z
  .object({
    name: nameSchema,
    case_type: caseTypeIdSchema,
    description: descriptionSchema,
    template: templateSchema,
    link: linkSchema.nullable().optional(),
    form_id: formSlugSchema.optional(),
  })
  .strict();
export const updateFormBody = z
  .object({
    name: nameSchema.optional(),
    case_type: caseTypeIdSchema.optional(),
    description: descriptionSchema.optional(),
    template: templateSchema.optional(),
    link: linkSchema.optional(),
    webhook: webhookSchema.optional(),
  })
  .strict();

/** The kiosk's submission (the public API of the contract). */
export const KIOSK_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const kioskIdSchema = z.string({ error: 'The x-kiosk-id header is required' }).regex(KIOSK_ID_PATTERN, 'The x-kiosk-id header has 1 to 64 letters, digits or "-"');
export const submissionBody = z
  .object({
    submissionId: z.uuid('submissionId must be a UUID'),
    formVersion: z.number().int().min(1, 'formVersion is a whole number from 1'),
    values: z.record(z.string().max(200), z.string()),
    filledAt: z.number().int().min(0, 'filledAt is a time in milliseconds'),
  })
  .strict();
export type SubmissionBody = z.infer<typeof submissionBody>;

/** The description of a case made by a submission: '<form name> — <first non-empty value>', at most 120 characters. */
export function submissionCaseDescription(formName: string, values: Record<string, string>, fieldOrder: readonly string[]): string {
  const names = [...fieldOrder, ...Object.keys(values).filter((name) => !fieldOrder.includes(name))];
  const first = names.map((name) => values[name]?.trim() ?? '').find((value) => value !== '');
  const text = first === undefined ? formName : `${formName} — ${first.replace(/\s+/g, ' ')}`;
  return text.length <= 120 ? text : `${text.slice(0, 119)}…`;
}
