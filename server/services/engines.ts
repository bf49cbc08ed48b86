import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  authorisationChanges,
  engineInUseMessage,
  type CreateEngineArgs,
  type DeleteEngineArgs,
  type EngineFields,
  type UpdateEngineArgs,
} from '../../src/domain/settings/engineRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { EnginesTable } from '../db/domainTables.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { accessOf, type Access } from '../engine/access.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import type { WriteContext, WriteService } from './context.ts';
import { byId } from './teams.ts';

/**
 * Engines and their authorised users (part 1 §2 engine form, §3 Engine, §6, §7 /engines). Only administrators
 * (ADMIN, OPS-ADMIN) write; the sync mutations engine.* and the REST routes share these services. Authorisation is
 * one link per (engine, user); removing it tombstones the link and re-adding makes a new one. A non-administrator
 * reads only the engines they are authorised on (what settings shows them as 'Engines Visibility'); another
 * workspace's engine is "not found", never "forbidden", so ids cannot be probed across workspaces.
 */
type EngineRow = Selectable<EnginesTable>;
type Reader = Kysely<Database> | WorkspaceTx;

export type EngineView = ReturnType<typeof engineView>;

/** The REST shape of an engine (part 1 §3). */
export function engineView(row: EngineRow, userIds: readonly string[]) {
  return { id: row.id, name: row.name, description: row.description, isActive: row.is_active, users: userIds.map((id) => ({ id })), workspace: { id: row.workspace_id } };
}

export async function findEngine(db: Reader, workspaceId: string, engineId: string): Promise<EngineRow> {
  const engine = await db.selectFrom('engines').selectAll().where('id', '=', engineId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!engine) throw notFound('Engine');
  return engine;
}

/** The live links of an engine, by user id. */
async function linksOf(db: Reader, engineId: string): Promise<Array<{ linkId: string; userId: string }>> {
  const rows = await db.selectFrom('engine_users').select(['id', 'user_id']).where('engine_id', '=', engineId).where('deleted', '=', false).execute();
  return rows.map((row) => ({ linkId: row.id, userId: row.user_id })).sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
}

async function requireAdmin(db: Reader, actor: AuthContext): Promise<Access> {
  const access = await accessOf(db, actor);
  if (!access.isAdmin) throw forbidden();
  return access;
}

async function isAuthorised(db: Reader, engineId: string, userId: string): Promise<boolean> {
  const link = await db.selectFrom('engine_users').select('id').where('engine_id', '=', engineId).where('user_id', '=', userId).where('deleted', '=', false).executeTakeFirst();
  return link !== undefined;
}

/** Links the users to the engine; a user already authorised keeps their link (a success that changes nothing). */
async function addLinks(ctx: WriteContext, engineId: string, addUsers: ReadonlyArray<{ userId: string; linkId: string }>): Promise<void> {
  const { tx, rev, actor, now } = ctx;
  for (const { userId, linkId } of addUsers) {
    const user = await tx.selectFrom('users').select('id').where('id', '=', userId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
    if (!user) throw notFound('User');
    if (await isAuthorised(tx, engineId, userId)) continue;
    if (await tx.selectFrom('engine_users').select('id').where('id', '=', linkId).executeTakeFirst()) {
      throw new ApiError(409, 'already-exists', 'An engine authorisation with this id already exists');
    }
    await tx.insertInto('engine_users').values({ id: linkId, workspace_id: actor.workspaceId, engine_id: engineId, user_id: userId, rev, created_at: now, updated_at: now }).execute();
  }
}

/** Tombstones the links; one already gone, or another engine's, changes nothing. */
async function removeLinks(ctx: WriteContext, engineId: string, linkIds: readonly string[]): Promise<void> {
  if (linkIds.length === 0) return;
  await ctx.tx
    .updateTable('engine_users')
    .set({ deleted: true, rev: ctx.rev, updated_at: ctx.now })
    .where('id', 'in', [...linkIds])
    .where('engine_id', '=', engineId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .execute();
}

const engineColumns = (fields: EngineFields) => ({ name: fields.name, description: fields.description, is_active: fields.isActive });

async function viewOf(db: Reader, workspaceId: string, engineId: string): Promise<EngineView> {
  return engineView(await findEngine(db, workspaceId, engineId), (await linksOf(db, engineId)).map((l) => l.userId));
}

export const createEngine: WriteService<CreateEngineArgs, EngineView> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireAdmin(tx, actor);
  if (await tx.selectFrom('engines').select('id').where('id', '=', args.engineId).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'An engine with this id already exists');
  }
  await tx
    .insertInto('engines')
    .values({ id: args.engineId, workspace_id: actor.workspaceId, ...engineColumns(args), rev, created_at: now, updated_at: now })
    .execute();
  await addLinks(ctx, args.engineId, args.addUsers);
  return viewOf(tx, actor.workspaceId, args.engineId);
};

