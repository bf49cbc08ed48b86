import type { FastifyInstance } from 'fastify';
import { INPUT_LIMITS, inputProblem, jsonTextTooDeep, type InputProblem } from '../../src/domain/validation/inputBoundary.ts';
import { ApiError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'route': the route inspects its own body (the mutations endpoint answers each mutation on its own, the
     * webhook ingress records a refused delivery in its trace). Parameters and the query are still checked here.
     */
    inputBoundary?: 'route';
  }
}

export const invalidInput = (found: InputProblem) => new ApiError(400, 'invalid-input', `Invalid input: ${found.message}`);

/**
 * A JSON text, parsed only when it nests within the limit. Routes that inspect their own body (checkDepth false)
 * get the parsed value whatever its depth: JSON.parse does not recurse, and the inspection that follows is
 * iterative and names the field that is too deep.
 */
export function parseJsonText(text: string, checkDepth = true): { ok: true; value: unknown } | { ok: false; error: ApiError } {
  if (text.trim() === '') return { ok: false, error: new ApiError(400, 'invalid-json', 'The request body is empty but declared as JSON') };
  if (checkDepth && jsonTextTooDeep(text)) {
    return { ok: false, error: new ApiError(400, 'invalid-input', `Invalid input: body is nested more than ${INPUT_LIMITS.maxDepth} levels deep`) };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: new ApiError(400, 'invalid-json', 'The request body is not valid JSON') };
  }
}

/**
 * The server's input boundary (ARCHITECTURE.md, security baseline): JSON bodies are parsed only after a linear
 * check of their nesting, and every parameter, query and body is inspected (NUL, lone surrogates, reserved keys,
 * depth, sizes) before the route's zod schema runs, so nothing a database cannot hold reaches a service.
 * Registered on the root instance before the routes, so every route inherits it.
 */
export function registerInputBoundary(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const parsed = parseJsonText(body as string, request.routeOptions.config?.inputBoundary !== 'route');
    if (parsed.ok) done(null, parsed.value);
    else done(parsed.error, undefined);
  });

  app.addHook('preValidation', async (request) => {
    const found =
      inputProblem(request.params, 'params') ??
      inputProblem(request.query, 'query') ??
      (request.routeOptions.config?.inputBoundary === 'route' ? null : inputProblem(request.body, 'body'));
    if (found) throw invalidInput(found);
  });
}
