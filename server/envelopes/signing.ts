import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ENVELOPE_MESSAGES, SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE } from '../../src/domain/envelopes/envelopeRules.ts';
import { hashToken } from '../auth/sessions.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { newStorageKey, sha256OfStored, type FileStore } from '../files/fileStore.ts';
import { ApiError } from '../http/errors.ts';
import type { EnvelopeRow } from './provider.ts';

const PNG_PREFIX = 'data:image/png;base64,';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The signature as sent by the signing page: a PNG data URL (part 2 §3). Refused with 400 unless it is a real PNG
 * (signature bytes and an IHDR of a sane size), with 413 above SIGNATURE_MAX_BYTES.
 */
export function decodeSignaturePng(dataUrl: string): Buffer {
  if (!dataUrl.startsWith(PNG_PREFIX)) throw new ApiError(400, 'not-png', ENVELOPE_MESSAGES.notPng);
  const base64 = dataUrl.slice(PNG_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw new ApiError(400, 'not-png', ENVELOPE_MESSAGES.notPng);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw new ApiError(413, 'payload-too-large', ENVELOPE_MESSAGES.tooLarge);
  const ihdr = bytes.length >= 24 && bytes.subarray(12, 16).toString('latin1') === 'IHDR';
  if (!ihdr || !bytes.subarray(0, 8).equals(PNG_MAGIC)) throw new ApiError(400, 'not-png', ENVELOPE_MESSAGES.notPng);
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  if (width < 1 || height < 1 || width > SIGNATURE_MAX_SIDE || height > SIGNATURE_MAX_SIDE) throw new ApiError(400, 'not-png', ENVELOPE_MESSAGES.notPng);
  return bytes;
}

export type OpenEnvelope = { envelope: EnvelopeRow; document: { id: string; name: string; type: string; storageKey: string } | null };

/** Why an envelope cannot be signed now, or null when it can. */
function refusal(envelope: EnvelopeRow, now: Date): ApiError | null {
  if (envelope.status === 'signed' || envelope.status === 'declined') return new ApiError(409, 'already-signed', ENVELOPE_MESSAGES.alreadySigned);
  if (envelope.status === 'expired' || !envelope.expires_at || envelope.expires_at <= now) return new ApiError(410, 'link-expired', ENVELOPE_MESSAGES.expired);
  return null;
}

/** The envelope a signing link opens: unknown (or replaced) 404, already signed 409, expired 410. */
export async function openByToken(db: Kysely<Database>, token: string, now: Date): Promise<OpenEnvelope> {
  const envelope = await db.selectFrom('envelopes').selectAll().where('token_hash', '=', hashToken(token)).where('deleted', '=', false).executeTakeFirst();
  if (!envelope) throw new ApiError(404, 'not-found', ENVELOPE_MESSAGES.linkNotValid);
  const refused = refusal(envelope, now);
  if (refused) throw refused;
  if (!envelope.document_file_id) return { envelope, document: null };
  const file = await db
    .selectFrom('case_files')
    .select(['id', 'name', 'mime_type', 'storage_key'])
    .where('id', '=', envelope.document_file_id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return { envelope, document: file ? { id: file.id, name: file.name, type: file.mime_type, storageKey: file.storage_key } : null };
}

export type SignatureInput = { opened: OpenEnvelope; png: Buffer; ip: string; userAgent: string; now: Date };

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'signer';

/**
 * Stores the signed PNG and an audit record (who, when, from which address, and the SHA-256 of the image and of the
 * document) as two case files and marks the envelope signed, once: the update is conditional on the envelope still
 * waiting under this very link, so two submissions sign it once and the second is 409. Bytes are written before the
 * rows; when the rows fail they are removed again.
 */
export async function recordSignature(db: Kysely<Database>, store: FileStore, { opened, png, ip, userAgent, now }: SignatureInput): Promise<EnvelopeRow> {
  const { envelope, document } = opened;
  const stored = document ? await store.read(document.storageKey) : null;
  const documentSha256 = stored ? await sha256OfStored(stored) : null;
  const day = now.toISOString().slice(0, 10);
  // Names that tell the two apart even where a list cuts them short.
  const base = `signature-${slug(envelope.signer_name)}-${day}`;
  const signed = { id: `fil-${randomUUID()}`, name: `${base}.png`, type: 'image/png', bytes: png, key: newStorageKey(envelope.workspace_id, envelope.case_id) };
  const audit = {
    envelopeId: envelope.id,
    caseId: envelope.case_id,
    provider: envelope.provider,
    signer: { name: envelope.signer_name, email: envelope.signer_email },
    signedAt: now.toISOString(),
    ip,
    userAgent,
    signature: { fileId: signed.id, sha256: sha256(png), bytes: png.length },
    document: document ? { fileId: document.id, name: document.name, sha256: documentSha256 } : null,
    linkExpiresAt: envelope.expires_at?.toISOString() ?? null,
    requestedBy: envelope.created_by,
  };
  const auditBytes = Buffer.from(`${JSON.stringify(audit, null, 2)}\n`);
  const auditFile = { id: `fil-${randomUUID()}`, name: `audit-${base}.json`, type: 'application/json', bytes: auditBytes, key: newStorageKey(envelope.workspace_id, envelope.case_id) };

  await store.write(signed.key, signed.bytes);
  await store.write(auditFile.key, auditFile.bytes);
  try {
    return await withWorkspaceWrite(db, envelope.workspace_id, async (tx, rev) => {
      for (const file of [signed, auditFile]) {
        await tx
          .insertInto('case_files')
          .values({ id: file.id, workspace_id: envelope.workspace_id, case_id: envelope.case_id, name: file.name, mime_type: file.type, size: file.bytes.length, storage_key: file.key, is_public: false, uploaded_by: null, rev, created_at: now, updated_at: now })
          .execute();
      }
      const row = await tx
        .updateTable('envelopes')
        .set({ status: 'signed', signed_at: now, signer_ip: ip.slice(0, 100), signer_user_agent: userAgent.slice(0, 500), signed_file_id: signed.id, audit_file_id: auditFile.id, rev, updated_at: now })
        .where('id', '=', envelope.id)
        .where('status', '=', 'sent')
        // Still under the link it was opened with (a provider that keeps its own secret leaves the hash null).
        .where((eb) => (envelope.token_hash === null ? eb('token_hash', 'is', null) : eb('token_hash', '=', envelope.token_hash)))
        .where('expires_at', '>', now)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw new ApiError(409, 'already-signed', ENVELOPE_MESSAGES.alreadySigned);
      return row;
    });
  } catch (error) {
    await Promise.all([signed.key, auditFile.key].map((key) => store.remove(key).catch(() => undefined)));
    throw error;
  }
}
