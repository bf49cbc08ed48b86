import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookParams } from '../../src/domain/engine/schemas.ts';
import { bearerToken } from '../auth/guard.ts';
import { receiveWebhook } from '../engine/webhookIngress.ts';
import type { AppDeps } from '../app.ts';

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;

/**
 * Public webhook ingress: POST /hooks/{webhookId}, authenticated by the webhook's own token (Bearer or
 * x-webhook-token), not by a session. Any content type is accepted; non-JSON bodies are kept as text.
 */
export const hookRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    app.post('/hooks/:webhookId', { schema: { params: webhookParams } }, async (request, reply) => {
      const key = header(request.headers['idempotency-key']);
      const answer = await receiveWebhook(db, {
        webhookId: request.params.webhookId,
        token: bearerToken(request) ?? header(request.headers['x-webhook-token']),
        idempotencyKey: key ? key.slice(0, 200) : null,
        body: request.body,
        headers: request.headers,
        url: request.url,
        method: request.method,
        receivedAt: new Date(),
        startedMs: performance.now(),
      });
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(answer.status).send(answer.body);
    });
  };
