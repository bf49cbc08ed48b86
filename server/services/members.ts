import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { emailKey, MEMBER_MESSAGES, teamChanges, type CreateMemberArgs, type DeleteMemberArgs, type UpdateMemberArgs } from '../../src/domain/settings/memberRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import type { MembersTable } from '../db/tables/configTables.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { loadVisibility, type Visibility } from '../sync/visibility.ts';
import type { WriteContext, WriteService } from './context.ts';
import { addTeamMember, byId, memberIdsOf, removeTeamMember, teamView, withoutPrivateColumns, type TeamView } from './teams.ts';

/**
 * Members (humans): part 1 §2 member form, §3 fields, §7 /humans and /v2/human/{id}. Only administrators (ADMIN,
 * OPS-ADMIN) change them; the sync mutations member.* and the REST routes share these services. The e-mail is unique
 * among the workspace's live members, case aside. Deleting tombstones the member and every live team link of it; a
 * member linked to a user account is refused (see src/domain/mutations/memberMutations.ts for why). Reads follow
 * the sync pull's rule: administrators see every member, others the members of their own teams.
 */
type MemberRow = Selectable<MembersTable>;
type Reader = Kysely<Database> | WorkspaceTx;

export type MemberView = { id: string; human_id: string; name: string; email: string; slackLink: string | null; teams: string[] };

const memberView = (row: MemberRow, teams: readonly string[]): MemberView => ({
  id: row.id,
  human_id: row.id,
  name: row.name,
  email: row.email,
  slackLink: row.slack_link,
  teams: [...teams],
});

async function requireAdmin(db: Reader, actor: AuthContext): Promise<void> {
  if (!(await accessOf(db, actor)).isAdmin) throw forbidden();
}

/** The live member of the caller's workspace; any other (deleted, unknown, another workspace's) is 404. */
async function findMember(db: Reader, workspaceId: string, memberId: string): Promise<MemberRow> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', memberId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound('Member');
  return row;
}

/** The member's live links to live teams of the workspace, optionally only to the given teams. */
async function linksOf(db: Reader, workspaceId: string, memberId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.id as linkId', 'team_members.team_id as teamId'])
    .where('team_members.member_id', '=', memberId)
    .where('team_members.deleted', '=', false)
    .where('teams.deleted', '=', false)
    .where('teams.workspace_id', '=', workspaceId)
    .execute();
}

async function teamIdsOf(db: Reader, workspaceId: string, memberId: string, visible?: ReadonlySet<string>): Promise<string[]> {
  return byId((await linksOf(db, workspaceId, memberId)).map((l) => l.teamId).filter((id) => !visible || visible.has(id)));
}

async function checkEmailFree(tx: WorkspaceTx, workspaceId: string, email: string, selfId: string): Promise<void> {
  const taken = await tx
    .selectFrom('members')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where(sql<string>`lower(email)`, '=', emailKey(email))
    .where('deleted', '=', false)
    .where('id', '<>', selfId)
    .executeTakeFirst();
  if (taken) throw new ApiError(409, 'email-taken', MEMBER_MESSAGES.emailTaken);
}

