import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../src/domain/auth/session.ts';
import type { Config } from '../config.ts';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure when
 * the console is served over https. Its path is `/` because the API shares the root with the screens' paths.
 */
const secureFor = (request: FastifyRequest, config: Config) => request.protocol === 'https' || (config.publicUrl?.startsWith('https://') ?? false);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string, ttlSeconds: number): void {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: secureFor(request, config), path: '/', maxAge: ttlSeconds });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secureFor(request, config), path: '/' });
}

export const sessionCookieOf = (request: FastifyRequest): string | null => request.cookies?.[SESSION_COOKIE] ?? null;
