import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  passwordResetBodySchema,
  passwordUpdateBodySchema,
  recoveryBodySchema,
  tokenBodySchema,
  tokenQuerySchema,
} from '../../src/domain/auth/schemas.ts';
import { SESSION_MODE_HEADER } from '../../src/domain/auth/session.ts';
import { ACCOUNT_STATUS_REFUSALS, authOf, requireSession } from '../auth/guard.ts';
import { clearSessionCookie, setSessionCookie } from '../auth/sessionCookie.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { createSession, hashToken, newToken, revokeOtherSessions, revokeSession } from '../auth/sessions.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import { ApiError, forbidden } from '../http/errors.ts';
import type { AppDeps } from '../app.ts';

const RESET_TTL_MS = 60 * 60 * 1000;

/** Part 1 §8: 400 means 'Username or password incorrect. Please try again' on the login screen. */
const invalidCredentials = () => new ApiError(400, 'invalid-credentials', 'Username or password incorrect. Please try again');

const STATUS_REFUSALS: Record<number, ApiError> = {
  1: new ApiError(403, ACCOUNT_STATUS_REFUSALS[1].code, ACCOUNT_STATUS_REFUSALS[1].message),
  2: new ApiError(403, ACCOUNT_STATUS_REFUSALS[2].code, ACCOUNT_STATUS_REFUSALS[2].message),
};

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config, mailer } = deps;

    app.post(
      '/token',
      {
        schema: { querystring: tokenQuerySchema, body: tokenBodySchema },
        config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const user = await db
          .selectFrom('users')
          .select(['id', 'workspace_id', 'password_hash', 'status'])
          .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
          .where('deleted', '=', false)
          .executeTakeFirst();
        // Verify even for an unknown user so both answers take the same time.
        const valid = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), password);
        if (!user || !valid) throw invalidCredentials();
        const refusal = STATUS_REFUSALS[user.status];
        if (refusal) throw refusal;
        const mode = request.headers[SESSION_MODE_HEADER];
        // The update screen's current-password check: the password is right, and no session is made for it.
        if (mode === 'verify') return { user: { id: user.id }, expires_in: 0 };
        const session = await createSession(db, user, config.sessionTtlSeconds, request.headers['user-agent']);
        if (mode === 'cookie') {
          // The console: the token goes into the HttpOnly cookie only, never into the page.
          setSessionCookie(request, reply, config, session.token, session.expiresIn);
          return { user: { id: user.id }, expires_in: session.expiresIn };
        }
        return { user: { id: user.id }, access_token: session.token, expires_in: session.expiresIn };
      },
    );

    app.post(
      '/auth/recovery',
      { schema: { body: recoveryBodySchema }, config: { rateLimit: { max: config.loginRateLimit, timeWindow: '1 minute' } } },
      async (request) => {
        const email = request.body.email.toLowerCase();
        const user = await db
          .selectFrom('users')
          .select(['id', 'workspace_id', 'name', 'email', 'status'])
          .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
          .where('deleted', '=', false)
          .executeTakeFirst();
        // The answer is the same whether or not the address is known, so it cannot be used to find accounts.
        if (user && user.status === 0) {
          const token = newToken();
          await db
            .insertInto('password_resets')
            .values({ id: randomUUID(), token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_TTL_MS) })
            .execute();
          const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
          try {
            await mailer.send({
              workspaceId: user.workspace_id,
              to: user.email,
              subject: 'Password recovery',
              body: `Hello ${user.name},\n\nTo choose a new password open ${base}/update?token=${token}\nThe link is valid for one hour.\nIf you did not ask for it, ignore this message.`,
            });
          } catch (error) {
            request.log.error({ err: error }, 'recovery mail failed');
            throw new ApiError(503, 'mail-failed', 'Please try again later!');
          }
        }
        return { success: true, message: 'User will be noticed' };
      },
    );

    app.post('/auth/reset', { schema: { body: passwordResetBodySchema } }, async (request) => {
      const reset = await db
        .selectFrom('password_resets')
        .innerJoin('users', 'users.id', 'password_resets.user_id')
        .select(['password_resets.id as resetId', 'users.id as userId', 'users.workspace_id as workspaceId'])
        .where('password_resets.token_hash', '=', hashToken(request.body.token))
        .where('password_resets.used_at', 'is', null)
        .where('password_resets.expires_at', '>', new Date())
        .where('users.deleted', '=', false)
        .executeTakeFirst();
      if (!reset) throw new ApiError(400, 'invalid-reset-token', 'This recovery link is invalid or has expired');
      const passwordHash = await hashPassword(request.body.newPassword);
      await withWorkspaceWrite(db, reset.workspaceId, async (tx, rev) => {
        await tx.updateTable('users').set({ password_hash: passwordHash, rev, updated_at: new Date() }).where('id', '=', reset.userId).execute();
        await tx.updateTable('password_resets').set({ used_at: new Date() }).where('id', '=', reset.resetId).execute();
      });
      await revokeOtherSessions(db, reset.userId, null);
      return { success: true, message: 'Password updated' };
    });

    // Routes below need a session.
    await app.register(async (scope) => {
      const priv = scope.withTypeProvider<ZodTypeProvider>();
      requireSession(priv, db);

      priv.post('/auth/logout', async (request, reply) => {
        await revokeSession(db, authOf(request).sessionId);
        clearSessionCookie(request, reply, config);
        return reply.status(204).send();
      });

      priv.post('/auth/password', { schema: { body: passwordUpdateBodySchema } }, async (request) => {
        const auth = authOf(request);
        if (request.body.userId !== auth.userId) throw forbidden();
        const user = await db.selectFrom('users').select(['password_hash']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
        if (!(await verifyPassword(user.password_hash, request.body.currentPassword))) {
          throw new ApiError(400, 'wrong-password', 'The passwords you entered do not match. Please double-check and try again.');
        }
        const passwordHash = await hashPassword(request.body.newPassword);
        await withWorkspaceWrite(db, auth.workspaceId, (tx, rev) =>
          tx.updateTable('users').set({ password_hash: passwordHash, rev, updated_at: new Date() }).where('id', '=', auth.userId).execute(),
        );
        await revokeOtherSessions(db, auth.userId, auth.sessionId);
        return { success: true, message: 'Password updated' };
      });
    });
  };
