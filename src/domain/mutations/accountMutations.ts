import {
  createUserArgs,
  deleteUserArgs,
  engineChanges,
  selfChangeRefusal,
  sendRecoveryArgs,
  updateUserArgs,
  USER_MESSAGES,
  type CreateUserArgs,
  type DeleteUserArgs,
  type SendRecoveryArgs,
  type UpdateUserArgs,
} from '../settings/userRules.ts';
import type { EngineUserDoc, MemberDoc, UserDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { isAdminRole } from '../tickets/inboxRules.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Accounts administration (part 1 §2 user form, §6, §7 POST /users, PATCH and DELETE /users/{id}), so the Accounts
 * tab works offline too. Only administrators (ADMIN, OPS-ADMIN) write; none may delete, deactivate or demote their
 * own account. The optimistic effect shows the user, their member record and engine links at once; the server
 * also stores an unusable password, mails the set-password link after the commit, and ends the sessions of an
 * account made inactive, expired or deleted — none of which the replica holds.
 */
type Docs = ReadonlyMap<string, ReplicaDoc>;
const config = (id: string): DocRef => ({ collection: 'config', id });
const write = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

function requireAdmin(actor: MutationActor): void {
  if (!isAdminRole(actor.role)) throw new MutationRefused('forbidden', USER_MESSAGES.notAdmin);
}

function refuseSelf(actor: MutationActor, userId: string, change: Parameters<typeof selfChangeRefusal>[2]): void {
  const refusal = selfChangeRefusal(actor.userId, userId, change);
  if (refusal) throw new MutationRefused('self-change', refusal);
}

const moduleRefs = (modules: readonly string[]) => modules.map((id) => ({ id }));

function liveUser(docs: Docs, id: string): UserDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== 'user') throw new MutationRefused('not-found', USER_MESSAGES.notFound);
  return doc as UserDoc;
}

const engineLink = (workspaceId: string, userId: string, link: { engineId: string; linkId: string }, now: number): EngineUserDoc => ({
  id: link.linkId,
  kind: 'engineUser',
  rev: 0,
  deleted: false,
  workspaceId,
  engineId: link.engineId,
  userId,
  createdAt: now,
  updatedAt: now,
});

export const createUser = defineMutation<CreateUserArgs>({
  name: 'user.create',
  args: createUserArgs,
  reads: (args, actor) => [config(actor.userId), config(args.userId), config(args.memberId), ...args.engines.map((l) => config(l.linkId))],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    if (docs.get(args.userId)) throw new MutationRefused('already-exists', 'A user with this id already exists');
    const workspaceId = String(docs.get(actor.userId)?.workspaceId ?? '');
    const user: UserDoc = {
      id: args.userId,
      kind: 'user',
      rev: 0,
      deleted: false,
      workspaceId,
      name: args.name,
      username: args.username,
      email: args.email,
      phone: args.phone,
      role: args.role,
      status: args.status,
      language: args.language,
      enabledModules: moduleRefs(args.enabledModules),
      rights: [],
      systemVisibility: args.systemVisibility,
      createdAt: now,
      updatedAt: now,
    };
    const existing = docs.get(args.memberId);
    if (existing && !existing.deleted && existing.kind === 'member' && existing.userId) throw new MutationRefused('member-taken', USER_MESSAGES.memberTaken);
    const member: MemberDoc =
      existing && !existing.deleted && existing.kind === 'member'
        ? { ...(existing as MemberDoc), userId: args.userId, updatedAt: now }
        : { id: args.memberId, kind: 'member', rev: 0, deleted: false, workspaceId, name: args.name, email: args.email, slackLink: null, userId: args.userId, createdAt: now, updatedAt: now };
    return [write(user), write(member), ...args.engines.map((link) => write(engineLink(workspaceId, args.userId, link, now)))];
  },
});

export const updateUser = defineMutation<UpdateUserArgs>({
  name: 'user.update',
  args: updateUserArgs,
  reads: (args) => [config(args.userId), ...args.linkIds.map(config), ...(args.engines ?? []).map((l) => config(l.linkId))],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    refuseSelf(actor, args.userId, { status: args.status, role: args.role });
    const user = liveUser(docs, args.userId);
    const { userId: _id, engines, linkIds, enabledModules, ...fields } = args;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    const writes = [write({ ...user, ...defined, ...(enabledModules ? { enabledModules: moduleRefs(enabledModules) } : {}), updatedAt: now })];
    if (engines) {
      const current = linkIds.flatMap((id) => {
        const link = docs.get(id);
        return link && !link.deleted && link.kind === 'engineUser' && link.userId === args.userId ? [{ linkId: id, engineId: String(link.engineId), doc: link }] : [];
      });
      const { add, remove } = engineChanges(current, engines);
      for (const link of current) if (remove.includes(link.linkId)) writes.push(write({ ...link.doc, deleted: true, updatedAt: now }));
      for (const link of add) writes.push(write(engineLink(user.workspaceId, args.userId, link, now)));
    }
    return writes;
  },
});

export const deleteUser = defineMutation<DeleteUserArgs>({
  name: 'user.delete',
  args: deleteUserArgs,
  reads: (args) => [config(args.userId), ...args.linkIds.map(config)],
  apply(args, docs, actor, now) {
    requireAdmin(actor);
    refuseSelf(actor, args.userId, { deleting: true });
    const user = docs.get(args.userId);
    // Already gone (deleted here or by another admin): nothing to show.
    if (!user || user.deleted || user.kind !== 'user') return [];
    const links = args.linkIds.flatMap((id) => {
      const link = docs.get(id);
      return link && !link.deleted && link.kind === 'engineUser' && link.userId === args.userId ? [write({ ...link, deleted: true, updatedAt: now })] : [];
    });
    return [write({ ...user, deleted: true, updatedAt: now }), ...links];
  },
});

/** An administrator sends someone a recovery mail (part 1 §2 'Send recovery password'); the replica holds nothing of it. */
export const sendRecovery = defineMutation<SendRecoveryArgs>({
  name: 'user.sendRecovery',
  args: sendRecoveryArgs,
  reads: (args) => [config(args.userId)],
  apply(args, docs, actor) {
    requireAdmin(actor);
    liveUser(docs, args.userId);
    return [];
  },
});

export const ACCOUNT_MUTATIONS = [createUser, updateUser, deleteUser, sendRecovery];
