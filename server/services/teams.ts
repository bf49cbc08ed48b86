import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  channelList,
  membershipChanges,
  type AddTeamMemberArgs,
  type CreateTeamArgs,
  type RemoveTeamMemberArgs,
  type TeamFields,
  type UpdateTeamArgs,
} from '../../src/domain/settings/teamRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { TeamsTable } from '../db/tables/configTables.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { accessOf, type Access } from '../engine/access.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { PRIVATE_COLUMNS } from '../sync/visibilityRules.ts';
import type { WriteContext, WriteService } from './context.ts';

/**
 * Teams (operator groups) and their members (part 1 §2 team form, §3 fields, §7 /human-groups). Only
 * administrators (ADMIN, OPS-ADMIN) change them; the sync mutations team.* and the REST routes share these
 * services. Membership is one link per (team, member); removing a link tombstones it, and re-adding makes a new one.
 */
type TeamRow = Selectable<TeamsTable>;
type Reader = Kysely<Database> | WorkspaceTx;

/** The notification tokens are not on the team form (nor in the mutations); REST callers may set them. */
export type TeamTokens = { tokEmail?: string | null | undefined; tokSlack?: string | null | undefined };
export type TeamView = ReturnType<typeof teamView>;

/** The REST shape of a team (part 1 §3). */
export function teamView(row: TeamRow, memberIds: readonly string[]) {
  return {
    id: row.id,
    name: row.name,
    engine: row.engine_id ? { id: row.engine_id } : null,
    lightIndicator: { yellow: row.light_yellow, red: row.light_red },
    notifyChannels: row.notify_channels,
    humans: [...memberIds],
    webhookEmail: row.webhook_email,
    tokEmail: row.tok_email,
    tokSlack: row.tok_slack,
    slackLink: row.slack_link,
    color: row.color,
    colorTeam: row.color,
    isActive: row.is_active,
  };
}

/** A team row with the columns only administrators receive (as the sync pull does) left empty. */
export const withoutPrivateColumns = (row: TeamRow): TeamRow => ({ ...row, ...Object.fromEntries([...(PRIVATE_COLUMNS.teams ?? [])].map((column) => [column, null])) });

export async function findTeam(db: Reader, workspaceId: string, teamId: string): Promise<TeamRow> {
  const team = await db.selectFrom('teams').selectAll().where('id', '=', teamId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!team) throw notFound('Team');
  return team;
}

/** Ids in code-point order, whatever the database's collation. */
export const byId = (ids: string[]): string[] => ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** The ids of the team's current members, in a stable order. */
export async function memberIdsOf(db: Reader, teamId: string): Promise<string[]> {
  const links = await db.selectFrom('team_members').select('member_id').where('team_id', '=', teamId).where('deleted', '=', false).execute();
  return byId(links.map((link) => link.member_id));
}

async function requireAdmin(db: Reader, actor: AuthContext): Promise<Access> {
  const access = await accessOf(db, actor);
  if (!access.isAdmin) throw forbidden();
  return access;
}

async function checkEngine(tx: WorkspaceTx, workspaceId: string, engineId: string | null): Promise<void> {
  if (!engineId) return;
  const engine = await tx.selectFrom('engines').select('id').where('id', '=', engineId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!engine) throw notFound('Engine');
}

/** The team's own columns from the form's fields. */
const teamColumns = (fields: TeamFields) => ({
  name: fields.name,
  engine_id: fields.engineId,
  color: fields.color,
  light_yellow: fields.lightYellow,
  light_red: fields.lightRed,
  notify_channels: channelList(fields.notifyChannels),
  webhook_email: fields.webhookEmail,
  slack_link: fields.slackLink,
});

export const createTeam: WriteService<CreateTeamArgs & TeamTokens, TeamView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await checkEngine(tx, actor.workspaceId, args.engineId);
  if (await tx.selectFrom('teams').select('id').where('id', '=', args.teamId).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'A team with this id already exists');
  }
  const team = await tx
    .insertInto('teams')
    .values({
      id: args.teamId,
      workspace_id: actor.workspaceId,
      ...teamColumns(args),
      tok_email: args.tokEmail ?? null,
      tok_slack: args.tokSlack ?? null,
      is_active: true,
      rev,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return teamView(team, []);
};

/** Every field of the form is written; the tokens only when given (null clears them). */
export const updateTeam: WriteService<UpdateTeamArgs & TeamTokens, TeamView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await findTeam(tx, actor.workspaceId, args.teamId);
  await checkEngine(tx, actor.workspaceId, args.engineId);
  const team = await tx
    .updateTable('teams')
    .set({
      ...teamColumns(args),
      ...(args.tokEmail !== undefined ? { tok_email: args.tokEmail } : {}),
      ...(args.tokSlack !== undefined ? { tok_slack: args.tokSlack } : {}),
      rev,
      updated_at: now,
    })
    .where('id', '=', args.teamId)
    .returningAll()
    .executeTakeFirstOrThrow();
  return teamView(team, await memberIdsOf(tx, args.teamId));
};

export type TeamLinkResult = { id: string; teamId: string; memberId: string; deleted: boolean };

/** Links a member to a team; a member already in the team is a success that changes nothing (the existing link). */
export const addTeamMember: WriteService<AddTeamMemberArgs, TeamLinkResult> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await findTeam(tx, actor.workspaceId, args.teamId);
  const member = await tx.selectFrom('members').select('id').where('id', '=', args.memberId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!member) throw notFound('Member');
  const linked = await tx
    .selectFrom('team_members')
    .select('id')
    .where('team_id', '=', args.teamId)
    .where('member_id', '=', args.memberId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (linked) return { id: linked.id, teamId: args.teamId, memberId: args.memberId, deleted: false };
  if (await tx.selectFrom('team_members').select('id').where('id', '=', args.linkId).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'A team membership with this id already exists');
  }
  await tx
    .insertInto('team_members')
    .values({ id: args.linkId, workspace_id: actor.workspaceId, team_id: args.teamId, member_id: args.memberId, rev, created_at: now, updated_at: now })
    .execute();
  return { id: args.linkId, teamId: args.teamId, memberId: args.memberId, deleted: false };
};

