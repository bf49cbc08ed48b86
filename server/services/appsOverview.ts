import { sql, type Kysely, type Selectable } from 'kysely';
import { RECENT_INSTANCES_PER_APP, type OptimizedAppsQuery } from '../../src/domain/engine/appsOverviewSchemas.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AppsTable, InstancesTable } from '../db/domainTables.ts';
import type { Database } from '../db/schema.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { isAdmin } from './accounts.ts';
import { appView } from './apps.ts';
import { eventView } from './events.ts';

/**
 * The reads behind the optimized apps calls (part 1 §7 Apps, "Optimized"): a fixed number of queries for any
 * number of apps (apps, then events, recent instances and counts each in one query over all of them), never one
 * query per app. Who sees what follows the replica's rule for apps (server/sync/visibilityRules.ts): an
 * administrator, or anyone with the APPS module, sees the workspace's apps; a user's own list is theirs to ask for,
 * anyone else's is an administrator's.
 */
type AppRow = Selectable<AppsTable>;
type InstanceRow = Selectable<InstancesTable>;

export type AppsSubject = { kind: 'user'; userId: string } | { kind: 'workspace'; workspaceId: string };
export type OverviewFlags = Pick<OptimizedAppsQuery, 'include_events' | 'include_instances' | 'include_instance_counts'>;
export type InstanceCounts = { total: number; byStatus: Record<string, number> };

/** Admin, or the APPS module: the same test as the replica's `apps` rows. */
export async function requireAppsReader(db: Kysely<Database>, actor: AuthContext): Promise<void> {
  const access = await accessOf(db, actor);
  if (!access.isAdmin && !access.modules.has('APPS')) throw new ApiError(403, 'module-disabled', 'The APPS module is not enabled for your account');
}

/**
 * Checks the caller may read this subject's apps. Another workspace is "not found" (ids are not probed across
 * workspaces); another user's list is refused to all but administrators before anything is looked up.
 */
