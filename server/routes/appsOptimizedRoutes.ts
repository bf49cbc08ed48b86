import { performance } from 'node:perf_hooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { appIdsBodySchema, dashboardQuerySchema, optimizedAppsQuerySchema, type OptimizedAppsQuery } from '../../src/domain/engine/appsOverviewSchemas.ts';
import { idParams } from '../../src/domain/engine/schemas.ts';
import { authOf, requireSession } from '../auth/guard.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { isAdmin } from '../services/accounts.ts';
import { workspaceRevision, type AppsCache } from '../services/appsCache.ts';
import {
  checkSubject,
  eventsByApp,
  knownAppIds,
  loadAppsOverview,
  loadDashboardSummary,
  recentInstancesByApp,
  requireAppsReader,
  type AppsSubject,
} from '../services/appsOverview.ts';
import type { AppDeps } from '../app.ts';

/**
 * The optimized apps calls and their cache (part 1 §7 Apps, "Optimized"). Answers:
 * - GET /users/{id}/apps/optimized, GET /workspaces/{id}/apps/optimized →
 *   `{ apps: [app + events? + instances? (10 newest) + instanceCounts? {total, byStatus}], performance: { queryMs,
 *   appCount, revision }, cached }`; a flag set to 'false' leaves its field out of every app.
 * - GET /dashboard/data/optimized?user_id&workspace_id → `{ apps: [{id, name, isActive, engine, user,
 *   instanceCounts}], totals: { apps, activeApps, instances, byStatus }, performance, cached }`.
 * - POST /apps/events/batch, POST /apps/instances/batch `{ app_ids }` → `{ events: {appId: event[]} }`,
 *   `{ instances: {appId: instance[]} }`; ids that are not the workspace's live apps are absent.
 * - DELETE /apps/cache/clear, /apps/cache/users/{id}, /apps/cache/workspaces/{id} → `{ cleared: n }`;
 *   GET /apps/cache/stats → `{ entries, hits, misses }` of the caller's workspace.
 * Access is checked on every call, cached or not: the cache saves the reads, never a permission check.
 */
type Timed<T> = T & { performance: { queryMs: number; revision: number }; cached: boolean };

async function cachedRead<T extends object>(
  db: Kysely<Database>,
  cache: AppsCache,
  actor: AuthContext,
  query: string,
  options: { useCache: boolean; subjectUserId?: string | undefined },
  compute: () => Promise<T>,
): Promise<Timed<T>> {
  const started = performance.now();
  // Read before computing: a write that lands meanwhile makes the entry older than its data, never the reverse.
  const revision = await workspaceRevision(db, actor.workspaceId);
  const key = { workspaceId: actor.workspaceId, userId: actor.userId, query };
  const hit = options.useCache ? cache.get<T>(key, revision) : undefined;
  const value = hit ?? (await compute());
  if (!hit && options.useCache) cache.set(key, revision, value, options.subjectUserId);
  const queryMs = Math.round((performance.now() - started) * 100) / 100;
  return { ...value, performance: { queryMs, revision }, cached: hit !== undefined };
}

const flagsKey = (q: OptimizedAppsQuery) => [q.include_events, q.include_instances, q.include_instance_counts].map((f) => (f ? 1 : 0)).join('');
const subjectKey = (s: AppsSubject) => (s.kind === 'user' ? `user:${s.userId}` : 'workspace');

export const appsOptimizedRoutes =
  ({ db, appsCache }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    requireSession(app, db);

    const overview = async (actor: AuthContext, subject: AppsSubject, query: OptimizedAppsQuery) => {
      await checkSubject(db, actor, subject);
      const subjectUserId = subject.kind === 'user' ? subject.userId : undefined;
      return cachedRead(db, appsCache, actor, `apps|${subjectKey(subject)}|${flagsKey(query)}`, { useCache: query.use_cache, subjectUserId }, async () => {
        const apps = await loadAppsOverview(db, actor.workspaceId, subject, query);
        return { apps, appCount: apps.length };
      }).then(({ appCount, performance: timing, ...rest }) => ({ ...rest, performance: { ...timing, appCount } }));
    };

    app.get('/users/:id/apps/optimized', { schema: { params: idParams, querystring: optimizedAppsQuerySchema } }, (request) =>
      overview(authOf(request), { kind: 'user', userId: request.params.id }, request.query),
    );
    app.get('/workspaces/:id/apps/optimized', { schema: { params: idParams, querystring: optimizedAppsQuerySchema } }, (request) =>
      overview(authOf(request), { kind: 'workspace', workspaceId: request.params.id }, request.query),
    );

    app.get('/dashboard/data/optimized', { schema: { querystring: dashboardQuerySchema } }, async (request) => {
      const actor = authOf(request);
      const { user_id: userId, workspace_id: workspaceId, use_cache: useCache } = request.query;
      if (workspaceId !== undefined && workspaceId !== actor.workspaceId) throw notFound('Workspace');
      const subject: AppsSubject = userId ? { kind: 'user', userId } : { kind: 'workspace', workspaceId: actor.workspaceId };
      await checkSubject(db, actor, subject);
      return cachedRead(db, appsCache, actor, `dashboard|${subjectKey(subject)}`, { useCache, subjectUserId: userId }, () =>
        loadDashboardSummary(db, actor.workspaceId, subject),
      );
    });

    app.post('/apps/events/batch', { schema: { body: appIdsBodySchema } }, async (request) => {
      const actor = authOf(request);
      await requireAppsReader(db, actor);
      return { events: await eventsByApp(db, await knownAppIds(db, actor.workspaceId, request.body.app_ids)) };
    });
    app.post('/apps/instances/batch', { schema: { body: appIdsBodySchema } }, async (request) => {
      const actor = authOf(request);
      await requireAppsReader(db, actor);
      return { instances: await recentInstancesByApp(db, await knownAppIds(db, actor.workspaceId, request.body.app_ids)) };
    });

    // Clearing is never needed for correctness (entries die with the revision they were made at); it frees memory
    // and forces fresh reads when someone suspects the cache. Each call clears the caller's own workspace only: one
    // workspace's administrator has no say over another's entries, even though they share the process.
    app.delete('/apps/cache/clear', async (request) => {
      const actor = authOf(request);
      if (!isAdmin(actor)) throw forbidden();
      return { cleared: appsCache.clearWorkspace(actor.workspaceId) };
    });
    app.delete('/apps/cache/users/:id', { schema: { params: idParams } }, async (request) => {
      const actor = authOf(request);
      if (request.params.id !== actor.userId && !isAdmin(actor)) throw forbidden();
      const user = await db.selectFrom('users').select('id').where('id', '=', request.params.id).where('workspace_id', '=', actor.workspaceId).executeTakeFirst();
      if (!user) throw notFound('User');
      return { cleared: appsCache.clearUser(actor.workspaceId, request.params.id) };
    });
    app.delete('/apps/cache/workspaces/:id', { schema: { params: idParams } }, async (request) => {
      const actor = authOf(request);
      if (request.params.id !== actor.workspaceId) throw notFound('Workspace');
      if (!isAdmin(actor)) throw forbidden();
      return { cleared: appsCache.clearWorkspace(actor.workspaceId) };
    });
    app.get('/apps/cache/stats', async (request) => {
      const actor = authOf(request);
      await requireAppsReader(db, actor);
      return appsCache.stats(actor.workspaceId);
    });
  };
