import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { MEMBER_MESSAGES } from '../../src/domain/settings/memberRules.ts';
import {
  accountKey,
  engineChanges,
  INVITATION_TTL_HOURS,
  selfChangeRefusal,
  USER_MESSAGES,
  type CreateUserArgs,
  type DeleteUserArgs,
  type SendRecoveryArgs,
  type UpdateUserArgs,
} from '../../src/domain/settings/userRules.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/sessions.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { isAdmin } from './accounts.ts';
import type { WriteContext, WriteService } from './context.ts';
import type { PostCommitTask } from './postCommit.ts';

/**
 * Accounts administration (part 1 §2 user form, §6, §7 POST /users, PATCH and DELETE /users/{id}, §8): the writes
 * of the REST routes and of the user.* mutations. Only ADMIN and OPS-ADMIN write; none may delete, deactivate or
 * demote their own account. Usernames and e-mails are unique among live accounts of every workspace (the sign-in
 * looks them up without a workspace). A new account gets an unusable random password and a set-password mail with
 * a one-time link; no password is ever chosen, seen or sent by the administrator. An account made inactive,
 * expired or deleted loses its sessions in the same transaction, so its next request is 401.
 */
const RECOVERY_TTL_MS = 60 * 60 * 1000;
const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

const refused = (code: string, message: string, status = 409) => new ApiError(status, code, message);

function requireAdmin(ctx: WriteContext): void {
  if (!isAdmin(ctx.actor)) throw new ApiError(403, 'forbidden', USER_MESSAGES.notAdmin);
}

function refuseSelf(ctx: WriteContext, userId: string, change: Parameters<typeof selfChangeRefusal>[2]): void {
  const refusal = selfChangeRefusal(ctx.actor.userId, userId, change);
  if (refusal) throw refused('self-change', refusal);
}

/** A service that mails needs somewhere to send from; without it, it refuses before writing anything. */
function postCommitOf(ctx: WriteContext): (task: PostCommitTask) => void {
  if (!ctx.afterCommit) throw new Error('this write sends mail and needs post-commit work (a mailer)');
  return ctx.afterCommit;
}

