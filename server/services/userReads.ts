import { sql, type Kysely, type Selectable } from 'kysely';
import { accountKey } from '../../src/domain/settings/userRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { getUser, isAdmin } from './accounts.ts';
import { memberIdsOf, teamView, withoutPrivateColumns } from './teams.ts';

/**
 * The users reads of part 1 §7 (/workspaces/{id}/users, /users/{id}/apps, /engines, /human-groups, /userId/{email}).
 * The same rule as GET /users/{id}: another workspace's ids are "not found", and a NORMAL user reads only their own
 * account — never another user's e-mail, phone or modules.
 */
type UserRow = Selectable<UsersTable>;

const userView = (user: UserRow) => ({
  id: user.id,
  name: user.name,
  username: user.username,
  email: user.email,
  phone: user.phone,
  role: user.role,
  status: user.status,
  language: user.language,
  enabledModules: user.enabled_modules,
  systemVisibility: user.system_visibility,
  workspace: { id: user.workspace_id },
});

export async function listWorkspaceUsers(db: Kysely<Database>, auth: AuthContext, workspaceId: string) {
  if (workspaceId !== auth.workspaceId) throw notFound('Workspace');
  let query = db.selectFrom('users').selectAll().where('workspace_id', '=', workspaceId).where('deleted', '=', false);
  if (!isAdmin(auth)) query = query.where('id', '=', auth.userId);
  return (await query.orderBy('name').orderBy('id').execute()).map(userView);
}

/** Apps the user owns (the user detail's Apps tab, 7 rows a page). */
export async function listUserApps(db: Kysely<Database>, auth: AuthContext, userId: string) {
  await getUser(db, auth, userId);
  const rows = await db
    .selectFrom('apps')
    .innerJoin('engines', 'engines.id', 'apps.engine_id')
    .select(['apps.id', 'apps.name', 'apps.description', 'apps.is_active', 'apps.engine_id', 'engines.name as engine_name', 'apps.created_at'])
    .where('apps.owner_user_id', '=', userId)
    .where('apps.workspace_id', '=', auth.workspaceId)
    .where('apps.deleted', '=', false)
    .orderBy('apps.name')
    .orderBy('apps.id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, isActive: r.is_active, engine: { id: r.engine_id, name: r.engine_name }, creationDate: r.created_at }));
}

/** Engines the user is authorised on (the Engines tab, 8 rows a page). */
export async function listUserEngines(db: Kysely<Database>, auth: AuthContext, userId: string) {
  return (await getUser(db, auth, userId)).engines;
}

/** The teams (human groups) of the user's member record; a non-administrator gets no team's private fields. */
export async function listUserTeams(db: Kysely<Database>, auth: AuthContext, userId: string) {
  await getUser(db, auth, userId);
  const rows = await db
    .selectFrom('teams')
    .selectAll('teams')
    .where('teams.workspace_id', '=', auth.workspaceId)
    .where('teams.deleted', '=', false)
    .where('teams.id', 'in', (eb) =>
      eb
        .selectFrom('team_members')
        .innerJoin('members', 'members.id', 'team_members.member_id')
        .select('team_members.team_id')
        .where('members.user_id', '=', userId)
        .where('members.deleted', '=', false)
        .where('team_members.deleted', '=', false),
    )
    .orderBy('teams.name')
    .orderBy('teams.id')
    .execute();
  return Promise.all(rows.map(async (row) => teamView(isAdmin(auth) ? row : withoutPrivateColumns(row), await memberIdsOf(db, row.id))));
}

/** GET /userId/{email}: the id of the workspace's live user with this e-mail (case aside). */
export async function userIdByEmail(db: Kysely<Database>, auth: AuthContext, email: string): Promise<{ id: string }> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('workspace_id', '=', auth.workspaceId)
    .where(sql<string>`lower(email)`, '=', accountKey(email))
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row || (!isAdmin(auth) && row.id !== auth.userId)) throw notFound('User');
  return { id: row.id };
}
