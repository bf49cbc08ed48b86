import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/** What a caller may see, read once per request: the inputs of every pull filter. */
export type Visibility = {
  workspaceId: string;
  userId: string;
  isAdmin: boolean;
  modules: ReadonlySet<string>;
  teamIds: string[];
  /** Changes whenever any of the above does; part of every checkpoint. */
  fingerprint: string;
};

export async function loadVisibility(db: Kysely<Database>, auth: AuthContext): Promise<Visibility> {
  const user = await db.selectFrom('users').select(['enabled_modules']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
  const modules = new Set(
    (Array.isArray(user.enabled_modules) ? user.enabled_modules : [])
      .map((m) => (m && typeof m === 'object' && !Array.isArray(m) ? m.id : m))
      .filter((m): m is string => typeof m === 'string'),
  );
  const teams = await db
    .selectFrom('team_members')
    .innerJoin('members', 'members.id', 'team_members.member_id')
    .select('team_members.team_id')
    .where('members.user_id', '=', auth.userId)
    .where('members.deleted', '=', false)
    .where('team_members.deleted', '=', false)
    .orderBy('team_members.team_id')
    .execute();
  const teamIds = [...new Set(teams.map((t) => t.team_id))];
  const isAdmin = auth.role === 'ADMIN' || auth.role === 'OPS-ADMIN';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([auth.role, [...modules].sort(), teamIds]))
    .digest('base64url')
    .slice(0, 16);
  return { workspaceId: auth.workspaceId, userId: auth.userId, isAdmin, modules, teamIds, fingerprint };
}
