import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { corsFieldsSchema } from '../../src/domain/settings/corsRules.ts';
import { clientIdSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import { createCorsOrigin, deleteCorsOrigin, listCorsOrigins, updateCorsOrigin } from '../services/corsOrigins.ts';
import type { AppDeps } from '../app.ts';

/** POST takes `{ id?, origin, description }`; PATCH the same and `active` (part 1 §7). */
const createBodySchema = corsFieldsSchema.extend({ id: clientIdSchema.optional() });
const updateBodySchema = corsFieldsSchema.extend({ active: z.boolean().optional() });

/**
 * CORS origins (part 1 §7); thin: validate, call the service, answer. Every write invalidates the origin policy's
 * cache after it has committed, so a browser's next preflight sees the change at once.
 */
export const corsRoutes =
  ({ db, originPolicy }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);
    const committed = <T>(result: T): T => {
      originPolicy?.invalidate();
      return result;
    };

    app.get('/cors-origins', (request) => listCorsOrigins(db, authOf(request), 'all'));
    app.get('/cors-origins/workspace', (request) => listCorsOrigins(db, authOf(request), 'workspace'));
    app.post('/cors-origins', { schema: { body: createBodySchema } }, async (request, reply) => {
      const { id, ...fields } = request.body;
      const view = committed(await runWrite(db, authOf(request), createCorsOrigin, { ...fields, id: id ?? `cors-${randomUUID()}` }));
      return reply.status(201).send(view);
    });
    app.patch('/cors-origins/:id', { schema: { params: idParams, body: updateBodySchema } }, async (request) =>
      committed(await runWrite(db, authOf(request), updateCorsOrigin, { ...request.body, id: request.params.id })),
    );
    app.delete('/cors-origins/:id', { schema: { params: idParams } }, async (request) =>
      committed(await runWrite(db, authOf(request), deleteCorsOrigin, { id: request.params.id })),
    );
  };
