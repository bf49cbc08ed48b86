import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { enabledModuleSet, type ModuleKey } from '../../src/domain/access/modules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';

/** What a caller may see, read once per request: the inputs of every pull filter and stream check. */
export type Visibility = {
  workspaceId: string;
  userId: string;
  isAdmin: boolean;
  modules: ReadonlySet<ModuleKey>;
  teamIds: string[];
  /** Members of the caller's teams, and the caller's own member record. */
  memberIds: string[];
  /** The caller's own member record(s): the per-human dashboard figures a non-administrator receives. */
  ownMemberIds: string[];
  /** Engines the caller is authorised on (part 1 §3 engine users). */
  engineIds: string[];
  /** Changes whenever any of the above does; part of every checkpoint. */
  fingerprint: string;
};

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

export async function loadVisibility(db: Kysely<Database>, auth: AuthContext): Promise<Visibility> {
  const user = await db.selectFrom('users').select(['enabled_modules']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
  const modules = enabledModuleSet(user.enabled_modules);
  const own = await db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', auth.userId)
    .where('workspace_id', '=', auth.workspaceId)
    .where('deleted', '=', false)
    .execute();
  const teams = own.length
    ? await db
        .selectFrom('team_members')
        .select('team_id')
        .where('member_id', 'in', own.map((m) => m.id))
        .where('deleted', '=', false)
        .execute()
    : [];
  const teamIds = sorted(teams.map((t) => t.team_id));
  const teammates = teamIds.length
    ? await db.selectFrom('team_members').select('member_id').where('team_id', 'in', teamIds).where('deleted', '=', false).execute()
    : [];
  const memberIds = sorted([...own.map((m) => m.id), ...teammates.map((m) => m.member_id)]);
  const engines = await db.selectFrom('engine_users').select('engine_id').where('user_id', '=', auth.userId).where('deleted', '=', false).execute();
  const engineIds = sorted(engines.map((e) => e.engine_id));
  const isAdmin = auth.role === 'ADMIN' || auth.role === 'OPS-ADMIN';
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([auth.role, sorted(modules), teamIds, memberIds, engineIds]))
    .digest('base64url')
    .slice(0, 16);
  const ownMemberIds = sorted(own.map((m) => m.id));
  return { workspaceId: auth.workspaceId, userId: auth.userId, isAdmin, modules, teamIds, memberIds, ownMemberIds, engineIds, fingerprint };
}