async function findUser(tx: WorkspaceTx, workspaceId: string, userId: string) {
  const row = await tx.selectFrom('users').selectAll().where('id', '=', userId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound('User');
  return row;
}

async function checkUnique(tx: WorkspaceTx, column: 'email' | 'username', value: string, selfId: string): Promise<void> {
  const taken = await tx
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(${sql.ref(column)})`, '=', accountKey(value))
    .where('deleted', '=', false)
    .where('id', '<>', selfId)
    .executeTakeFirst();
  if (taken) throw column === 'email' ? refused('email-taken', USER_MESSAGES.emailTaken) : refused('username-taken', USER_MESSAGES.usernameTaken);
}

async function checkEngines(tx: WorkspaceTx, workspaceId: string, engineIds: readonly string[]): Promise<void> {
  if (engineIds.length === 0) return;
  const found = await tx.selectFrom('engines').select('id').where('id', 'in', engineIds).where('workspace_id', '=', workspaceId).where('deleted', '=', false).execute();
  if (found.length !== new Set(engineIds).size) throw notFound('Engine');
}

async function linkEngines(ctx: WriteContext, userId: string, links: ReadonlyArray<{ engineId: string; linkId: string }>): Promise<void> {
  if (links.length === 0) return;
  const taken = await ctx.tx.selectFrom('engine_users').select('id').where('id', 'in', links.map((l) => l.linkId)).executeTakeFirst();
  if (taken) throw refused('already-exists', 'An engine link with this id already exists');
  await ctx.tx
    .insertInto('engine_users')
    .values(links.map((l) => ({ id: l.linkId, workspace_id: ctx.actor.workspaceId, engine_id: l.engineId, user_id: userId, rev: ctx.rev, created_at: ctx.now, updated_at: ctx.now })))
    .execute();
}

/** The live member the account works as: the one named if it exists (same e-mail, no other account), else a new one. */
async function linkMember(ctx: WriteContext, args: CreateUserArgs): Promise<void> {
  const { tx, actor, rev, now } = ctx;
  const existing = await tx.selectFrom('members').select(['id', 'workspace_id', 'deleted', 'email', 'user_id']).where('id', '=', args.memberId).executeTakeFirst();
  if (existing) {
    if (existing.workspace_id !== actor.workspaceId || existing.deleted) throw notFound('Member');
    if (existing.user_id) throw refused('member-taken', USER_MESSAGES.memberTaken);
    if (accountKey(existing.email) !== accountKey(args.email)) throw refused('member-email', USER_MESSAGES.memberEmail);
    await tx.updateTable('members').set({ user_id: args.userId, rev, updated_at: now }).where('id', '=', args.memberId).execute();
    return;
  }
  // A person already working tickets as a member gets the account on that member (the form names it when the
  // replica shows it; a REST caller does not know member ids).
  const sameEmail = await tx
    .selectFrom('members')
    .select(['id', 'user_id'])
    .where('workspace_id', '=', actor.workspaceId)
    .where(sql<string>`lower(email)`, '=', accountKey(args.email))
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (sameEmail?.user_id) throw refused('email-taken', MEMBER_MESSAGES.emailTaken);
  if (sameEmail) {
    await tx.updateTable('members').set({ user_id: args.userId, rev, updated_at: now }).where('id', '=', sameEmail.id).execute();
    return;
  }
  await tx
    .insertInto('members')
    .values({ id: args.memberId, workspace_id: actor.workspaceId, name: args.name, email: args.email, slack_link: null, user_id: args.userId, rev, created_at: now, updated_at: now })
    .execute();
}

/** A one-time link to /update, stored hashed; the mail goes out after the commit. */
async function mailPasswordLink(ctx: WriteContext, user: { id: string; name: string; email: string; username: string }, kind: 'invitation' | 'recovery'): Promise<void> {
  const later = postCommitOf(ctx);
  const token = newToken();
  const ttl = kind === 'invitation' ? INVITATION_TTL_MS : RECOVERY_TTL_MS;
  await ctx.tx
    .insertInto('password_resets')
    .values({ id: randomUUID(), token_hash: hashToken(token), user_id: user.id, expires_at: new Date(ctx.now.getTime() + ttl) })
    .execute();
  const workspaceId = ctx.actor.workspaceId;
  later(async ({ mailer, baseUrl }) => {
    const link = `${baseUrl}/update?token=${token}`;
    await mailer.send(
      kind === 'invitation'
        ? {
            workspaceId,
            to: user.email,
            subject: 'Your account: choose a password',
            body: `Hello ${user.name},\n\nAn account was made for you; you sign in as ${user.username}.\nTo choose your password open ${link} and give ${user.username} as your e-mail there.\nThe link is valid for ${INVITATION_TTL_HOURS} hours and works once.\nIf you did not expect it, ignore this message.`,
          }
        : {
            workspaceId,
            to: user.email,
            subject: 'Password recovery',
            body: `Hello ${user.name},\n\nYour administrator sent you a link to choose a new password: ${link}\nThe link is valid for one hour.\nIf you did not ask for it, ignore this message.`,
          },
    );
  });
}

async function endSessions(ctx: WriteContext, userId: string): Promise<void> {
  await ctx.tx.updateTable('sessions').set({ revoked_at: ctx.now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export type UserWriteResult = { id: string };

export const createUser: WriteService<CreateUserArgs, UserWriteResult> = async (ctx, args) => {
  requireAdmin(ctx);
  postCommitOf(ctx);
  if (await ctx.tx.selectFrom('users').select('id').where('id', '=', args.userId).executeTakeFirst()) throw refused('already-exists', 'A user with this id already exists');
  await checkUnique(ctx.tx, 'email', args.email, args.userId);
  await checkUnique(ctx.tx, 'username', args.username, args.userId);
  await checkEngines(ctx.tx, ctx.actor.workspaceId, args.engines.map((l) => l.engineId));
  // Nobody knows this password; the person chooses theirs through the mailed link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  await ctx.tx
    .insertInto('users')
    .values({
      id: args.userId,
      workspace_id: ctx.actor.workspaceId,
      name: args.name,
      username: args.username,
      email: args.email,
      phone: args.phone,
      role: args.role,
      status: args.status,
      language: args.language,
      password_hash: unusable,
      enabled_modules: args.enabledModules.map((id) => ({ id })),
      rights: [],
      system_visibility: args.systemVisibility,
      rev: ctx.rev,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  await linkMember(ctx, args);
  await linkEngines(ctx, args.userId, args.engines);
  await mailPasswordLink(ctx, { ...args, id: args.userId }, 'invitation');
  return { id: args.userId };
};

export const updateUser: WriteService<UpdateUserArgs, UserWriteResult> = async (ctx, args) => {
  requireAdmin(ctx);
  refuseSelf(ctx, args.userId, { status: args.status, role: args.role });
  const row = await findUser(ctx.tx, ctx.actor.workspaceId, args.userId);
  if (args.username !== undefined) await checkUnique(ctx.tx, 'username', args.username, args.userId);
  const changes = {
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.username !== undefined ? { username: args.username } : {}),
    ...(args.phone !== undefined ? { phone: args.phone } : {}),
    ...(args.role !== undefined ? { role: args.role } : {}),
    ...(args.status !== undefined ? { status: args.status } : {}),
    ...(args.language !== undefined ? { language: args.language } : {}),
    ...(args.systemVisibility !== undefined ? { system_visibility: args.systemVisibility } : {}),
    ...(args.enabledModules !== undefined ? { enabled_modules: args.enabledModules.map((id) => ({ id })) } : {}),
  };
  await ctx.tx.updateTable('users').set({ ...changes, rev: ctx.rev, updated_at: ctx.now }).where('id', '=', args.userId).execute();
  if (args.engines) {
    await checkEngines(ctx.tx, ctx.actor.workspaceId, args.engines.map((l) => l.engineId));
    const current = await ctx.tx.selectFrom('engine_users').select(['id as linkId', 'engine_id as engineId']).where('user_id', '=', args.userId).where('deleted', '=', false).execute();
    const { add, remove } = engineChanges(current, args.engines);
    if (remove.length) await ctx.tx.updateTable('engine_users').set({ deleted: true, rev: ctx.rev, updated_at: ctx.now }).where('id', 'in', remove).execute();
    await linkEngines(ctx, args.userId, add);
  }
  if (args.status !== undefined && args.status !== 0 && row.status === 0) await endSessions(ctx, args.userId);
  return { id: args.userId };
};

/**
 * Tombstones the account and its engine links, unlinks its member record (the human's tickets and teams stay, and
 * the member can then be deleted or linked to a new account) and ends its sessions. Already deleted: a success.
 */
export const deleteUser: WriteService<Pick<DeleteUserArgs, 'userId'>, { id: string; deleted: true }> = async (ctx, args) => {
  requireAdmin(ctx);
  refuseSelf(ctx, args.userId, { deleting: true });
  const row = await ctx.tx.selectFrom('users').select(['id', 'deleted']).where('id', '=', args.userId).where('workspace_id', '=', ctx.actor.workspaceId).executeTakeFirst();
  if (!row) throw notFound('User');
  if (row.deleted) return { id: args.userId, deleted: true };
  const stamp = { rev: ctx.rev, updated_at: ctx.now };
  await ctx.tx.updateTable('engine_users').set({ deleted: true, ...stamp }).where('user_id', '=', args.userId).where('deleted', '=', false).execute();
  await ctx.tx.updateTable('members').set({ user_id: null, ...stamp }).where('user_id', '=', args.userId).execute();
  await ctx.tx.updateTable('users').set({ deleted: true, ...stamp }).where('id', '=', args.userId).execute();
  await ctx.tx.updateTable('password_resets').set({ used_at: ctx.now }).where('user_id', '=', args.userId).where('used_at', 'is', null).execute();
  await endSessions(ctx, args.userId);
  return { id: args.userId, deleted: true };
};

/** Part 1 §2 'Send recovery password' and §8 'User will be noticed': a one-hour link to /update, mailed after the commit. */
export const sendRecovery: WriteService<SendRecoveryArgs, { success: true; message: string }> = async (ctx, args) => {
  requireAdmin(ctx);
  const row = await findUser(ctx.tx, ctx.actor.workspaceId, args.userId);
  await mailPasswordLink(ctx, row, 'recovery');
  return { success: true, message: USER_MESSAGES.recoverySent };
};
