import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * CORS origins as part 1 describes them: §3 fields (origin, description, workspace — null means global —, active),
 * §5 rules and §8 messages. An origin is kept as the browser sends it in the Origin header, scheme://host[:port],
 * so '  HTTPS://Partner.Example:443/app ' and 'https://partner.example' are the same origin.
 */
export const CORS_MESSAGES = {
  originRequired: 'Origin URL is required',
  originInvalid: 'Please enter a valid URL',
  duplicate: 'This origin already exists',
  forbidden: 'You do not have permission to perform this action',
  globalReadOnly: 'Global origins are read-only',
  globalUndeletable: 'Global origins cannot be deleted',
  loadFailed: 'Failed to load CORS origins',
  createFailed: 'Failed to create origin',
  updateFailed: 'Failed to update origin',
  deleteFailed: 'Failed to delete origin',
  created: 'Origin created successfully',
  updated: 'Origin updated successfully',
  deleted: 'Origin deleted successfully',
} as const;

export const ORIGIN_MAX = 500;
export const DESCRIPTION_MAX = 500;

/** 'https://Partner.Example:443/app' → 'https://partner.example'; null for anything that is not an http(s) URL with a host. */
export function normaliseOriginUrl(value: string): string | null {
  const text = value.trim();
  // A scheme and '//' are required: 'partner.example' or 'mailto:x' are not origins a browser sends.
  if (!/^https?:\/\/[^\s/?#]/i.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '' || url.username !== '' || url.password !== '') return null;
    return `${url.protocol}//${url.host}`.toLowerCase();
  } catch {
    return null;
  }
}

/** Required, then a valid URL, with the spec's own words; the value becomes the normalised origin. */
export const originSchema = z
  .string({ error: CORS_MESSAGES.originRequired })
  .trim()
  .min(1, CORS_MESSAGES.originRequired)
  .max(ORIGIN_MAX, CORS_MESSAGES.originInvalid)
  .transform((value, ctx) => {
    const origin = normaliseOriginUrl(value);
    if (origin === null) {
      ctx.addIssue({ code: 'custom', message: CORS_MESSAGES.originInvalid });
      return z.NEVER;
    }
    return origin;
  });

/** Optional; blank is no description. */
export const descriptionSchema = z
  .string()
  .trim()
  .max(DESCRIPTION_MAX, `The description is too long (at most ${DESCRIPTION_MAX} characters)`)
  .nullish()
  .transform((value) => (value ? value : null));

export const corsFieldsSchema = z.object({ origin: originSchema, description: descriptionSchema });
export type CorsFields = z.infer<typeof corsFieldsSchema>;

export const createCorsArgs = corsFieldsSchema.extend({ id: clientIdSchema });
export const updateCorsArgs = corsFieldsSchema.extend({ id: idRefSchema, active: z.boolean().optional() });
export const deleteCorsArgs = z.object({ id: idRefSchema });
export type CreateCorsArgs = z.infer<typeof createCorsArgs>;
export type UpdateCorsArgs = z.infer<typeof updateCorsArgs>;
export type DeleteCorsArgs = z.infer<typeof deleteCorsArgs>;

/** The form's check, field by field, in the spec's words (what shows under each field). */
export function corsFormErrors(values: { origin: string; description: string }): { origin?: string; description?: string } {
  const parsed = corsFieldsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: { origin?: string; description?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'origin' || field === 'description') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
