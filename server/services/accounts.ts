import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database, UserRole } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { workspaceView } from './workspaceSettings.ts';

const ADMIN_ROLES: ReadonlySet<UserRole> = new Set(['ADMIN', 'OPS-ADMIN']);
export const isAdmin = (auth: AuthContext) => ADMIN_ROLES.has(auth.role);

/**
 * A user as the console reads it (part 1 §3). Other workspaces' users are "not found", never "forbidden",
 * so ids cannot be probed across workspaces; a NORMAL user may read only their own account.
 */
export async function getUser(db: Kysely<Database>, auth: AuthContext, userId: string) {
  if (userId !== auth.userId && !isAdmin(auth)) throw notFound('User');
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('workspace_id', '=', auth.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!user) throw notFound('User');
  const engines = await db
    .selectFrom('engine_users')
    .innerJoin('engines', 'engines.id', 'engine_users.engine_id')
    .select(['engines.id', 'engines.name', 'engines.is_active'])
    .where('engine_users.user_id', '=', user.id)
    .where('engine_users.deleted', '=', false)
    .where('engines.deleted', '=', false)
    .execute();
  return {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone,
    role: user.role,
    status: user.status,
    language: user.language,
    enabledModules: user.enabled_modules,
    rights: user.rights,
    systemVisibility: user.system_visibility,
    engines: engines.map((e) => ({ id: e.id, name: e.name, isActive: e.is_active })),
    workspace: { id: user.workspace_id },
  };
}

export async function getWorkspace(db: Kysely<Database>, auth: AuthContext, workspaceId: string) {
  if (workspaceId !== auth.workspaceId) throw notFound('Workspace');
  const ws = await db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!ws) throw notFound('Workspace');
  return workspaceView(ws);
}

/** A user belongs to exactly one workspace (part 1 intro); the list form is what the spec's call returns. */
export async function listUserWorkspaces(db: Kysely<Database>, auth: AuthContext, userId: string) {
  const user = await getUser(db, auth, userId);
  return [await getWorkspace(db, auth, user.workspace.id)];
}
