import { z } from 'zod';
import { TRACE_METHODS } from './traceQueries.ts';

/**
 * General external calls a minute per signed-in user before 429: each one holds a server connection for up to the
 * API timeout and writes a trace row, so one account cannot turn the server into a load generator.
 */
export const EXTERNAL_CALL_RATE_LIMIT = { max: 60, timeWindowMs: 60_000 } as const;

/** The longest URL the general external call accepts. */
export const EXTERNAL_CALL_URL_MAX = 2000;

export const EXTERNAL_CALL_MESSAGES = {
  url: 'url must be an http or https address',
  verb: `verb must be one of ${TRACE_METHODS.join(', ')}`,
} as const;

/**
 * POST /call-external-api (part 1 §7; part 2 §7 uses it for a document lookup from a ticket's frame): the URL, the
 * verb (any case) and an optional JSON body, sent as JSON.
 */
export const externalCallBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(EXTERNAL_CALL_URL_MAX, `url must be ${EXTERNAL_CALL_URL_MAX} characters at most`)
      .refine((url) => URL.canParse(url) && ['http:', 'https:'].includes(new URL(url).protocol), EXTERNAL_CALL_MESSAGES.url),
    verb: z
      .string()
      .transform((verb) => verb.trim().toUpperCase())
      .pipe(z.enum(TRACE_METHODS, { error: EXTERNAL_CALL_MESSAGES.verb })),
    body: z.json().optional(),
  });
export type ExternalCallBody = z.output<typeof externalCallBodySchema>;