export const createMember: WriteService<CreateMemberArgs, MemberView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  if (await tx.selectFrom('members').select('id').where('id', '=', args.memberId).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'A member with this id already exists');
  }
  await checkEmailFree(tx, actor.workspaceId, args.email, args.memberId);
  const row = await tx
    .insertInto('members')
    .values({ id: args.memberId, workspace_id: actor.workspaceId, name: args.name, email: args.email, slack_link: args.slackLink, user_id: null, rev, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return memberView(row, []);
};

export const updateMember: WriteService<UpdateMemberArgs, MemberView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await findMember(tx, actor.workspaceId, args.memberId);
  await checkEmailFree(tx, actor.workspaceId, args.email, args.memberId);
  const row = await tx
    .updateTable('members')
    .set({ name: args.name, email: args.email, slack_link: args.slackLink, rev, updated_at: now })
    .where('id', '=', args.memberId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return memberView(row, await teamIdsOf(tx, actor.workspaceId, args.memberId));
};

/**
 * Tombstones the member and every live link of it (the `linkIds` the client saw are only its preview). A member
 * already deleted is a success that changes nothing, so a replayed or doubled delete settles quietly.
 */
export const deleteMember: WriteService<Pick<DeleteMemberArgs, 'memberId'>, { id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const row = await tx.selectFrom('members').select(['id', 'deleted', 'user_id']).where('id', '=', args.memberId).where('workspace_id', '=', actor.workspaceId).executeTakeFirst();
  if (!row) throw notFound('Member');
  if (row.deleted) return { id: args.memberId, deleted: true };
  if (row.user_id) throw new ApiError(409, 'member-has-user', MEMBER_MESSAGES.linkedToUser);
  await tx.updateTable('team_members').set({ deleted: true, rev, updated_at: now }).where('member_id', '=', args.memberId).where('deleted', '=', false).execute();
  await tx.updateTable('members').set({ deleted: true, rev, updated_at: now }).where('id', '=', args.memberId).execute();
  return { id: args.memberId, deleted: true };
};

/** The member's teams made exactly `teams`, in the caller's transaction; each new link is 'tml-<uuid>'. */
async function setTeams(ctx: WriteContext, memberId: string, teams: readonly string[]): Promise<void> {
  const current = await linksOf(ctx.tx, ctx.actor.workspaceId, memberId);
  const changes = teamChanges(current, teams);
  const teamOfLink = new Map(current.map((l) => [l.linkId, l.teamId]));
  for (const linkId of changes.remove) await removeTeamMember(ctx, { teamId: teamOfLink.get(linkId)!, linkId });
  for (const teamId of changes.add) await addTeamMember(ctx, { teamId, memberId, linkId: `tml-${randomUUID()}` });
}

export type SaveMemberArgs = { teams?: string[] | undefined };

/** POST /humans: the member and its teams in one transaction. */
export const createMemberWithTeams: WriteService<CreateMemberArgs & SaveMemberArgs, MemberView> = async (ctx, args) => {
  const view = await createMember(ctx, args);
  if (!args.teams?.length) return view;
  await setTeams(ctx, args.memberId, args.teams);
  return { ...view, teams: await teamIdsOf(ctx.tx, ctx.actor.workspaceId, args.memberId) };
};

/** PATCH /v2/human/{id}: every field, and the teams when `teams` is given. */
export const updateMemberWithTeams: WriteService<UpdateMemberArgs & SaveMemberArgs, MemberView> = async (ctx, args) => {
  const view = await updateMember(ctx, args);
  if (!args.teams) return view;
  await setTeams(ctx, args.memberId, args.teams);
  return { ...view, teams: await teamIdsOf(ctx.tx, ctx.actor.workspaceId, args.memberId) };
};

/** The caller's view: who they may see (as the pull decides) and which teams they may see members in. */
async function readerScope(db: Kysely<Database>, actor: AuthContext): Promise<{ v: Visibility; teams: ReadonlySet<string> | undefined }> {
  const v = await loadVisibility(db, actor);
  return { v, teams: v.isAdmin ? undefined : new Set(v.teamIds) };
}

const mayRead = (v: Visibility, memberId: string) => v.isAdmin || v.memberIds.includes(memberId);

/** GET /humans: the members the caller may see, by name, each with the teams the caller may see. */
export async function listMembers(db: Kysely<Database>, actor: AuthContext): Promise<MemberView[]> {
  const { v, teams } = await readerScope(db, actor);
  if (!v.isAdmin && v.memberIds.length === 0) return [];
  let query = db.selectFrom('members').selectAll().where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false);
  if (!v.isAdmin) query = query.where('id', 'in', v.memberIds);
  const rows = await query.orderBy('name').orderBy('id').execute();
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.member_id', 'team_members.team_id'])
    .where('team_members.member_id', 'in', rows.map((r) => r.id))
    .where('team_members.deleted', '=', false)
    .where('teams.deleted', '=', false)
    .where('teams.workspace_id', '=', actor.workspaceId)
    .execute();
  const teamsOf = (memberId: string) => byId(links.filter((l) => l.member_id === memberId && (!teams || teams.has(l.team_id))).map((l) => l.team_id));
  return rows.map((row) => memberView(row, teamsOf(row.id)));
}

/** GET /humans/{email}/human: the live member with this e-mail (case aside), if the caller may see them. */
export async function getMemberByEmail(db: Kysely<Database>, actor: AuthContext, email: string): Promise<MemberView> {
  const { v, teams } = await readerScope(db, actor);
  const row = await db
    .selectFrom('members')
    .selectAll()
    .where('workspace_id', '=', actor.workspaceId)
    .where(sql<string>`lower(email)`, '=', emailKey(email))
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!row || !mayRead(v, row.id)) throw notFound('Member');
  return memberView(row, await teamIdsOf(db, actor.workspaceId, row.id, teams));
}

/** GET /humans/{id}/human-groups: the member's teams; a non-administrator sees only the teams they share. */
export async function listMemberTeams(db: Kysely<Database>, actor: AuthContext, memberId: string): Promise<TeamView[]> {
  const { v, teams } = await readerScope(db, actor);
  await findMember(db, actor.workspaceId, memberId);
  if (!mayRead(v, memberId)) throw notFound('Member');
  const teamIds = await teamIdsOf(db, actor.workspaceId, memberId, teams);
  if (teamIds.length === 0) return [];
  const rows = await db.selectFrom('teams').selectAll().where('id', 'in', teamIds).orderBy('name').orderBy('id').execute();
  return Promise.all(rows.map(async (row) => (v.isAdmin ? teamView(row, await memberIdsOf(db, row.id)) : teamView(withoutPrivateColumns(row), await memberIdsOf(db, row.id)))));
}

/**
 * The workspace link of a member (part 2 §7 "link human to workspace", part 1 §7 add-human / remove-human). Here a
 * member is made inside one workspace (POST /humans), so it is always linked to it: adding names a live member of
 * the caller's workspace and answers 'existing' without writing; removing is the member's deletion.
 */
export async function linkMemberToWorkspace(db: Kysely<Database>, actor: AuthContext, memberId: string): Promise<{ result: 'existing'; human_id: string; name: string }> {
  await requireAdmin(db, actor);
  const row = await findMember(db, actor.workspaceId, memberId);
  return { result: 'existing', human_id: row.id, name: row.name };
}
