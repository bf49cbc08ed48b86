import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { CONSOLE_REQUEST_HEADER } from '../../src/domain/auth/session.ts';
import { ApiError, unauthorized } from '../http/errors.ts';
import { sessionCookieOf } from './sessionCookie.ts';
import { endedSessionStatus, findSession, type AuthContext } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in caller of a private route (the guard has run, so a missing context is a wiring bug → 401). */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The sign-in's refusals for an account that is not Active (part 1 §4 user status 1 Inactive, 2 Expired). */
export const ACCOUNT_STATUS_REFUSALS: Record<1 | 2, { code: string; message: string }> = {
  1: { code: 'user-inactive', message: 'Your account is inactive. Please contact your administrator.' },
  2: { code: 'user-expired', message: 'Your account has expired. Please contact your administrator.' },
};

/** 401 for a token that opens no session; when the account was made inactive or expired, its code and words say so. */
async function noSession(db: Kysely<Database>, token: string | null): Promise<ApiError> {
  const status = token ? await endedSessionStatus(db, token) : null;
  if (status === null) return unauthorized();
  const refusal = ACCOUNT_STATUS_REFUSALS[status];
  return new ApiError(401, refusal.code, refusal.message);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Registers the session guard on every route of the given (encapsulated) scope: a Bearer token (integrators,
 * tests) or the console's session cookie. A write that rides on the cookie must also carry the console's request
 * header (the CSRF guard), which no page of another site can add.
 */
export function requireSession(scope: FastifyInstance, db: Kysely<Database>): void {
  scope.addHook('onRequest', async (request) => {
    const bearer = bearerToken(request);
    const token = bearer ?? sessionCookieOf(request);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw await noSession(db, token);
    if (!bearer && !SAFE_METHODS.has(request.method) && request.headers[CONSOLE_REQUEST_HEADER] === undefined) {
      throw new ApiError(403, 'csrf', 'This request did not come from the console: refused');
    }
    request.auth = session;
  });
}
