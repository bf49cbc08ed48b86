import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRole } from '../db/schema.ts';

export type AuthContext = {
  sessionId: string;
  userId: string;
  workspaceId: string;
  role: UserRole;
};

/** Tokens are random; only their SHA-256 is stored, so a database leak does not hand out live sessions. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(
  db: Kysely<Database>,
  user: { id: string; workspace_id: string },
  ttlSeconds: number,
  userAgent: string | undefined,
): Promise<{ token: string; expiresIn: number }> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      user_id: user.id,
      workspace_id: user.workspace_id,
      expires_at: new Date(Date.now() + ttlSeconds * 1000),
      user_agent: userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return { token, expiresIn: ttlSeconds };
}

/** The live session of a token: not revoked, not expired, and its user still exists and is Active. */
export async function findSession(db: Kysely<Database>, token: string): Promise<AuthContext | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id as sessionId', 'users.id as userId', 'users.workspace_id as workspaceId', 'users.role as role'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .where('users.deleted', '=', false)
    .where('users.status', '=', 0)
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Revokes every session of a user but one (after a password change the other devices must sign in again). */
export async function revokeOtherSessions(db: Kysely<Database>, userId: string, keepSessionId: string | null): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/**
 * Why a token no longer opens a session, when the reason is the account: it was made inactive (1) or expired (2)
 * after the session began. The client then tells the person why they were signed out, not only that they were.
 */
export async function endedSessionStatus(db: Kysely<Database>, token: string): Promise<1 | 2 | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.status'])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('users.deleted', '=', false)
    .executeTakeFirst();
  return row?.status === 1 || row?.status === 2 ? row.status : null;
}
