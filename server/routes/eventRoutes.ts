import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appEventParams,
  createEventBodySchema,
  createWebhookBodySchema,
  generateTokenBodySchema,
  generateUrlBodySchema,
  idParams,
  updateEventBodySchema,
  updateWebhookBodySchema,
} from '../../src/domain/engine/schemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { requireModule } from '../engine/access.ts';
import { runWrite } from '../services/context.ts';
import { createEvent, deleteEvent, getEvent, listAppEvents, updateEvent } from '../services/events.ts';
import { createWebhook, newWebhookId, newWebhookToken, updateWebhook, webhookPath } from '../services/webhooks.ts';
import type { AppDeps } from '../app.ts';

/** Events and webhooks (part 1 §7 "Events and webhooks"). */
export const eventRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    app.get('/apps/:id/events', { schema: { params: idParams } }, (request) => listAppEvents(db, authOf(request), request.params.id));
    app.post('/events', { schema: { body: createEventBodySchema } }, async (request, reply) =>
      reply.status(201).send(await runWrite(db, authOf(request), createEvent, request.body)),
    );
    app.get('/events/:id', { schema: { params: idParams } }, (request) => getEvent(db, authOf(request), request.params.id));
    app.patch('/events/:id', { schema: { params: idParams, body: updateEventBodySchema } }, (request) =>
      runWrite(db, authOf(request), updateEvent, { ...request.body, id: request.params.id }),
    );
    app.patch('/apps/:id/events/:eventId', { schema: { params: appEventParams, body: updateEventBodySchema } }, (request) =>
      runWrite(db, authOf(request), updateEvent, { ...request.body, id: request.params.eventId, appId: request.params.id }),
    );
    app.delete('/apps/:id/events/:eventId', { schema: { params: appEventParams } }, async (request, reply) => {
      await runWrite(db, authOf(request), deleteEvent, { id: request.params.eventId, appId: request.params.id });
      return reply.status(204).send();
    });

    // A new webhook's id and URL are handed out first; the webhook is stored with its event (or POST /webhooks).
    app.post('/webhooks/generateUrl', { schema: { body: generateUrlBodySchema } }, async (request) => {
      await requireModule(db, authOf(request), 'APPS');
      const id = newWebhookId();
      const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
      return { id, url: `${base.replace(/\/$/, '')}${webhookPath(id)}`, path: webhookPath(id) };
    });
    app.post('/webhooks/generateToken', { schema: { body: generateTokenBodySchema } }, async (request) => {
      await requireModule(db, authOf(request), 'APPS');
      return { token: newWebhookToken() };
    });
    app.post('/webhooks', { schema: { body: createWebhookBodySchema } }, async (request, reply) =>
      reply.status(201).send(await runWrite(db, authOf(request), createWebhook, request.body)),
    );
    app.patch('/webhooks/:id', { schema: { params: idParams, body: updateWebhookBodySchema } }, (request) =>
      runWrite(db, authOf(request), updateWebhook, { ...request.body, id: request.params.id }),
    );
  };
