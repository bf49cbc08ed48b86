import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCEPT_ANSWER, ANSWER_PATH, contactAnswerQuerySchema, DECLINE_ANSWER } from '../../src/domain/engine/answerLinks.ts';
import { answerByCode } from '../engine/contactAnswer.ts';
import { ApiError } from '../http/errors.ts';
import type { AppDeps } from '../app.ts';

/** Per caller address and minute: a person clicks a link a few times at most; guessing codes needs millions. */
const ANSWER_RATE_LIMIT = 30;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Scripts (fetch, curl -H 'Accept: application/json') get JSON; a browser opening the link gets a page. */
const wantsJson = (request: FastifyRequest) => {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
};

function page(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;background:#f8fafc;color:#0f172a}main{max-width:32rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.5rem}h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:0;line-height:1.5}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></main></body>
</html>
`;
}

const TITLES: Record<number, string> = {
  400: 'This link is not complete',
  404: 'Link not valid',
  409: 'Already answered',
  410: 'No longer waiting for an answer',
  429: 'Too many attempts',
};

function answerWith(request: FastifyRequest, reply: FastifyReply, status: number, body: { code: string; message: string }, title: string) {
  reply.status(status).header('cache-control', 'no-store');
  return wantsJson(request) ? reply.send(body) : reply.type('text/html; charset=utf-8').send(page(title, body.message));
}

/**
 * GET /flowtimer/contact/answer?code&answer (part 2 §7 "Answer by code"): public, no session; the code is the
 * credential. Opening the link records the answer and resumes the waiting instance (engine/contactAnswer.ts).
 * Unknown code 404, already answered 409, the instance moved on 410, malformed query 400; each as a short page.
 */
export const contactAnswerRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      ANSWER_PATH,
      { schema: { querystring: contactAnswerQuerySchema }, config: { rateLimit: { max: ANSWER_RATE_LIMIT, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const recorded = await answerByCode(db, request.query.code, request.query.answer);
        const message =
          recorded.answer === ACCEPT_ANSWER
            ? 'Thank you: your answer (yes) was recorded.'
            : recorded.answer === DECLINE_ANSWER
              ? 'Thank you: your answer (no) was recorded.'
              : `Thank you: your answer (${recorded.answer}) was recorded.`;
        return answerWith(request, reply, 200, { code: 'answer-recorded', message }, 'Answer recorded');
      },
    );

    // This scope's own refusals become pages too; anything else (a fault) goes on to the app's error handler.
    app.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof ApiError) return answerWith(request, reply, error.statusCode, { code: error.code, message: error.message }, TITLES[error.statusCode] ?? 'Error');
      if (hasZodFastifySchemaValidationErrors(error)) {
        const detail = error.validation[0]?.message ?? 'invalid input';
        return answerWith(request, reply, 400, { code: 'invalid-request', message: `Invalid query: ${detail}` }, TITLES[400] ?? 'Error');
      }
      if (error.statusCode === 429) {
        return answerWith(request, reply, 429, { code: 'rate-limited', message: 'Too many attempts. Please wait a minute and try again.' }, TITLES[429] ?? 'Error');
      }
      throw error;
    });
  };
