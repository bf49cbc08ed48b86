import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../src/domain/auth/schemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { workspaceFieldsSchema } from '../../src/domain/settings/workspaceRules.ts';
import { getUser, getWorkspace, listUserWorkspaces } from '../services/accounts.ts';
import { runWrite } from '../services/context.ts';
import { updateWorkspaceSettings } from '../services/workspaceSettings.ts';
import type { AppDeps } from '../app.ts';

export const accountRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);
    app.get('/users/:id', { schema: { params: idParamsSchema } }, (request) => getUser(db, authOf(request), request.params.id));
    app.get('/users/:id/workspaces', { schema: { params: idParamsSchema } }, (request) =>
      listUserWorkspaces(db, authOf(request), request.params.id),
    );
    app.get('/workspaces/:id', { schema: { params: idParamsSchema } }, (request) =>
      getWorkspace(db, authOf(request), request.params.id),
    );
    // Administrators change their workspace's settings (the same service as the workspace.update mutation).
    app.patch('/workspaces/:id', { schema: { params: idParamsSchema, body: workspaceFieldsSchema } }, (request) =>
      runWrite(db, authOf(request), updateWorkspaceSettings, { ...request.body, id: request.params.id }),
    );
  };
