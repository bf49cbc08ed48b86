import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { ENGINE_MESSAGES, ENGINE_USERS_MAX, engineFieldsSchema } from '../../src/domain/settings/engineRules.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import {
  createEngineWithUsers,
  deleteEngine,
  getEngine,
  listEngineApps,
  listEngineUsers,
  listWorkspaceEngines,
  patchEngine,
} from '../services/engines.ts';
import type { AppDeps } from '../app.ts';

const fields = engineFieldsSchema.shape;

/** Engine.users of part 1 §3: user ids, or `{ id }` objects as the API's other references are; duplicates count once. */
const usersInput = z
  .array(z.union([idRefSchema, z.object({ id: idRefSchema }).transform((u) => u.id)]))
  .max(ENGINE_USERS_MAX, `At most ${ENGINE_USERS_MAX} users`)
  .transform((ids) => [...new Set(ids)]);

const required = (schema: z.ZodType<string, string>) => z.string({ error: ENGINE_MESSAGES.required }).pipe(schema);

/** POST /engines: `{ id?, name, description, isActive?, users? }`, checked with the engine form's own rules. */
const createBodySchema = z.object({
  id: clientIdSchema.optional(),
  name: required(fields.name),
  description: required(fields.description),
  isActive: z.boolean().default(true),
  users: usersInput.default([]),
});

/** PATCH /engines/{id}: any of the fields (the others stay); `users`, when given, becomes exactly the authorised set. */
const patchBodySchema = z
  .object({
    name: fields.name.optional(),
    description: fields.description.optional(),
    isActive: z.boolean().optional(),
    users: usersInput.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'Nothing to change: give a name, description, isActive or users');

/** Engines (part 1 §7); thin: validate, call the service, answer. */
export const engineRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/engines', { schema: { body: createBodySchema } }, async (request, reply) => {
      const { id, ...body } = request.body;
      const view = await runWrite(db, authOf(request), createEngineWithUsers, { ...body, engineId: id ?? `eng-${randomUUID()}` });
      return reply.status(201).send(view);
    });
    app.get('/engines/:id', { schema: { params: idParams } }, (request) => getEngine(db, authOf(request), request.params.id));
    app.patch('/engines/:id', { schema: { params: idParams, body: patchBodySchema } }, (request) =>
      runWrite(db, authOf(request), patchEngine, { ...request.body, engineId: request.params.id }),
    );
    app.delete('/engines/:id', { schema: { params: idParams } }, async (request, reply) => {
      await runWrite(db, authOf(request), deleteEngine, { engineId: request.params.id });
      return reply.status(204).send();
    });
    app.get('/engines/:id/apps', { schema: { params: idParams } }, (request) => listEngineApps(db, authOf(request), request.params.id));
    app.get('/engines/:id/users', { schema: { params: idParams } }, (request) => listEngineUsers(db, authOf(request), request.params.id));
    app.get('/workspaces/:id/engines', { schema: { params: idParams } }, (request) => listWorkspaceEngines(db, authOf(request), request.params.id));
  };
