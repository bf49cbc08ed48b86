import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { CORS_MESSAGES, type CreateCorsArgs, type DeleteCorsArgs, type UpdateCorsArgs } from '../../src/domain/settings/corsRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { CorsOriginsTable, Database } from '../db/schema.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import type { WriteService } from './context.ts';

/**
 * CORS origins (part 1 §2 Settings, §3 fields, §5 rules, §7 /cors-origins). Administrators (ADMIN, OPS-ADMIN) read
 * and change their workspace's origins; global ones (workspace null) are shown to them but never changed from a
 * workspace. The sync mutations cors.* and the REST routes share these services; whoever calls them must invalidate
 * the origin policy's cache once the write has committed (server/http/corsOrigins.ts).
 */
type OriginRow = Selectable<CorsOriginsTable>;
type Reader = Kysely<Database> | WorkspaceTx;

/** The REST shape of an origin (part 1 §3). */
export function corsOriginView(row: OriginRow) {
  return { _id: row.id, origin: row.origin, description: row.description, workspace: row.workspace_id, active: row.active };
}
export type CorsOriginView = ReturnType<typeof corsOriginView>;

async function requireAdmin(db: Reader, actor: AuthContext): Promise<void> {
  if (!(await accessOf(db, actor)).isAdmin) throw forbidden();
}

const originNotFound = () => notFound('Origin');
const duplicate = () => new ApiError(409, 'already-exists', CORS_MESSAGES.duplicate);

/** The live origin with this id that the caller's workspace sees (its own or a global one); another's is not found. */
async function findVisible(db: Reader, workspaceId: string, id: string): Promise<OriginRow> {
  const row = await db
    .selectFrom('cors_origins')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]))
    .executeTakeFirst();
  if (!row) throw originNotFound();
  return row;
}

/** Refuses an origin the workspace already has, or that is global (the same origin twice would be one rule). */
async function checkUnique(tx: WorkspaceTx, workspaceId: string, origin: string, exceptId: string | null): Promise<void> {
  let query = tx
    .selectFrom('cors_origins')
    .select('id')
    .where(sql<string>`lower(origin)`, '=', origin.toLowerCase())
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('workspace_id', '=', workspaceId), eb('workspace_id', 'is', null)]));
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw duplicate();
}

export const createCorsOrigin: WriteService<CreateCorsArgs, CorsOriginView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  if (await tx.selectFrom('cors_origins').select('id').where('id', '=', args.id).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'An origin with this id already exists');
  }
  await checkUnique(tx, actor.workspaceId, args.origin, null);
  const row = await tx
    .insertInto('cors_origins')
    .values({ id: args.id, workspace_id: actor.workspaceId, origin: args.origin, description: args.description, active: true, rev, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return corsOriginView(row);
};

/** The whole of origin and description; `active` only when given. */
export const updateCorsOrigin: WriteService<UpdateCorsArgs, CorsOriginView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const current = await findVisible(tx, actor.workspaceId, args.id);
  if (current.workspace_id === null) throw new ApiError(403, 'global-origin', CORS_MESSAGES.globalReadOnly);
  await checkUnique(tx, actor.workspaceId, args.origin, args.id);
  const row = await tx
    .updateTable('cors_origins')
    .set({ origin: args.origin, description: args.description, ...(args.active === undefined ? {} : { active: args.active }), rev, updated_at: now })
    .where('id', '=', args.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return corsOriginView(row);
};

/** Tombstones the origin; one this workspace already deleted is a success that changes nothing. */
export const deleteCorsOrigin: WriteService<DeleteCorsArgs, { _id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const row = await tx
    .selectFrom('cors_origins')
    .select(['id', 'workspace_id', 'deleted'])
    .where('id', '=', args.id)
    .where((eb) => eb.or([eb('workspace_id', '=', actor.workspaceId), eb('workspace_id', 'is', null)]))
    .executeTakeFirst();
  if (!row || (row.deleted && row.workspace_id === null)) throw originNotFound();
  if (row.workspace_id === null) throw new ApiError(403, 'global-origin', CORS_MESSAGES.globalUndeletable);
  if (!row.deleted) await tx.updateTable('cors_origins').set({ deleted: true, rev, updated_at: now }).where('id', '=', args.id).execute();
  return { _id: args.id, deleted: true };
};

/** GET /cors-origins (global and the workspace's) and /cors-origins/workspace: administrators only, global first. */
export async function listCorsOrigins(db: Kysely<Database>, actor: AuthContext, scope: 'all' | 'workspace'): Promise<CorsOriginView[]> {
  await requireAdmin(db, actor);
  const rows = await db
    .selectFrom('cors_origins')
    .selectAll()
    .where('deleted', '=', false)
    .where((eb) => (scope === 'all' ? eb.or([eb('workspace_id', '=', actor.workspaceId), eb('workspace_id', 'is', null)]) : eb('workspace_id', '=', actor.workspaceId)))
    .orderBy(sql`workspace_id is not null`)
    .orderBy(sql`lower(origin)`)
    .orderBy('id')
    .execute();
  return rows.map(corsOriginView);
}
