import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createFormBody, defaultFormLink, newFormSlug, updateFormBody } from '../../src/domain/forms/formRules.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import { createForm, getForm, listForms, patchForm } from '../services/forms.ts';
import type { AppDeps } from '../app.ts';

const params = z.object({ id: idRefSchema });
/** POST /formsmanager/forms/all takes no filter; an empty body, `{}` or none at all, is the same call. */
const listAllBody = z.object({}).strict().nullish();

/**
 * Front-desk forms for signed-in callers (part 2 §7 "POST and GET /{prefix}/forms; GET and PATCH
 * /{prefix}/forms/{id} (204 means success); POST /formsmanager/forms/all"). Writes go through the same services as
 * the form.* mutations, in a workspace revision, so every replica gets the change live.
 */
export const formRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/frontdesk/forms', (request) => listForms(db, authOf(request)));
    app.post('/formsmanager/forms/all', { schema: { body: listAllBody } }, (request) => listForms(db, authOf(request)));
    app.get('/frontdesk/forms/:id', { schema: { params } }, (request) => getForm(db, authOf(request), request.params.id));

    app.post('/frontdesk/forms', { schema: { body: createFormBody } }, async (request, reply) => {
      const actor = authOf(request);
      const { case_type, form_id, link, ...fields } = request.body;
      const formId = form_id ?? newFormSlug(actor.workspaceId, Math.random);
      const view = await runWrite(db, actor, createForm, { ...fields, id: `form-${randomUUID()}`, formId, caseTypeId: case_type, link: link === undefined ? defaultFormLink(formId) : link });
      return reply.status(201).send(view);
    });

    app.patch('/frontdesk/forms/:id', { schema: { params, body: updateFormBody } }, async (request, reply) => {
      const { case_type, ...fields } = request.body;
      await runWrite(db, authOf(request), patchForm, { ...fields, ref: request.params.id, caseTypeId: case_type });
      return reply.status(204).send();
    });
  };
