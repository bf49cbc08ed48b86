import { z } from 'zod';
import { idRefSchema } from '../validation/ids.ts';

/** A client hash is 64 lowercase hex characters (SHA-256); anything else is refused before argon2 runs. */
export const clientHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'password must be the client hash of the credentials');

export const tokenQuerySchema = z.object({
  grant_type: z.literal('password', { message: "grant_type must be 'password'" }),
});

export const tokenBodySchema = z.object({
  username: z.string().trim().min(1, 'username is required').max(320),
  password: clientHashSchema,
});

export const tokenReplySchema = z.object({
  user: z.object({ id: z.string() }),
  access_token: z.string(),
  expires_in: z.number().int().positive(),
});

/** The answer when the session is the console's cookie (or a password check): no token in it. */
export const sessionReplySchema = z.object({
  user: z.object({ id: z.string() }),
  expires_in: z.number().int().min(0),
});

export const recoveryBodySchema = z.object({
  email: z.email('Please enter a valid email address').max(320),
});

export const passwordUpdateBodySchema = z.object({
  userId: idRefSchema,
  currentPassword: clientHashSchema,
  newPassword: clientHashSchema,
});

/** Password reset through the e-mailed link: the token from the mail replaces the current password. */
export const passwordResetBodySchema = z.object({
  token: z.string().min(20).max(200),
  newPassword: clientHashSchema,
});

export const idParamsSchema = z.object({ id: idRefSchema });

export type TokenBody = z.infer<typeof tokenBodySchema>;
export type TokenReply = z.infer<typeof tokenReplySchema>;
export type RecoveryBody = z.infer<typeof recoveryBodySchema>;
export type PasswordUpdateBody = z.infer<typeof passwordUpdateBodySchema>;
