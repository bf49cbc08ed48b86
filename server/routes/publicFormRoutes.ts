import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUBMISSION_LIMITS } from '../../src/domain/forms/formFields.ts';
import { FORM_SLUG_PATTERN, kioskIdSchema, SUBMISSION_RATE_LIMIT, submissionBody } from '../../src/domain/forms/formRules.ts';
import { ApiError } from '../http/errors.ts';
import { publicForm, receiveSubmission } from '../services/formSubmissions.ts';
import { postCommitDeps, runPostCommit } from '../services/postCommit.ts';
import type { AppDeps } from '../app.ts';

/** Any text up to a slug's length is looked up; what cannot be a Form ID is simply not found (404, not 400). */
const params = z.object({ formId: z.string().max(100) });

const KIOSK_HEADER = 'x-kiosk-id';
const header = (request: FastifyRequest): string | undefined => {
  const value = request.headers[KIOSK_HEADER];
  return Array.isArray(value) ? value[0] : value;
};

/** Rate-limit key: the kiosk id and the address together, so kiosks behind one NAT do not share a budget. */
const kioskKey = (request: FastifyRequest) => `${request.ip}|${(header(request) ?? '').slice(0, 64)}`;

/** The first problem as the kiosk's 400: `{ code: 'invalid', message }`. */
function parsed<T>(schema: z.ZodType<T>, value: unknown, root: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : root === 'body' ? '' : `${root}: `;
  throw new ApiError(400, 'invalid', issue ? `${where}${issue.message}` : 'Invalid submission');
}

/**
 * The public kiosk API (no sign-in; the kiosk page at /forms/{formId} calls it from the same origin):
 * GET /public/forms/{formId} and POST /public/forms/{formId}/submissions. Both are rate-limited per kiosk id and
 * address; a submission body is at most SUBMISSION_LIMITS.maxBodyBytes (413 above). The case is answered as soon
 * as it is committed; the form's webhook is called afterwards without holding the kiosk's answer.
 */
export const publicFormRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = deps;
    const rateLimit = { max: config.submissionRateLimit, timeWindow: SUBMISSION_RATE_LIMIT.timeWindowMs, keyGenerator: kioskKey };

    app.get('/public/forms/:formId', { schema: { params }, config: { rateLimit } }, async (request, reply) => {
      if (!FORM_SLUG_PATTERN.test(request.params.formId)) throw new ApiError(404, 'not-found', 'This form is not available');
      reply.header('cache-control', 'no-cache');
      return publicForm(db, request.params.formId);
    });

    app.post(
      '/public/forms/:formId/submissions',
      { schema: { params }, bodyLimit: SUBMISSION_LIMITS.maxBodyBytes, config: { rateLimit } },
      async (request, reply) => {
        if (!FORM_SLUG_PATTERN.test(request.params.formId)) throw new ApiError(404, 'not-found', 'This form is not available');
        const kioskId = parsed(kioskIdSchema, header(request), KIOSK_HEADER);
        const body = parsed(submissionBody, request.body, 'body');
        const { answer, afterCommit } = await receiveSubmission(db, {
          formId: request.params.formId,
          kioskId,
          body,
          receivedAt: new Date(),
          allowPrivateWebhook: config.allowPrivateNetwork,
        });
        if (afterCommit.length > 0) void runPostCommit(afterCommit, postCommitDeps(deps, request));
        return reply.status(answer.status).send({ caseId: answer.caseId, duplicate: answer.duplicate });
      },
    );
  };
