import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTemplateBody, updateTemplateBody } from '../../src/domain/templates/templateRules.ts';
import { idRefSchema } from '../../src/domain/validation/ids.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { runWrite } from '../services/context.ts';
import { createTemplate, getTemplate, listTemplates, patchTemplate } from '../services/nodeTemplates.ts';
import type { AppDeps } from '../app.ts';

const params = z.object({ id: idRefSchema });

/**
 * Node templates for signed-in callers (part 2 §7 "POST and GET /templates; GET and PATCH /templates/{id}"). Writes
 * go through the same services as the template.* mutations, in a workspace revision, so every replica gets the
 * change live.
 */
export const templateRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/templates', (request) => listTemplates(db, authOf(request)));
    app.get('/templates/:id', { schema: { params } }, (request) => getTemplate(db, authOf(request), request.params.id));

    app.post('/templates', { schema: { body: createTemplateBody } }, async (request, reply) => {
      const { case_type, node_type, template, ...fields } = request.body;
      const view = await runWrite(db, authOf(request), createTemplate, { ...fields, id: `tpl-${randomUUID()}`, caseTypeId: case_type, nodeType: node_type, template: template ?? null });
      return reply.status(201).send(view);
    });

    app.patch('/templates/:id', { schema: { params, body: updateTemplateBody } }, async (request) => {
      const { case_type, node_type, ...fields } = request.body;
      return runWrite(db, authOf(request), patchTemplate, { ...fields, ref: request.params.id, caseTypeId: case_type, nodeType: node_type });
    });
  };
