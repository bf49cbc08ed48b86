import { performance } from 'node:perf_hooks';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookParams } from '../../src/domain/engine/schemas.ts';
import { ID_REF_PATTERN } from '../../src/domain/validation/ids.ts';
import { inputProblem } from '../../src/domain/validation/inputBoundary.ts';
import { bearerToken } from '../auth/guard.ts';
import { createWebhookIngress } from '../engine/webhookIngress.ts';
import { ApiError } from '../http/errors.ts';
import { invalidInput, parseJsonText } from '../http/inputBoundary.ts';
import type { AppDeps } from '../app.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/** A body the boundary refused; the route answers 400 and still records the delivery in the webhook trace. */
class RefusedBody {
  constructor(readonly error: ApiError) {}
}

/**
 * Public webhook ingress: POST /hooks/{webhookId}, authenticated by the webhook's own token (Bearer or
 * x-webhook-token), not by a session. Any content type is accepted; non-JSON bodies are kept as text. The body
 * passes the same input boundary as every other route, but here a refusal is recorded as a delivery too, so the
 * sender's failures show in the trace.
 */
export const hookRoutes =
  ({ db, metrics }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const parsed = parseJsonText(body as string, false);
      done(null, parsed.ok ? parsed.value : new RefusedBody(parsed.error));
    });
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const ingress = createWebhookIngress(db);

    const deliver = async (request: FastifyRequest, webhookId: string, reply: FastifyReply, refused: ApiError | null) => {
      const key = header(request.headers['idempotency-key']);
      const answer = await ingress.receive({
        webhookId,
        token: bearerToken(request) ?? header(request.headers['x-webhook-token']),
        idempotencyKey: key ? key.slice(0, 200) : null,
        body: refused ? null : request.body,
        headers: request.headers,
        url: request.url,
        method: request.method,
        receivedAt: new Date(),
        startedMs: performance.now(),
        refusal: refused ? { status: refused.statusCode, code: refused.code, message: refused.message } : null,
        requestId: request.id,
      });
      if (answer.fault !== undefined) request.log.error({ err: answer.fault, reqId: request.id }, 'webhook delivery failed');
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      metrics.webhookDelivered(answer.status);
      return reply.status(answer.status).send(answer.body);
    };

    app.post('/hooks/:webhookId', { schema: { params: webhookParams }, config: { inputBoundary: 'route' } }, async (request, reply) => {
      const problem = request.body instanceof RefusedBody ? null : inputProblem(request.body, 'body');
      return deliver(request, request.params.webhookId, reply, request.body instanceof RefusedBody ? request.body.error : problem ? invalidInput(problem) : null);
    });

    // A body over the size limit is refused before the route runs; it is still a delivery, so it is recorded too.
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      const webhookId = (request.params as { webhookId?: unknown } | undefined)?.webhookId;
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE' || typeof webhookId !== 'string' || !ID_REF_PATTERN.test(webhookId)) throw error;
      request.body = undefined;
      return deliver(request, webhookId, reply, new ApiError(413, 'payload-too-large', 'The request body is too large'));
    });
  };
