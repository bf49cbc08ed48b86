import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNING_PATH, signBody, signingTokenSchema } from '../../src/domain/envelopes/envelopeRules.ts';
import { decodeSignaturePng, openByToken, recordSignature } from '../envelopes/signing.ts';
import { signingErrorPage, signingPage, signingTexts } from '../envelopes/signingPage.ts';
import type { FileStore } from '../files/fileStore.ts';
import { ApiError } from '../http/errors.ts';
import type { AppDeps } from '../app.ts';

/** Per caller address and minute: a signer opens and signs a few times at most; guessing 256-bit links needs far more. */
const SIGNING_RATE_LIMIT = 30;
const params = z.object({ token: signingTokenSchema });
const rateLimit = { max: SIGNING_RATE_LIMIT, timeWindow: '1 minute' };
/** The document is shown in the browser only when it is a type that cannot run script on this origin. */
const INLINE_TYPES = new Set(['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp', 'text/plain']);

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
  reply.status(status).header('cache-control', 'no-store');
  if (request.method !== 'GET') return reply.send({ code, message });
  return reply.type('text/html; charset=utf-8').send(signingErrorPage(signingTexts(request.headers['accept-language']), status, message));
}

/**
 * The built-in provider's public signing (no session: the link's token is the credential). GET /sign/{token} is
 * the page, GET /sign/{token}/document the file to read, POST /sign/{token} the signature (a PNG data URL). Unknown
 * link 404, already signed 409, expired 410, bad image 400, each as a page for the browser and JSON for the script.
 */
export const signingRoutes =
  ({ db }: AppDeps, store: FileStore): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(`${SIGNING_PATH}/:token`, { schema: { params }, config: { rateLimit } }, async (request, reply) => {
      const { envelope, document } = await openByToken(db, request.params.token, new Date());
      const texts = signingTexts(request.headers['accept-language']);
      const page = signingPage(texts, {
        signerName: envelope.signer_name,
        caseId: envelope.case_id,
        document: document ? { name: document.name, url: `${SIGNING_PATH}/${request.params.token}/document` } : null,
      });
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);
    });

    app.get(`${SIGNING_PATH}/:token/document`, { schema: { params }, config: { rateLimit } }, async (request, reply) => {
      const { document } = await openByToken(db, request.params.token, new Date());
      const stored = document ? await store.read(document.storageKey) : null;
      if (!document || !stored) throw new ApiError(404, 'not-found', 'This envelope has no document to read');
      const disposition = INLINE_TYPES.has(document.type) ? 'inline' : 'attachment';
      if (stored.size !== undefined) reply.header('content-length', stored.size);
      return reply
        .type(document.type)
        .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(document.name)}`)
        .header('cache-control', 'no-store')
        .send(stored.stream);
    });

    app.post(`${SIGNING_PATH}/:token`, { schema: { params, body: signBody }, config: { rateLimit } }, async (request, reply) => {
      const now = new Date();
      const opened = await openByToken(db, request.params.token, now);
      const png = decodeSignaturePng(request.body.signature);
      const signed = await recordSignature(db, store, { opened, png, ip: request.ip, userAgent: header(request.headers['user-agent']), now });
      request.log.info({ envelopeId: signed.id, caseId: signed.case_id }, 'envelope signed');
      return reply.header('cache-control', 'no-store').send({ status: 'signed', signedAt: now.toISOString(), callback: signed.callback_url });
    });

    // This scope's refusals become pages for the browser (JSON for the pad's script); faults go on to the app's handler.
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof ApiError) return refuse(request, reply, error.statusCode, error.code, error.message);
      if (hasZodFastifySchemaValidationErrors(error)) return refuse(request, reply, 400, 'invalid-request', error.validation[0]?.message ?? 'Invalid request');
      if (error.statusCode === 429) return refuse(request, reply, 429, 'rate-limited', 'Too many attempts. Please wait a minute and try again.');
      if (error.statusCode === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuse(request, reply, 413, 'payload-too-large', 'The signature image is too large');
      throw error;
    });
  };
