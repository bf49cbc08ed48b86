import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../app.ts';

export const statusRoutes =
  ({ db, backend }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/status', async (_request, reply) => {
      try {
        await sql`select 1`.execute(db);
        return { status: 'ok', database: backend, time: new Date().toISOString() };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: backend, time: new Date().toISOString() });
      }
    });
  };
