import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createEnvelopeBody, generateUrlBody } from '../../src/domain/envelopes/envelopeRules.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { createEnvelope, findEnvelope, issueSigningLink, toEnvelopeInfo } from '../services/envelopes.ts';
import { runWrite } from '../services/context.ts';
import type { AppDeps } from '../app.ts';

const id = idRefSchema;

/**
 * Part 2 §7 "Envelopes and files": create an envelope on a case, read it, and get its signing link. Creating is
 * also the mutation `envelope.create` (the console queues it, offline too); the link is answered only by
 * generateUrl, and each call replaces the previous link.
 */
export const envelopeRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/cases/:id/envelopes', { schema: { params: z.object({ id }), body: createEnvelopeBody } }, async (request, reply) => {
      const { signer, documentFileId, envelopeId } = request.body;
      const created = await runWrite(db, authOf(request), createEnvelope, {
        caseId: request.params.id,
        envelopeId: envelopeId ?? `env-${randomUUID()}`,
        signerName: signer.name,
        signerEmail: signer.email,
        documentFileId: documentFileId ?? null,
      });
      return reply.status(201).send(created);
    });

    app.get('/cases/:id/envelopes/:envelopeId', { schema: { params: z.object({ id, envelopeId: id }) } }, async (request) =>
      toEnvelopeInfo(await findEnvelope(db, authOf(request), request.params.id, request.params.envelopeId)),
    );

    app.post('/cases/:id/envelopes/:envelopeId/generateUrl', { schema: { params: z.object({ id, envelopeId: id }), body: generateUrlBody } }, async (request, reply) => {
      const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
      const link = await issueSigningLink(db, authOf(request), request.params.id, request.params.envelopeId, request.body ?? {}, base);
      return reply.header('cache-control', 'no-store').send(link);
    });
  };