/** Tombstones the link; a link already gone (or not this team's) is a success that changes nothing. */
export const removeTeamMember: WriteService<RemoveTeamMemberArgs, { id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await findTeam(tx, actor.workspaceId, args.teamId);
  await tx
    .updateTable('team_members')
    .set({ deleted: true, rev, updated_at: now })
    .where('id', '=', args.linkId)
    .where('team_id', '=', args.teamId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .execute();
  return { id: args.linkId, deleted: true };
};

/** The team's membership made exactly `humans`, in the caller's transaction; each new link is 'tml-<uuid>'. */
async function setMembers(ctx: WriteContext, teamId: string, humans: readonly string[]): Promise<void> {
  const current = await ctx.tx.selectFrom('team_members').select(['id', 'member_id']).where('team_id', '=', teamId).where('deleted', '=', false).execute();
  const changes = membershipChanges(
    current.map((link) => ({ linkId: link.id, memberId: link.member_id })),
    humans,
  );
  for (const linkId of changes.remove) await removeTeamMember(ctx, { teamId, linkId });
  for (const memberId of changes.add) await addTeamMember(ctx, { teamId, memberId, linkId: `tml-${randomUUID()}` });
}

export type SaveTeamArgs = TeamTokens & { humans?: string[] | undefined };

/** POST /human-groups: the team and its members in one transaction. */
export const createTeamWithMembers: WriteService<CreateTeamArgs & SaveTeamArgs, TeamView> = async (ctx, args) => {
  await createTeam(ctx, args);
  if (args.humans?.length) await setMembers(ctx, args.teamId, args.humans);
  return teamView(await findTeam(ctx.tx, ctx.actor.workspaceId, args.teamId), await memberIdsOf(ctx.tx, args.teamId));
};

/** PATCH /human-groups/{id}: every field, and the membership when `humans` is given. */
export const updateTeamWithMembers: WriteService<UpdateTeamArgs & SaveTeamArgs, TeamView> = async (ctx, args) => {
  const view = await updateTeam(ctx, args);
  if (!args.humans) return view;
  await setMembers(ctx, args.teamId, args.humans);
  return { ...view, humans: await memberIdsOf(ctx.tx, args.teamId) };
};

/** The teams a non-administrator belongs to (through their member record); administrators see all. */
async function callerTeamIds(db: Reader, actor: AuthContext): Promise<Set<string>> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('members', 'members.id', 'team_members.member_id')
    .select('team_members.team_id')
    .where('members.user_id', '=', actor.userId)
    .where('members.workspace_id', '=', actor.workspaceId)
    .where('members.deleted', '=', false)
    .where('team_members.deleted', '=', false)
    .execute();
  return new Set(rows.map((row) => row.team_id));
}

/**
 * GET /human-groups/{id}: any signed-in user of the workspace. As in the sync pull, only administrators receive the
 * tokens and the notification address, and only administrators and the team's own members see who is in it.
 */
export async function getTeam(db: Kysely<Database>, actor: AuthContext, teamId: string): Promise<TeamView> {
  const access = await accessOf(db, actor);
  const team = await findTeam(db, actor.workspaceId, teamId);
  if (access.isAdmin) return teamView(team, await memberIdsOf(db, teamId));
  const inTeam = (await callerTeamIds(db, actor)).has(teamId);
  return teamView(withoutPrivateColumns(team), inTeam ? await memberIdsOf(db, teamId) : []);
}

export type TeamHuman = { id: string; human_id: string; name: string; email: string; slackLink: string | null; teams: string[] };

/**
 * GET /human-groups/{id}/humans: the team's members and the teams each is in. Administrators and the team's own
 * members (who see these people in the sync pull too); a non-administrator sees only the teams they share.
 */
export async function listTeamHumans(db: Kysely<Database>, actor: AuthContext, teamId: string): Promise<TeamHuman[]> {
  const access = await accessOf(db, actor);
  await findTeam(db, actor.workspaceId, teamId);
  const visibleTeams = access.isAdmin ? null : await callerTeamIds(db, actor);
  if (visibleTeams && !visibleTeams.has(teamId)) throw forbidden();
  const members = await db
    .selectFrom('team_members')
    .innerJoin('members', 'members.id', 'team_members.member_id')
    .select(['members.id', 'members.name', 'members.email', 'members.slack_link'])
    .where('team_members.team_id', '=', teamId)
    .where('team_members.deleted', '=', false)
    .where('members.deleted', '=', false)
    .orderBy('members.name')
    .orderBy('members.id')
    .execute();
  if (members.length === 0) return [];
  const links = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.member_id', 'team_members.team_id'])
    .where('team_members.member_id', 'in', members.map((m) => m.id))
    .where('team_members.deleted', '=', false)
    .where('teams.deleted', '=', false)
    .where('teams.workspace_id', '=', actor.workspaceId)
    .execute();
  const teamsOf = (memberId: string) => byId(links.filter((l) => l.member_id === memberId && (!visibleTeams || visibleTeams.has(l.team_id))).map((l) => l.team_id));
  return members.map((m) => ({ id: m.id, human_id: m.id, name: m.name, email: m.email, slackLink: m.slack_link, teams: teamsOf(m.id) }));
}