export async function checkSubject(db: Kysely<Database>, actor: AuthContext, subject: AppsSubject): Promise<void> {
  if (subject.kind === 'workspace') {
    if (subject.workspaceId !== actor.workspaceId) throw notFound('Workspace');
  } else {
    if (subject.userId !== actor.userId && !isAdmin(actor)) throw new ApiError(403, 'forbidden', "Only an administrator may read another user's apps");
    const user = await db.selectFrom('users').select('id').where('id', '=', subject.userId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
    if (!user) throw notFound('User');
  }
  await requireAppsReader(db, actor);
}

async function appsOf(db: Kysely<Database>, workspaceId: string, subject: AppsSubject) {
  let query = db
    .selectFrom('apps')
    .leftJoin('engines', 'engines.id', 'apps.engine_id')
    .leftJoin('users', 'users.id', 'apps.owner_user_id')
    .selectAll('apps')
    .select(['engines.name as engine_name', 'users.name as owner_name'])
    .where('apps.workspace_id', '=', workspaceId)
    .where('apps.deleted', '=', false);
  if (subject.kind === 'user') query = query.where('apps.owner_user_id', '=', subject.userId);
  return query.orderBy('apps.name').orderBy('apps.id').execute();
}

/** The workspace's live apps among `appIds` (unknown, deleted or foreign ids are simply left out). */
export async function knownAppIds(db: Kysely<Database>, workspaceId: string, appIds: readonly string[]): Promise<string[]> {
  if (appIds.length === 0) return [];
  const rows = await db.selectFrom('apps').select('id').where('workspace_id', '=', workspaceId).where('deleted', '=', false).where('id', 'in', appIds).execute();
  return rows.map((r) => r.id);
}

/** Each app's events, as GET /apps/{id}/events answers them. */
export async function eventsByApp(db: Kysely<Database>, appIds: readonly string[]) {
  const byApp: Record<string, ReturnType<typeof eventView>[]> = Object.fromEntries(appIds.map((id) => [id, []]));
  if (appIds.length === 0) return byApp;
  const rows = await db
    .selectFrom('events')
    .innerJoin('apps', 'apps.id', 'events.app_id')
    .leftJoin('webhooks', 'webhooks.id', 'events.webhook_id')
    .selectAll('events')
    .select(['apps.is_active as app_active', 'webhooks.id as hook_id', 'webhooks.name as hook_name', 'webhooks.url as hook_url', 'webhooks.token_hint as hook_hint'])
    .where('events.app_id', 'in', appIds)
    .where('events.deleted', '=', false)
    .orderBy('events.created_at')
    .orderBy('events.id')
    .execute();
  for (const row of rows) {
    const { app_active, hook_id, hook_name, hook_url, hook_hint, ...event } = row;
    const webhook = hook_id ? { id: hook_id, name: hook_name ?? '', url: hook_url ?? '', tokenHint: hook_hint ?? '' } : null;
    byApp[row.app_id]?.push(eventView(event, app_active, webhook));
  }
  return byApp;
}

/** A run as the Apps list shows it: no stage history or values (GET /instances/{id} has those). */
const recentView = (row: Pick<InstanceRow, 'id' | 'name' | 'status' | 'start_date' | 'end_date' | 'current_stage' | 'error' | 'attempt'>) => ({
  id: row.id,
  name: row.name,
  status: row.status,
  startDate: row.start_date?.toISOString() ?? null,
  endDate: row.end_date?.toISOString() ?? null,
  currentStage: row.current_stage,
  error: row.error,
  attempt: row.attempt,
});

/** Each app's RECENT_INSTANCES_PER_APP newest instances (by creation), newest first, in one windowed query. */
export async function recentInstancesByApp(db: Kysely<Database>, appIds: readonly string[]) {
  const byApp: Record<string, ReturnType<typeof recentView>[]> = Object.fromEntries(appIds.map((id) => [id, []]));
  if (appIds.length === 0) return byApp;
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('instances')
        .select(['id', 'app_id', 'name', 'status', 'start_date', 'end_date', 'current_stage', 'error', 'attempt', 'created_at'])
        .select(sql<number>`row_number() over (partition by app_id order by created_at desc, id desc)`.as('position'))
        .where('app_id', 'in', appIds)
        .where('deleted', '=', false)
        .as('ranked'),
    )
    .selectAll()
    .where('position', '<=', RECENT_INSTANCES_PER_APP)
    .orderBy('app_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byApp[row.app_id]?.push(recentView(row));
  return byApp;
}

export async function instanceCountsByApp(db: Kysely<Database>, appIds: readonly string[]) {
  const byApp: Record<string, InstanceCounts> = Object.fromEntries(appIds.map((id) => [id, { total: 0, byStatus: {} }]));
  if (appIds.length === 0) return byApp;
  const rows = await db
    .selectFrom('instances')
    .select(['app_id', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('app_id', 'in', appIds)
    .where('deleted', '=', false)
    .groupBy(['app_id', 'status'])
    .execute();
  for (const row of rows) {
    const counts = byApp[row.app_id];
    if (!counts) continue;
    counts.byStatus[row.status] = Number(row.count);
    counts.total += Number(row.count);
  }
  return byApp;
}

/** The apps of the subject, each with what the flags ask for (a flag that is off leaves its field out). */
export async function loadAppsOverview(db: Kysely<Database>, workspaceId: string, subject: AppsSubject, flags: OverviewFlags) {
  const apps = await appsOf(db, workspaceId, subject);
  const ids = apps.map((a) => a.id);
  const [events, instances, counts] = await Promise.all([
    flags.include_events ? eventsByApp(db, ids) : null,
    flags.include_instances ? recentInstancesByApp(db, ids) : null,
    flags.include_instance_counts ? instanceCountsByApp(db, ids) : null,
  ]);
  return apps.map(({ engine_name, owner_name, ...app }: AppRow & { engine_name: string | null; owner_name: string | null }) => {
    const { events: _none, ...view } = appView(app, { engine: engine_name, owner: owner_name });
    return {
      ...view,
      ...(events ? { events: events[app.id] ?? [] } : {}),
      ...(instances ? { instances: instances[app.id] ?? [] } : {}),
      ...(counts ? { instanceCounts: counts[app.id] ?? { total: 0, byStatus: {} } } : {}),
    };
  });
}

/** The dashboard's summary: each app with its counts, and the totals by status over all of them. */
export async function loadDashboardSummary(db: Kysely<Database>, workspaceId: string, subject: AppsSubject) {
  const apps = await loadAppsOverview(db, workspaceId, subject, { include_events: false, include_instances: false, include_instance_counts: true });
  const byStatus: Record<string, number> = {};
  let instances = 0;
  for (const app of apps) {
    for (const [status, count] of Object.entries(app.instanceCounts?.byStatus ?? {})) byStatus[status] = (byStatus[status] ?? 0) + count;
    instances += app.instanceCounts?.total ?? 0;
  }
  return {
    apps: apps.map((a) => ({ id: a.id, name: a.name, isActive: a.isActive, engine: a.engine, user: a.user, instanceCounts: a.instanceCounts ?? { total: 0, byStatus: {} } })),
    totals: { apps: apps.length, activeApps: apps.filter((a) => a.isActive).length, instances, byStatus },
  };
}
