import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { EXTERNAL_CALL_RATE_LIMIT, externalCallBodySchema } from '../../src/domain/traces/externalCall.ts';
import { apiTraceQuerySchema, webhookTraceParamsSchema, webhookTraceQuerySchema } from '../../src/domain/traces/traceQueries.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { callExternalApi } from '../services/externalCalls.ts';
import { listApiExecutions, listWebhookExecutions } from '../services/traceReads.ts';
import type { AppDeps } from '../app.ts';

/**
 * Traces (part 2 §7): the webhook and external API executions, for administrators; and the general external call
 * (part 1 §7 POST /call-external-api), for any signed-in user of the workspace, as a ticket's frame uses it for a
 * document lookup. Thin: validate, call the service, answer.
 */
export const traceRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/webhooks/executions/:workspaceId', { schema: { params: webhookTraceParamsSchema, querystring: webhookTraceQuerySchema } }, (request) =>
      listWebhookExecutions(db, authOf(request), request.params.workspaceId, request.query),
    );
    app.get('/external-api-executions', { schema: { querystring: apiTraceQuerySchema } }, (request) => listApiExecutions(db, authOf(request), request.query));

    // Per user: the session guard above has run when the limiter's route hook asks for the key.
    const rateLimit = { max: config.externalCallRateLimit, timeWindow: EXTERNAL_CALL_RATE_LIMIT.timeWindowMs, keyGenerator: (request: FastifyRequest) => `external-call:${authOf(request).userId}` };
    app.post('/call-external-api', { schema: { body: externalCallBodySchema }, config: { rateLimit } }, (request) =>
      callExternalApi(
        db,
        authOf(request),
        request.body,
        { ip: request.ip ?? null, userAgent: request.headers['user-agent'] ?? null },
        { allowPrivateNetwork: config.allowPrivateNetwork, timeoutMs: config.apiTimeoutMs },
      ),
    );
  };
