import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearerToken } from '../auth/guard.ts';
import { LATEST_MIGRATION } from '../db/migrate.ts';
import { ApiError } from '../http/errors.ts';
import type { AppDeps } from '../app.ts';

const sameToken = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/**
 * Health for load balancers and orchestrators, and metrics for operators (issue 20 item 2):
 * - /status/live: the process answers (restart it when this fails);
 * - /status/ready and /status: the database answers and its migrations are done (send traffic only then);
 * - /metrics: Prometheus text, only with `Authorization: Bearer <METRICS_TOKEN>`; not served without a token.
 */
export const statusRoutes =
  ({ db, backend, config, metrics }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const readiness = async () => {
      const time = new Date().toISOString();
      try {
        await sql`select 1`.execute(db);
        const latest = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
        const migrated = latest.rows[0]?.name === LATEST_MIGRATION;
        return { ready: migrated, body: { status: migrated ? 'ok' : 'migrating', database: backend, migrations: migrated ? 'done' : 'pending', time } };
      } catch {
        return { ready: false, body: { status: 'unavailable', database: backend, time } };
      }
    };
    const ready = async (_request: FastifyRequest, reply: FastifyReply) => {
      const state = await readiness();
      return reply.status(state.ready ? 200 : 503).send(state.body);
    };
    app.get('/status', ready);
    app.get('/status/ready', ready);
    app.get('/status/live', async () => ({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }));

    app.get('/metrics', async (request, reply) => {
      const expected = config.metricsToken;
      if (!expected) throw new ApiError(404, 'not-found', 'Metrics are not served: set METRICS_TOKEN to open GET /metrics');
      const given = bearerToken(request);
      if (!given || !sameToken(given, expected)) throw new ApiError(401, 'unauthorized', 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>');
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  };
