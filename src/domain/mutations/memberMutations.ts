import {
  createMemberArgs,
  deleteMemberArgs,
  MEMBER_MESSAGES,
  updateMemberArgs,
  type CreateMemberArgs,
  type DeleteMemberArgs,
  type UpdateMemberArgs,
} from '../settings/memberRules.ts';
import type { MemberDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Members (part 1 §2 member form, §7 POST /humans, PATCH and DELETE /v2/human/{id}), so the settings screen works
 * offline too. Only administrators change members. Their teams go through team.addMember / team.removeMember.
 *
 * A member linked to a user account is not deleted: the account signs in as that member (its tickets, its teams,
 * what it may pull), and deleting the person behind a working account would leave the account half there. The
 * refusal says so; the replica refuses at once when it shows the link, the server always.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

export const MEMBER_REFUSALS = {
  notAdmin: 'Only administrators change members',
  notFound: 'Member not found',
  linkedToUser: MEMBER_MESSAGES.linkedToUser,
} as const;

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', MEMBER_REFUSALS.notAdmin);
}

function liveMember(docs: Docs, id: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== 'member') throw new MutationRefused('not-found', MEMBER_REFUSALS.notFound);
  return doc;
}

export const createMember = defineMutation<CreateMemberArgs>({
  name: 'member.create',
  args: createMemberArgs,
  reads: (args, actor) => [config(actor.userId), config(args.memberId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    if (docs.get(args.memberId)) throw new MutationRefused('already-exists', 'A member with this id already exists');
    const member: MemberDoc = {
      id: args.memberId,
      kind: 'member',
      rev: 0,
      deleted: false,
      workspaceId: String(docs.get(actor.userId)?.workspaceId ?? ''),
      name: args.name,
      email: args.email,
      slackLink: args.slackLink,
      userId: null,
      createdAt: now,
      updatedAt: now,
    };
    return [write(member)];
  },
});

export const updateMember = defineMutation<UpdateMemberArgs>({
  name: 'member.update',
  args: updateMemberArgs,
  reads: (args) => [config(args.memberId)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const member = liveMember(docs, args.memberId);
    return [write({ ...member, name: args.name, email: args.email, slackLink: args.slackLink, updatedAt: now })];
  },
});

export const deleteMember = defineMutation<DeleteMemberArgs>({
  name: 'member.delete',
  args: deleteMemberArgs,
  reads: (args) => [config(args.memberId), ...args.linkIds.map(config)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    const member = docs.get(args.memberId);
    // Already gone (deleted here or by another admin): nothing to show.
    if (!member || member.deleted || member.kind !== 'member') return [];
    if (member.userId) throw new MutationRefused('member-has-user', MEMBER_REFUSALS.linkedToUser);
    const links = args.linkIds.flatMap((id) => {
      const link = docs.get(id);
      return link && !link.deleted && link.kind === 'teamMember' && link.memberId === args.memberId ? [write({ ...link, deleted: true, updatedAt: now })] : [];
    });
    return [write({ ...member, deleted: true, updatedAt: now }), ...links];
  },
});

export const MEMBER_MUTATIONS = [createMember, updateMember, deleteMember];
