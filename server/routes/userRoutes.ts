import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '../../src/domain/auth/schemas.ts';
import { accountKey, USER_EMAIL_MAX, USER_MESSAGES, userFieldsSchema, updateUserArgs } from '../../src/domain/settings/userRules.ts';
import { clientIdSchema, idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { ApiError } from '../http/errors.ts';
import { getUser } from '../services/accounts.ts';
import { runWrite } from '../services/context.ts';
import { postCommitDeps } from '../services/postCommit.ts';
import { createUser, deleteUser, sendRecovery, updateUser } from '../services/userAdmin.ts';
import { listUserApps, listUserEngines, listUserTeams, listWorkspaceUsers, userIdByEmail } from '../services/userReads.ts';
import type { AppDeps } from '../app.ts';

/** Part 1 §3: engines travel as [{id}]. */
const engineRefs = z
  .array(z.object({ id: idRefSchema }))
  .max(200, 'At most 200 engines')
  .transform((refs) => [...new Set(refs.map((r) => r.id))]);

/** POST /users: the user form; status, language and system visibility may be left out (Active, English, off). */
const createBodySchema = userFieldsSchema.extend({
  id: clientIdSchema.optional(),
  status: userFieldsSchema.shape.status.default(0),
  language: userFieldsSchema.shape.language.default('en'),
  systemVisibility: userFieldsSchema.shape.systemVisibility.default(false),
  engines: engineRefs.default([]),
});

/** PATCH /users/{id}: any field but the e-mail, which may be repeated unchanged (clients send the whole form). */
const updateBodySchema = updateUserArgs
  .omit({ userId: true, engines: true, linkIds: true })
  .extend({ email: z.string().trim().max(USER_EMAIL_MAX).optional(), engines: engineRefs.optional() });

const emailParams = z.object({ email: z.string().trim().min(1, 'Required').max(USER_EMAIL_MAX, 'The e-mail is too long') });
const newLinks = (engineIds: readonly string[]) => engineIds.map((engineId) => ({ engineId, linkId: `eu-${randomUUID()}` }));

/** Users (part 1 §7); thin: validate, call the shared service, answer. */
export const userRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
    requireSession(app, db);

    app.post('/users', { schema: { body: createBodySchema } }, async (request, reply) => {
      const auth = authOf(request);
      const { id, engines, ...fields } = request.body;
      const userId = id ?? `usr-${randomUUID()}`;
      await runWrite(db, auth, createUser, { ...fields, userId, memberId: `mbr-${randomUUID()}`, engines: newLinks(engines) }, postCommitDeps(deps, request));
      return reply.status(201).send(await getUser(db, auth, userId));
    });

    app.patch('/users/:id', { schema: { params: idParamsSchema, body: updateBodySchema } }, async (request) => {
      const auth = authOf(request);
      const { email, engines, ...fields } = request.body;
      const current = await getUser(db, auth, request.params.id);
      if (email !== undefined && accountKey(email) !== accountKey(current.email)) throw new ApiError(400, 'email-locked', USER_MESSAGES.emailLocked);
      await runWrite(db, auth, updateUser, { ...fields, userId: request.params.id, linkIds: [], ...(engines ? { engines: newLinks(engines) } : {}) });
      return getUser(db, auth, request.params.id);
    });

    app.delete('/users/:id', { schema: { params: idParamsSchema } }, async (request) => {
      await runWrite(db, authOf(request), deleteUser, { userId: request.params.id });
      return { result: 'deleted' as const, id: request.params.id };
    });

    app.post('/users/:id/recovery', { schema: { params: idParamsSchema } }, (request) =>
      runWrite(db, authOf(request), sendRecovery, { userId: request.params.id }, postCommitDeps(deps, request)),
    );

    app.get('/workspaces/:id/users', { schema: { params: idParamsSchema } }, (request) => listWorkspaceUsers(db, authOf(request), request.params.id));
    app.get('/users/:id/apps', { schema: { params: idParamsSchema } }, (request) => listUserApps(db, authOf(request), request.params.id));
    app.get('/users/:id/engines', { schema: { params: idParamsSchema } }, (request) => listUserEngines(db, authOf(request), request.params.id));
    app.get('/users/:id/human-groups', { schema: { params: idParamsSchema } }, (request) => listUserTeams(db, authOf(request), request.params.id));
    app.get('/userId/:email', { schema: { params: emailParams } }, (request) => userIdByEmail(db, authOf(request), request.params.email));
  };
