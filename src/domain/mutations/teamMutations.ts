import {
  addTeamMemberArgs,
  channelList,
  createTeamArgs,
  removeTeamMemberArgs,
  updateTeamArgs,
  type AddTeamMemberArgs,
  type CreateTeamArgs,
  type RemoveTeamMemberArgs,
  type TeamFields,
  type UpdateTeamArgs,
} from '../settings/teamRules.ts';
import type { TeamDoc, TeamMemberDoc } from '../sync/documents.gen.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Teams and their members (part 1 §2 team form, §7 POST /human-groups and PATCH /human-groups/{id}), so the
 * settings screen works offline too. Only administrators change teams; the replica refuses what it can see.
 * The form adds only members its replica shows outside the team; were another administrator to add the same
 * person meanwhile, the server keeps one link and the extra local one goes when the mutation settles.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

export const TEAM_REFUSALS = {
  notAdmin: 'Only administrators change teams',
  notFound: (what: string) => `${what} not found`,
} as const;

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', TEAM_REFUSALS.notAdmin);
}

function live(docs: Docs, id: string, kind: string, what: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== kind) throw new MutationRefused('not-found', TEAM_REFUSALS.notFound(what));
  return doc;
}

/** The team document's own fields from the form's. */
const teamFields = (fields: TeamFields) => ({
  name: fields.name,
  engineId: fields.engineId,
  color: fields.color,
  lightYellow: fields.lightYellow,
  lightRed: fields.lightRed,
  notifyChannels: channelList(fields.notifyChannels),
  webhookEmail: fields.webhookEmail,
  slackLink: fields.slackLink,
});

export const createTeam = defineMutation<CreateTeamArgs>({
  name: 'team.create',
  args: createTeamArgs,
  reads: (args, actor) => [config(actor.userId), ...(args.engineId ? [config(args.engineId)] : [])],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    if (args.engineId) live(docs, args.engineId, 'engine', 'Engine');
    const workspaceId = String(docs.get(actor.userId)?.workspaceId ?? '');
    const team: TeamDoc = {
      id: args.teamId,
      kind: 'team',
      rev: 0,
      deleted: false,
      workspaceId,
      ...teamFields(args),
      tokEmail: null,
      tokSlack: null,
      isActive: true,
      createdAt: now,
      updatedAt: now,
    };
    return [write(team)];
  },
});

export const updateTeam = defineMutation<UpdateTeamArgs>({
  name: 'team.update',
  args: updateTeamArgs,
  reads: (args) => [config(args.teamId), ...(args.engineId ? [config(args.engineId)] : [])],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const team = live(docs, args.teamId, 'team', 'Team');
    if (args.engineId) live(docs, args.engineId, 'engine', 'Engine');
    return [write({ ...team, ...teamFields(args), updatedAt: now })];
  },
});

export const addTeamMember = defineMutation<AddTeamMemberArgs>({
  name: 'team.addMember',
  args: addTeamMemberArgs,
  reads: (args) => [config(args.teamId), config(args.memberId), config(args.linkId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const team = live(docs, args.teamId, 'team', 'Team');
    live(docs, args.memberId, 'member', 'Member');
    const existing = docs.get(args.linkId);
    if (existing && (existing.teamId !== args.teamId || existing.memberId !== args.memberId)) {
      throw new MutationRefused('already-exists', 'This link id is already used');
    }
    const link: TeamMemberDoc = {
      id: args.linkId,
      kind: 'teamMember',
      rev: existing?.rev ?? 0,
      deleted: false,
      workspaceId: String(team.workspaceId),
      teamId: args.teamId,
      memberId: args.memberId,
      createdAt: now,
      updatedAt: now,
    };
    return [write(link)];
  },
});

export const removeTeamMember = defineMutation<RemoveTeamMemberArgs>({
  name: 'team.removeMember',
  args: removeTeamMemberArgs,
  reads: (args) => [config(args.teamId), config(args.linkId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    live(docs, args.teamId, 'team', 'Team');
    const link = docs.get(args.linkId);
    // Already gone (removed here or by another admin): nothing to show.
    if (!link || link.deleted || link.teamId !== args.teamId) return [];
    return [write({ ...link, deleted: true, updatedAt: now })];
  },
});

export const TEAM_MUTATIONS = [createTeam, updateTeam, addTeamMember, removeTeamMember];
