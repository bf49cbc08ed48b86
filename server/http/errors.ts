import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error a route or service means to answer with: its status, a stable machine code and a message for people. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not-found', `${what} not found`);
export const forbidden = () => new ApiError(403, 'forbidden', 'You do not have permission to perform this action');
export const unauthorized = () => new ApiError(401, 'unauthorized', 'Unauthorized');

/** Fastify's own client errors, mapped to our codes with a readable message. */
const FRAMEWORK_ERRORS: Record<string, { code: string; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'invalid-json', message: 'The request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'invalid-json', message: 'The request body is empty but declared as JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'payload-too-large', message: 'The request body is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'unsupported-media-type', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'invalid-request', message: 'Invalid content length' },
};

/**
 * One place turns every error into `{code, message}`. Client errors say what was wrong; server errors are
 * logged with the request id and answered with a generic message so internals never leak.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ code: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = error.validationContext ?? 'request';
      const field = issue?.instancePath ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
      const detail = issue ? `${field ? `${field}: ` : ''}${issue.message}` : 'invalid input';
      return reply.status(400).send({ code: 'invalid-request', message: `Invalid ${where}: ${detail}` });
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'rate-limited', message: 'Too many attempts. Please wait a minute and try again.' });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: known?.code ?? 'bad-request', message: known?.message ?? error.message });
    }
    request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(500).send({ code: 'internal', message: `Internal server error (request ${request.id})` });
  });
}
