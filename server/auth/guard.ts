import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { unauthorized } from '../http/errors.ts';
import { findSession, type AuthContext } from './sessions.ts';

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

/** Registers the Bearer guard on every route of the given (encapsulated) scope. */
export function requireSession(scope: FastifyInstance, db: Kysely<Database>): void {
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    const session = token ? await findSession(db, token) : null;
    if (!session) throw unauthorized();
    request.auth = session;
  });
}
