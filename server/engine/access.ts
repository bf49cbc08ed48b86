import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError, forbidden } from '../http/errors.ts';

/**
 * Module and right checks of the engine's services (part 1 §6): apps, events and webhooks need the APPS module,
 * flow edits need MODELER and not the WFREADONLY right. The account is re-read on every call, so a module taken
 * away applies at once.
 */
export type EngineModule = 'APPS' | 'MODELER' | 'ADMIN';

export type Access = { modules: ReadonlySet<string>; rights: ReadonlySet<string>; isAdmin: boolean };

const idsOf = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => (typeof item === 'string' ? item : item && typeof item === 'object' && 'id' in item ? String(item.id) : '')).filter(Boolean)
    : [];

export async function accessOf(db: Kysely<Database> | WorkspaceTx, actor: AuthContext): Promise<Access> {
  const user = await db
    .selectFrom('users')
    .select(['enabled_modules', 'rights', 'role'])
    .where('id', '=', actor.userId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!user) throw forbidden();
  return { modules: new Set(idsOf(user.enabled_modules)), rights: new Set(idsOf(user.rights)), isAdmin: user.role === 'ADMIN' || user.role === 'OPS-ADMIN' };
}

export async function requireModule(db: Kysely<Database> | WorkspaceTx, actor: AuthContext, module: EngineModule): Promise<Access> {
  const access = await accessOf(db, actor);
  if (!access.modules.has(module)) throw new ApiError(403, 'module-disabled', `The ${module} module is not enabled for your account`);
  return access;
}

/** Reads of apps and flows: APPS or MODELER is enough. */
export async function requireAnyModule(db: Kysely<Database> | WorkspaceTx, actor: AuthContext, modules: EngineModule[]): Promise<Access> {
  const access = await accessOf(db, actor);
  if (!modules.some((m) => access.modules.has(m))) {
    throw new ApiError(403, 'module-disabled', `The ${modules.join(' or ')} module is not enabled for your account`);
  }
  return access;
}
