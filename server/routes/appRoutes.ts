import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appInstanceParams,
  appStageParams,
  createAppBodySchema,
  idParams,
  instancesQuerySchema,
  retryInstanceBodySchema,
  updateAppBodySchema,
} from '../../src/domain/engine/schemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { createApp, deleteApp, getApp, updateApp } from '../services/apps.ts';
import { runWrite } from '../services/context.ts';
import { getInstance, getInstanceStage, getInstanceValues, listAppInstances, listInstanceStages, retryInstance } from '../services/instances.ts';
import type { AppDeps } from '../app.ts';

/** Apps and their instances (part 1 §7 "Apps"); thin: validate, call the service, answer. */
export const appRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/apps', { schema: { body: createAppBodySchema } }, async (request, reply) =>
      reply.status(201).send(await runWrite(db, authOf(request), createApp, request.body)),
    );
    app.get('/apps/:id', { schema: { params: idParams } }, (request) => getApp(db, authOf(request), request.params.id));
    app.patch('/apps/:id', { schema: { params: idParams, body: updateAppBodySchema } }, (request) =>
      runWrite(db, authOf(request), updateApp, { ...request.body, id: request.params.id }),
    );
    app.delete('/apps/:id', { schema: { params: idParams } }, async (request, reply) => {
      await runWrite(db, authOf(request), deleteApp, { id: request.params.id });
      return reply.status(204).send();
    });

    app.get('/apps/:id/instances', { schema: { params: idParams, querystring: instancesQuerySchema } }, (request) =>
      listAppInstances(db, authOf(request), request.params.id, request.query),
    );
    app.get('/apps/:id/instances/:instanceId/stages', { schema: { params: appInstanceParams } }, (request) =>
      listInstanceStages(db, authOf(request), request.params.id, request.params.instanceId),
    );
    app.get('/apps/:id/instances/:instanceId/stages/:stageId', { schema: { params: appStageParams } }, (request) =>
      getInstanceStage(db, authOf(request), request.params.id, request.params.instanceId, request.params.stageId),
    );
    app.get('/instances/:id', { schema: { params: idParams } }, (request) => getInstance(db, authOf(request), request.params.id));
    app.get('/instances/:id/values', { schema: { params: idParams } }, (request) => getInstanceValues(db, authOf(request), request.params.id));
    app.post('/instances/:id/retry', { schema: { params: idParams, body: retryInstanceBodySchema } }, (request) =>
      runWrite(db, authOf(request), retryInstance, { id: request.params.id, from: request.body.from }),
    );
  };
