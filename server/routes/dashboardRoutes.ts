import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { casesStatsQuerySchema, countCasesBodySchema, peopleStatsQuerySchema, resolutionTimesQuerySchema } from '../../src/domain/dashboard/statsSchemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import { caseResolutionTimes, casesStats, countCases, humansStats, teamsStats } from '../services/dashboardStats.ts';
import type { AppDeps } from '../app.ts';

/**
 * Case statistics and dashboards (part 1 §7), answered from the dashboard aggregates. GET /cases-types and
 * /cases-states live with the case types (caseTypeRoutes.ts); GET /dashboard/data/optimized with the apps' reads.
 */
export const dashboardRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);
    app.get('/cases-stats', { schema: { querystring: casesStatsQuerySchema } }, (request) => casesStats(db, authOf(request), request.query));
    app.post('/countCases', { schema: { body: countCasesBodySchema } }, (request) => countCases(db, authOf(request), request.body));
    app.get('/cases/resolution-times', { schema: { querystring: resolutionTimesQuerySchema } }, (request) => caseResolutionTimes(db, authOf(request), request.query));
    app.get('/workspaces/:id/teams/stats', { schema: { params: idParams, querystring: peopleStatsQuerySchema } }, (request) =>
      teamsStats(db, authOf(request), request.params.id, request.query),
    );
    app.get('/workspaces/:id/humans/stats', { schema: { params: idParams, querystring: peopleStatsQuerySchema } }, (request) =>
      humansStats(db, authOf(request), request.params.id, request.query),
    );
  };
