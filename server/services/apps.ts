import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { appFlowDescription, appFlowName, defaultFlowGraph, newAppStatistics } from '../../src/domain/engine/flowGraph.ts';
import { ACTIVE_INSTANCE_STATUSES } from '../../src/domain/engine/instanceStatus.ts';
import type { CreateAppArgs, UpdateAppArgs } from '../../src/domain/engine/schemas.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { AppsTable } from '../db/domainTables.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { requireAnyModule, requireModule, type Access } from '../engine/access.ts';
import { recordFlowVersion } from '../engine/flowVersions.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import type { WriteService } from './context.ts';

/**
 * Apps (part 1 §2–§4, §7): create (with its own flow AppFlow_<name>), edit, toggle, delete, read. Writes need the
 * APPS module; an app's engine must be active and, for non-administrators, one the caller is authorised on.
 */
type AppRow = Selectable<AppsTable>;
type Reader = Kysely<Database> | WorkspaceTx;

export function appView(app: AppRow, names: { engine?: string | null; owner?: string | null } = {}, events: unknown[] = []) {
  return {
    id: app.id,
    app_id: app.id,
    name: app.name,
    description: app.description,
    engine: { id: app.engine_id, name: names.engine ?? null },
    user: { id: app.owner_user_id, name: names.owner ?? null },
    isActive: app.is_active,
    creationDate: app.created_at.toISOString(),
    workflow: app.flow_id ? { id: app.flow_id } : null,
    calendar: app.calendar_id ? { id: app.calendar_id } : null,
    events,
    statistics: app.statistics,
  };
}

export async function findApp(db: Reader, workspaceId: string, appId: string): Promise<AppRow> {
  const app = await db.selectFrom('apps').selectAll().where('id', '=', appId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!app) throw notFound('App');
  return app;
}

async function checkEngine(tx: WorkspaceTx, actor: AuthContext, access: Access, engineId: string): Promise<void> {
  const engine = await tx.selectFrom('engines').select(['id', 'is_active']).where('id', '=', engineId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!engine) throw notFound('Engine');
  if (!engine.is_active) throw new ApiError(409, 'engine-inactive', 'The engine is inactive: activate it before adding apps to it');
  if (access.isAdmin) return;
  const authorised = await tx.selectFrom('engine_users').select('id').where('engine_id', '=', engineId).where('user_id', '=', actor.userId).where('deleted', '=', false).executeTakeFirst();
  if (!authorised) throw forbidden();
}

async function checkRef(tx: WorkspaceTx, table: 'calendars' | 'flows', workspaceId: string, id: string, what: string): Promise<void> {
  const row = await tx.selectFrom(table).select('id').where('id', '=', id).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound(what);
}

