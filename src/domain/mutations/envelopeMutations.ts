import { createEnvelopeArgs, type CreateEnvelopeArgs } from '../envelopes/envelopeRules.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused } from './types.ts';

/**
 * Asks a signer to sign a case (part 2 §1: agents send a document for e-signature from the ticket detail). Queued
 * like any change, so it can be made offline; the envelope shows at once with a pending mark. The signing link
 * itself is the server's to make (POST …/generateUrl) once the envelope has reached it.
 */
export const createEnvelope = defineMutation<CreateEnvelopeArgs>({
  name: 'envelope.create',
  args: createEnvelopeArgs,
  reads: ({ documentFileId }, actor) => [{ collection: 'config', id: actor.userId }, ...(documentFileId ? [{ collection: 'caseRecords' as const, id: documentFileId }] : [])],
  apply({ caseId, envelopeId, signerName, signerEmail, documentFileId }, docs, actor, now) {
    const user = docs.get(actor.userId);
    if (!user || typeof user.workspaceId !== 'string') throw new MutationRefused('not-ready', 'Your data is still loading; try again in a moment');
    const document = documentFileId ? docs.get(documentFileId) : undefined;
    // A file the replica holds must be of this case; one it does not hold yet is the server's to judge.
    if (document && (document.kind !== 'caseFile' || document.caseId !== caseId || document.deleted)) {
      throw new MutationRefused('document-not-found', 'The document to sign is not a file of this case');
    }
    const envelope: ReplicaDoc = {
      id: envelopeId,
      kind: 'envelope',
      rev: 0,
      deleted: false,
      workspaceId: user.workspaceId,
      caseId,
      provider: 'builtin',
      providerEnvelopeId: envelopeId,
      documentFileId,
      signerName,
      signerEmail,
      status: 'created',
      callbackUrl: null,
      expiresAt: null,
      signedAt: null,
      signerIp: null,
      signerUserAgent: null,
      signedFileId: null,
      auditFileId: null,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    return [{ collection: 'caseRecords', doc: envelope }];
  },
});

export const ENVELOPE_MUTATIONS = [createEnvelope];
