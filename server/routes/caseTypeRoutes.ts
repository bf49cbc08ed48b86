import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseTypeCodeSchema, caseTypeFieldsSchema, expectedListSchema, stateFieldsSchema, stateKeySchema, stateOrderSchema } from '../../src/domain/cases/caseTypeRules.ts';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { ApiError } from '../http/errors.ts';
import { runWrite } from '../services/context.ts';
import { createCaseState, createCaseType, getCaseState, getCaseType, listCaseStates, listCaseTypes, patchCaseState, patchCaseType } from '../services/caseTypes.ts';
import type { AppDeps } from '../app.ts';

const type = caseTypeFieldsSchema.shape;
const state = stateFieldsSchema.shape;
/** The starting app as the spec sends it: an id, or `{ id }`. */
const appRef = z.union([idRefSchema, z.object({ id: idRefSchema })]).transform((ref) => (typeof ref === 'string' ? ref : ref.id));
const workspaceRef = z.object({ id: idRefSchema }).optional();

/** POST /cases-types (part 2 §7): `{ id, description, workspace {id}, startingApp }` with the inputs and outputs of §3. */
const createTypeBody = z.object({
  id: caseTypeCodeSchema,
  description: type.description,
  workspace: workspaceRef,
  startingApp: appRef.optional(),
  startingAppId: idRefSchema.optional(),
  paramsExpected: type.paramsExpected,
  resultsExpected: type.resultsExpected,
});

/** PATCH /cases-types/{id} (§7: id, description, workspace, startingAppId); what is left out stays. */
const updateTypeBody = z.object({
  id: caseTypeCodeSchema.optional(),
  description: type.description.optional(),
  workspace: workspaceRef,
  startingApp: appRef.optional(),
  startingAppId: idRefSchema.optional(),
  paramsExpected: expectedListSchema.optional(),
  resultsExpected: expectedListSchema.optional(),
});

/** POST /cases-types/{id}/states (§7: id, description) with order and hide. */
const createStateBody = z.object({ id: stateKeySchema, description: state.description, order: state.order, hide: state.hide });
/** PATCH /cases-states/{id} (§7: type {id}, description) with order and hide. */
const updateStateBody = z.object({
  type: z.object({ id: idRefSchema }).optional(),
  description: state.description.optional(),
  order: stateOrderSchema.optional(),
  hide: z.boolean().optional(),
});
const statesQuery = z.object({ type: idRefSchema.optional() });

/** A payload may name the workspace (the spec's create and update do); it can only be the caller's own. */
function sameWorkspace(workspace: { id: string } | undefined, own: string): void {
  if (workspace !== undefined && workspace.id !== own) throw new ApiError(403, 'forbidden', 'Case types belong to your own workspace');
}

/** Case types and states (part 2 §7); thin: validate, call the service, answer. */
export const caseTypeRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/cases-types', (request) => listCaseTypes(db, authOf(request)));
    app.post('/cases-types', { schema: { body: createTypeBody } }, async (request, reply) => {
      const actor = authOf(request);
      const { id, workspace, startingApp, startingAppId, ...fields } = request.body;
      sameWorkspace(workspace, actor.workspaceId);
      const appId = startingApp ?? startingAppId;
      if (appId === undefined) throw new ApiError(400, 'invalid-request', 'Invalid body: startingApp: Choose the starting app');
      const view = await runWrite(db, actor, createCaseType, { ...fields, code: id, startingAppId: appId, caseTypeId: `ct-${randomUUID()}`, states: [] });
      return reply.status(201).send(view);
    });
    app.get('/cases-types/:id', { schema: { params: idParams } }, (request) => getCaseType(db, authOf(request), request.params.id));
    app.patch('/cases-types/:id', { schema: { params: idParams, body: updateTypeBody } }, (request) => {
      const actor = authOf(request);
      const { id, workspace, startingApp, startingAppId, ...fields } = request.body;
      sameWorkspace(workspace, actor.workspaceId);
      return runWrite(db, actor, patchCaseType, { ...fields, ref: request.params.id, code: id, startingAppId: startingApp ?? startingAppId });
    });
    app.get('/cases-types/:id/states', { schema: { params: idParams } }, (request) => listCaseStates(db, authOf(request), request.params.id));
    app.post('/cases-types/:id/states', { schema: { params: idParams, body: createStateBody } }, async (request, reply) => {
      const { id, ...fields } = request.body;
      const view = await runWrite(db, authOf(request), createCaseState, { ...fields, key: id, caseTypeId: request.params.id, stateId: `cst-${randomUUID()}` });
      return reply.status(201).send(view);
    });

    app.get('/cases-states', { schema: { querystring: statesQuery } }, (request) => listCaseStates(db, authOf(request), request.query.type ?? null));
    // The spec writes this one with a trailing slash; both spellings answer.
    for (const path of ['/cases-states/:id', '/cases-states/:id/']) {
      app.get(path, { schema: { params: idParams } }, (request) => getCaseState(db, authOf(request), request.params.id));
    }
    app.patch('/cases-states/:id', { schema: { params: idParams, body: updateStateBody } }, (request) => {
      const { type: typeRef, ...fields } = request.body;
      return runWrite(db, authOf(request), patchCaseState, { ...fields, stateId: request.params.id, typeRef: typeRef?.id });
    });
  };