/** `flowId`: the id of the app's new flow, made by the client with the app's id (sync mutation); REST leaves both out. */
export const createApp: WriteService<CreateAppArgs & { flowId?: string | undefined }, ReturnType<typeof appView>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  const access = await requireModule(tx, actor, 'APPS');
  await checkEngine(tx, actor, access, args.engine.id);
  const ownerId = args.user?.id ?? actor.userId;
  if (ownerId !== actor.userId) {
    if (!access.isAdmin) throw forbidden();
    const owner = await tx.selectFrom('users').select('id').where('id', '=', ownerId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
    if (!owner) throw notFound('User');
  }
  if (args.calendar) await checkRef(tx, 'calendars', actor.workspaceId, args.calendar.id, 'Calendar');
  const id = args.id ?? `app-${randomUUID()}`;
  if (args.id && (await tx.selectFrom('apps').select('id').where('id', '=', id).executeTakeFirst())) {
    throw new ApiError(409, 'already-exists', 'An app with this id already exists');
  }
  const flowId = args.flowId ?? `flow-${randomUUID()}`;
  if (args.flowId && (await tx.selectFrom('flows').select('id').where('id', '=', flowId).executeTakeFirst())) {
    throw new ApiError(409, 'already-exists', 'A workflow with this id already exists');
  }
  const stamps = { workspace_id: actor.workspaceId, rev, created_at: now, updated_at: now };
  const flow = await tx
    .insertInto('flows')
    .values({ id: flowId, ...stamps, name: appFlowName(args.name), description: appFlowDescription(args.name), creator_user_id: actor.userId, type: 'app', stages: defaultFlowGraph() })
    .returning(['id', 'workspace_id', 'version', 'stages'])
    .executeTakeFirstOrThrow();
  await recordFlowVersion(ctx, flow, { replace: true });
  const app = await tx
    .insertInto('apps')
    .values({
      id,
      ...stamps,
      engine_id: args.engine.id,
      owner_user_id: ownerId,
      name: args.name,
      description: args.description,
      is_active: args.isActive,
      flow_id: flowId,
      calendar_id: args.calendar?.id ?? null,
      statistics: newAppStatistics(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return appView(app);
};

export const updateApp: WriteService<UpdateAppArgs, ReturnType<typeof appView>> = async ({ tx, rev, actor, now }, args) => {
  const access = await requireModule(tx, actor, 'APPS');
  await findApp(tx, actor.workspaceId, args.id);
  if (args.engine) await checkEngine(tx, actor, access, args.engine.id);
  if (args.workflow) await checkRef(tx, 'flows', actor.workspaceId, args.workflow.id, 'Workflow');
  if (args.calendar) await checkRef(tx, 'calendars', actor.workspaceId, args.calendar.id, 'Calendar');
  const app = await tx
    .updateTable('apps')
    .set({
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.isActive !== undefined ? { is_active: args.isActive } : {}),
      ...(args.engine ? { engine_id: args.engine.id } : {}),
      ...(args.workflow !== undefined ? { flow_id: args.workflow?.id ?? null } : {}),
      ...(args.calendar !== undefined ? { calendar_id: args.calendar?.id ?? null } : {}),
      rev,
      updated_at: now,
    })
    .where('id', '=', args.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return appView(app);
};

export const toggleApp: WriteService<{ id: string; isActive: boolean }, ReturnType<typeof appView>> = (ctx, args) =>
  updateApp(ctx, { id: args.id, isActive: args.isActive });

/**
 * Tombstones the app and its events; its instances and flow stay readable in history. Instances still running
 * stop with status DELETED (the runner skips their queued stages), and their open tickets are canceled, so no
 * agent works on a ticket whose app is gone.
 */
export const deleteApp: WriteService<{ id: string }, { id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireModule(tx, actor, 'APPS');
  await findApp(tx, actor.workspaceId, args.id);
  await tx.updateTable('apps').set({ deleted: true, is_active: false, rev, updated_at: now }).where('id', '=', args.id).execute();
  await tx.updateTable('events').set({ deleted: true, is_active: false, rev, updated_at: now }).where('app_id', '=', args.id).where('deleted', '=', false).execute();
  const stopped = await tx
    .updateTable('instances')
    .set({ status: 'DELETED', end_date: now, wake_at: null, rev, updated_at: now })
    .where('app_id', '=', args.id)
    .where('status', 'in', [...ACTIVE_INSTANCE_STATUSES])
    .returning('id')
    .execute();
  if (stopped.length > 0) {
    await tx
      .updateTable('tickets')
      .set({ state: 'canceled', exit: 'canceled', resolved_at: now, resolved_by_user_id: actor.userId, rev, updated_at: now })
      .where('instance_id', 'in', stopped.map((instance) => instance.id))
      .where('state', '=', 'open')
      .execute();
  }
  return { id: args.id, deleted: true };
};

export async function getApp(db: Kysely<Database>, actor: AuthContext, appId: string) {
  await requireAnyModule(db, actor, ['APPS', 'MODELER']);
  const app = await findApp(db, actor.workspaceId, appId);
  const names = await db
    .selectFrom('engines')
    .innerJoin('users', (join) => join.on('users.id', '=', app.owner_user_id))
    .select(['engines.name as engine', 'users.name as owner'])
    .where('engines.id', '=', app.engine_id)
    .executeTakeFirst();
  const events = await db.selectFrom('events').select(['id', 'name', 'is_active']).where('app_id', '=', appId).where('deleted', '=', false).orderBy('created_at').execute();
  return appView(app, names ?? {}, events.map((e) => ({ id: e.id, name: e.name, isActive: e.is_active })));
}
