import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * E-signature envelopes (part 2 §3, §7 "Envelopes and files"): one signer signs a case, optionally over one of its
 * files; the signature is a PNG data image (part 2 §3 "File"). Shared by the console, the mutation and the server.
 */
export const ENVELOPE_PROVIDERS = ['builtin'] as const;
export type EnvelopeProviderName = (typeof ENVELOPE_PROVIDERS)[number];
export const ENVELOPE_STATUSES = ['created', 'sent', 'signed', 'declined', 'expired'] as const;
export type EnvelopeStatus = (typeof ENVELOPE_STATUSES)[number];

/** How long a signing link stays valid: a week, the usual window for an e-signature request. */
export const SIGNING_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The link's secret: 32 random bytes in base64url (256 bits), so 43 characters. */
export const SIGNING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const SIGNING_PATH = '/sign';
/** The decoded signature image may not exceed this (a pad drawing is a few kB to tens of kB). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
/** A pad is at most this many pixels on each side. */
export const SIGNATURE_MAX_SIDE = 4000;

export const ENVELOPE_MESSAGES = {
  notFound: 'Envelope not found',
  documentNotFound: 'The document to sign is not a file of this case',
  alreadySigned: 'This document has already been signed',
  expired: 'This signing link has expired: ask for a new one',
  linkNotValid: 'This signing link is not valid',
  notPng: 'The signature must be a PNG image (data:image/png;base64,…)',
  tooLarge: `The signature image must be at most ${SIGNATURE_MAX_BYTES / 1024} kB`,
  mismatch: 'The case, envelope or signer does not match this envelope',
} as const;

export const signerSchema = z.object({
  name: z.string().trim().min(1, 'The signer name is required').max(120, 'The signer name must be at most 120 characters'),
  email: z.email('The signer e-mail is not valid').trim().max(254),
});
export type Signer = z.infer<typeof signerSchema>;

/** The mutation `envelope.create` (and POST /cases/{id}/envelopes with the case from the path). */
export const createEnvelopeArgs = z.object({
  caseId: idRefSchema,
  envelopeId: clientIdSchema,
  signerName: signerSchema.shape.name,
  signerEmail: signerSchema.shape.email,
  documentFileId: idRefSchema.nullable().default(null),
});
export type CreateEnvelopeArgs = z.infer<typeof createEnvelopeArgs>;

/** POST /cases/{id}/envelopes: the signer and, optionally, the case file to sign and the client's id for it. */
export const createEnvelopeBody = z.object({
  signer: signerSchema,
  documentFileId: idRefSchema.nullable().optional(),
  envelopeId: clientIdSchema.optional(),
});

/** Only http(s) addresses are kept as a callback: the signing page links to it after signing. */
const callbackSchema = z
  .url({ protocol: /^https?$/, error: 'The callback must be an http(s) address' })
  .max(2000)
  .nullable()
  .optional();

/**
 * POST /cases/{id}/envelopes/{envelopeId}/generateUrl (part 2 §7: case id, provider envelope id, signer, callback).
 * Each field is optional; when given it must match the envelope, so a stale screen cannot get a link for another.
 */
export const generateUrlBody = z
  .object({ caseId: idRefSchema.optional(), providerEnvelopeId: z.string().max(200).optional(), signer: signerSchema.partial().optional(), callback: callbackSchema })
  .default({});
export type GenerateUrlBody = z.infer<typeof generateUrlBody>;

export const signingTokenSchema = z.string().regex(SIGNING_TOKEN_PATTERN, ENVELOPE_MESSAGES.linkNotValid);
/** POST /sign/{token}: the drawn signature as a PNG data URL. */
export const signBody = z.object({ signature: z.string().max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 64, ENVELOPE_MESSAGES.tooLarge) });

/** An envelope as the calls answer it. */
export type EnvelopeInfo = {
  id: string;
  caseId: string;
  provider: string;
  providerEnvelopeId: string | null;
  status: EnvelopeStatus;
  signer: Signer;
  documentFileId: string | null;
  signedFileId: string | null;
  auditFileId: string | null;
  expiresAt: string | null;
  signedAt: string | null;
  createdAt: string;
};
export type SigningLink = { envelopeId: string; url: string; expiresAt: string };

/** What the screens show: a link that ran out is 'expired' even before anyone tried it. */
export function envelopeState(envelope: { status: string; expiresAt: number | null }, now: number): EnvelopeStatus {
  if (envelope.status === 'sent' && envelope.expiresAt !== null && envelope.expiresAt <= now) return 'expired';
  return (ENVELOPE_STATUSES as readonly string[]).includes(envelope.status) ? (envelope.status as EnvelopeStatus) : 'created';
}