/** Every field of the form, then the authorisation changes: links to tombstone, then users to link. */
export const updateEngine: WriteService<UpdateEngineArgs, EngineView> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireAdmin(tx, actor);
  await findEngine(tx, actor.workspaceId, args.engineId);
  await tx.updateTable('engines').set({ ...engineColumns(args), rev, updated_at: now }).where('id', '=', args.engineId).execute();
  await removeLinks(ctx, args.engineId, args.removeLinks);
  await addLinks(ctx, args.engineId, args.addUsers);
  return viewOf(tx, actor.workspaceId, args.engineId);
};

/**
 * Tombstones the engine and every link to it. An engine still used by live apps or teams is refused (409) with
 * the count: deleting it would leave them pointing at nothing, and an app's engine decides who may work on it.
 */
export const deleteEngine: WriteService<Pick<DeleteEngineArgs, 'engineId'>, { id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const row = await tx.selectFrom('engines').select(['id', 'deleted']).where('id', '=', args.engineId).where('workspace_id', '=', actor.workspaceId).executeTakeFirst();
  if (!row) throw notFound('Engine');
  if (row.deleted) return { id: args.engineId, deleted: true };
  const count = async (table: 'apps' | 'teams') =>
    Number(
      (
        await tx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('engine_id', '=', args.engineId)
          .where('workspace_id', '=', actor.workspaceId)
          .where('deleted', '=', false)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const inUse = engineInUseMessage(await count('apps'), await count('teams'));
  if (inUse !== null) throw new ApiError(409, 'engine-in-use', inUse);
  await tx.updateTable('engine_users').set({ deleted: true, rev, updated_at: now }).where('engine_id', '=', args.engineId).where('deleted', '=', false).execute();
  await tx.updateTable('engines').set({ deleted: true, rev, updated_at: now }).where('id', '=', args.engineId).execute();
  return { id: args.engineId, deleted: true };
};

const newLinkId = () => `eu-${randomUUID()}`;

/** POST /engines: the engine and its authorised users in one transaction. */
export const createEngineWithUsers: WriteService<EngineFields & { engineId: string; users: readonly string[] }, EngineView> = (ctx, args) =>
  createEngine(ctx, { ...args, addUsers: authorisationChanges([], args.users, newLinkId).addUsers });

export type EnginePatch = Partial<EngineFields> & { engineId: string; users?: readonly string[] | undefined };

/** PATCH /engines/{id}: the fields given (the others stay), and exactly `users` as authorised when given. */
export const patchEngine: WriteService<EnginePatch, EngineView> = async (ctx, args) => {
  await requireAdmin(ctx.tx, ctx.actor);
  const current = await findEngine(ctx.tx, ctx.actor.workspaceId, args.engineId);
  const changes = args.users ? authorisationChanges(await linksOf(ctx.tx, args.engineId), args.users, newLinkId) : { addUsers: [], removeLinks: [] };
  return updateEngine(ctx, {
    engineId: args.engineId,
    name: args.name ?? current.name,
    description: args.description ?? current.description,
    isActive: args.isActive ?? current.is_active,
    ...changes,
  });
};

/** An engine the caller may read: administrators any of the workspace's, others those they are authorised on. */
async function readableEngine(db: Kysely<Database>, actor: AuthContext, engineId: string): Promise<{ engine: EngineRow; access: Access }> {
  const access = await accessOf(db, actor);
  const engine = await findEngine(db, actor.workspaceId, engineId);
  if (!access.isAdmin && !(await isAuthorised(db, engineId, actor.userId))) throw forbidden();
  return { engine, access };
}

/** GET /engines/{id}: a non-administrator sees only themselves among the users, as the sync pull shows them. */
export async function getEngine(db: Kysely<Database>, actor: AuthContext, engineId: string): Promise<EngineView> {
  const { engine, access } = await readableEngine(db, actor, engineId);
  const users = (await linksOf(db, engineId)).map((l) => l.userId);
  return engineView(engine, access.isAdmin ? users : users.filter((id) => id === actor.userId));
}

/** GET /engines/{id}/apps: the engine's live apps, by name; apps are the APPS module's, so it is needed too. */
export async function listEngineApps(db: Kysely<Database>, actor: AuthContext, engineId: string) {
  const { engine, access } = await readableEngine(db, actor, engineId);
  if (!access.isAdmin && !access.modules.has('APPS')) throw new ApiError(403, 'module-disabled', 'The APPS module is not enabled for your account');
  const apps = await db
    .selectFrom('apps')
    .select(['id', 'name', 'description', 'is_active', 'owner_user_id', 'created_at'])
    .where('engine_id', '=', engineId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return apps.map((app) => ({
    id: app.id,
    app_id: app.id,
    name: app.name,
    description: app.description,
    isActive: app.is_active,
    engine: { id: engine.id, name: engine.name },
    user: { id: app.owner_user_id },
    creationDate: app.created_at.toISOString(),
  }));
}

/** GET /engines/{id}/users: who is authorised, with what the picker's tooltip shows; administrators only. */
export async function listEngineUsers(db: Kysely<Database>, actor: AuthContext, engineId: string) {
  await requireAdmin(db, actor);
  await findEngine(db, actor.workspaceId, engineId);
  const users = await db
    .selectFrom('engine_users')
    .innerJoin('users', 'users.id', 'engine_users.user_id')
    .select(['users.id', 'users.name', 'users.email', 'users.role'])
    .where('engine_users.engine_id', '=', engineId)
    .where('engine_users.deleted', '=', false)
    .where('users.deleted', '=', false)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
  return users.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role }));
}

/** GET /workspaces/{id}/engines: the caller's own workspace only; a non-administrator gets their engines. */
export async function listWorkspaceEngines(db: Kysely<Database>, actor: AuthContext, workspaceId: string): Promise<EngineView[]> {
  if (workspaceId !== actor.workspaceId) throw notFound('Workspace');
  const access = await accessOf(db, actor);
  let query = db.selectFrom('engines').selectAll().where('workspace_id', '=', workspaceId).where('deleted', '=', false);
  if (!access.isAdmin) {
    query = query.where('id', 'in', db.selectFrom('engine_users').select('engine_id').where('user_id', '=', actor.userId).where('deleted', '=', false));
  }
  const engines = await query.orderBy('name').orderBy('id').execute();
  if (engines.length === 0) return [];
  const links = await db
    .selectFrom('engine_users')
    .select(['engine_id', 'user_id'])
    .where('engine_id', 'in', engines.map((e) => e.id))
    .where('deleted', '=', false)
    .execute();
  const usersOf = (engineId: string) => byId(links.filter((l) => l.engine_id === engineId && (access.isAdmin || l.user_id === actor.userId)).map((l) => l.user_id));
  return engines.map((engine) => engineView(engine, usersOf(engine.id)));
}
