import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createFlowBodySchema, idParams, listFlowsBodySchema, updateFlowBodySchema } from '../../src/domain/engine/schemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { listCalendarNames } from '../services/calendars.ts';
import { runWrite } from '../services/context.ts';
import { createFlow, getFlow, listFlows, listFlowTraces, updateFlow } from '../services/flows.ts';
import type { AppDeps } from '../app.ts';

/** Flows and calendars (part 1 §7 "Flows and calendars"). */
export const flowRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.post('/flowmanager/flows/all', { schema: { body: listFlowsBodySchema } }, (request) => listFlows(db, authOf(request), request.body));
    app.get('/flowmanager/flows', (request) => listFlows(db, authOf(request), { all: true }));
    app.post('/flowmanager/flows', { schema: { body: createFlowBodySchema } }, async (request, reply) =>
      reply.status(201).send(await runWrite(db, authOf(request), createFlow, request.body)),
    );
    app.get('/flowmanager/flows/:id', { schema: { params: idParams } }, (request) => getFlow(db, authOf(request), request.params.id));
    app.patch('/flowmanager/flows/:id', { schema: { params: idParams, body: updateFlowBodySchema } }, (request) =>
      runWrite(db, authOf(request), updateFlow, { ...request.body, id: request.params.id }),
    );
    app.get('/flowrouter/flows', (request) => listFlowTraces(db, authOf(request)));
    app.post('/flowtimer/calendar/names', (request) => listCalendarNames(db, authOf(request)));
  };
