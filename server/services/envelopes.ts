import type { Kysely } from 'kysely';
import {
  ENVELOPE_MESSAGES,
  type CreateEnvelopeArgs,
  type EnvelopeInfo,
  type EnvelopeStatus,
  type GenerateUrlBody,
  type SigningLink,
} from '../../src/domain/envelopes/envelopeRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { providerFor, type EnvelopeRow, type SigningSession } from '../envelopes/provider.ts';
import { ApiError } from '../http/errors.ts';
import { requireCaseAccess } from './caseFiles.ts';
import { runWrite, type WriteService } from './context.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const toEnvelopeInfo = (row: EnvelopeRow): EnvelopeInfo => ({
  id: row.id,
  caseId: row.case_id,
  provider: row.provider,
  providerEnvelopeId: row.provider_envelope_id,
  status: row.status as EnvelopeStatus,
  signer: { name: row.signer_name, email: row.signer_email },
  documentFileId: row.document_file_id,
  signedFileId: row.signed_file_id,
  auditFileId: row.audit_file_id,
  expiresAt: iso(row.expires_at),
  signedAt: iso(row.signed_at),
  createdAt: row.created_at.toISOString(),
});

/**
 * The mutation `envelope.create` and POST /cases/{id}/envelopes: the caller must be able to open the case, and the
 * document, when named, must be a live file of it. An id already used is a conflict (a replayed mutation never gets
 * here: the mutation log answers it).
 */
export const createEnvelope: WriteService<CreateEnvelopeArgs, EnvelopeInfo> = async ({ tx, rev, actor, now }, args) => {
  await requireCaseAccess(tx, actor, args.caseId);
  if (args.documentFileId) {
    const file = await tx
      .selectFrom('case_files')
      .select('id')
      .where('id', '=', args.documentFileId)
      .where('case_id', '=', args.caseId)
      .where('workspace_id', '=', actor.workspaceId)
      .where('deleted', '=', false)
      .executeTakeFirst();
    if (!file) throw new ApiError(400, 'document-not-found', ENVELOPE_MESSAGES.documentNotFound);
  }
  const row = await tx
    .insertInto('envelopes')
    .values({
      id: args.envelopeId,
      workspace_id: actor.workspaceId,
      case_id: args.caseId,
      provider: 'builtin',
      provider_envelope_id: args.envelopeId,
      document_file_id: args.documentFileId,
      signer_name: args.signerName,
      signer_email: args.signerEmail,
      created_by: actor.userId,
      rev,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError(409, 'conflict', `Envelope id ${args.envelopeId} is already used`);
  return toEnvelopeInfo(row);
};

/** An envelope of a case the caller may open: 404 for another workspace's or an unknown one, 403 for a case they cannot open. */
export async function findEnvelope(db: Kysely<Database>, actor: AuthContext, caseId: string, envelopeId: string): Promise<EnvelopeRow> {
  await requireCaseAccess(db, actor, caseId);
  const row = await db
    .selectFrom('envelopes')
    .selectAll()
    .where('id', '=', envelopeId)
    .where('case_id', '=', caseId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'not-found', ENVELOPE_MESSAGES.notFound);
  return row;
}

type StoreSession = { envelopeId: string; caseId: string; session: SigningSession; callback: string | null };

/** Keeps the new link's hash (replacing the old link) unless the envelope was signed in the meantime. */
const storeSession: WriteService<StoreSession, EnvelopeRow> = async ({ tx, rev, actor, now }, { envelopeId, caseId, session, callback }) => {
  const row = await tx
    .updateTable('envelopes')
    .set({
      status: 'sent',
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      provider_envelope_id: session.providerEnvelopeId,
      callback_url: callback,
      rev,
      updated_at: now,
    })
    .where('id', '=', envelopeId)
    .where('case_id', '=', caseId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('status', 'in', ['created', 'sent', 'expired'])
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new ApiError(409, 'already-signed', ENVELOPE_MESSAGES.alreadySigned);
  return row;
};

/**
 * POST /cases/{id}/envelopes/{envelopeId}/generateUrl: a fresh signing link from the envelope's provider. What the
 * body names must match the envelope. The URL (with its secret) is answered here only; a signed envelope is 409.
 */
export async function issueSigningLink(
  db: Kysely<Database>,
  actor: AuthContext,
  caseId: string,
  envelopeId: string,
  body: GenerateUrlBody,
  baseUrl: string,
): Promise<SigningLink> {
  const envelope = await findEnvelope(db, actor, caseId, envelopeId);
  const { signer } = body;
  const mismatch =
    (body.caseId !== undefined && body.caseId !== caseId) ||
    (body.providerEnvelopeId !== undefined && body.providerEnvelopeId !== (envelope.provider_envelope_id ?? envelope.id)) ||
    (signer?.email !== undefined && signer.email.toLowerCase() !== envelope.signer_email.toLowerCase()) ||
    (signer?.name !== undefined && signer.name !== envelope.signer_name);
  if (mismatch) throw new ApiError(400, 'mismatch', ENVELOPE_MESSAGES.mismatch);
  if (envelope.status === 'signed' || envelope.status === 'declined') throw new ApiError(409, 'already-signed', ENVELOPE_MESSAGES.alreadySigned);
  const provider = providerFor(envelope.provider);
  if (!provider) throw new ApiError(409, 'provider-unavailable', `The e-signature provider ${envelope.provider} is not available`);
  const callback = body.callback ?? envelope.callback_url;
  const session = await provider.signingUrl({ envelope, baseUrl, callback, now: new Date() });
  await runWrite(db, actor, storeSession, { envelopeId, caseId, session, callback });
  return { envelopeId, url: session.url, expiresAt: session.expiresAt.toISOString() };
}
