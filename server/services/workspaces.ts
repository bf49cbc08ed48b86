import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MODULE_KEYS } from '../../src/domain/access/modules.ts';
import { CLIENT_ID_PATTERN } from '../../src/domain/validation/ids.ts';
import { inputProblem } from '../../src/domain/validation/inputBoundary.ts';
import { hashPassword } from '../auth/passwords.ts';
import { hashToken, newToken } from '../auth/sessions.ts';
import { createWorkspace, withWorkspaceWrite } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';

/** How long the first administrator's set-password link stays valid. */
export const FIRST_PASSWORD_TTL_MS = 7 * 24 * 3600 * 1000;

export const newWorkspaceSchema = z.object({
  id: z.string().regex(CLIENT_ID_PATTERN, 'The workspace id must be 8 to 100 letters, digits, "-" or "_"').optional(),
  name: z.string().trim().min(2, 'The workspace name needs at least 2 characters').max(150),
  adminName: z.string().trim().min(2, "The administrator's name needs at least 2 characters").max(150),
  adminEmail: z.email('Please input a well formatted email').max(320),
  timeZone: z.string().trim().min(1).max(64).default('UTC'),
});
export type NewWorkspace = z.infer<typeof newWorkspaceSchema>;

export type CreatedWorkspace = { workspaceId: string; adminUserId: string; engineId: string; calendarId: string; setPasswordToken: string };

/**
 * A new workspace, ready to use: its revision counter, a first administrator (every module), that administrator's
 * member record, a main engine the administrator may use, and a business-days calendar. No password is chosen
 * here or travels anywhere in clear: the administrator gets a one-time set-password token (the operator sends the
 * link) and sets it through the recovery screen. Refuses an e-mail address that any account already uses.
 */
export async function createWorkspaceWithAdmin(db: Kysely<Database>, input: NewWorkspace, now = new Date()): Promise<CreatedWorkspace> {
  const data = newWorkspaceSchema.parse(input);
  const unsafe = inputProblem(data, 'workspace');
  if (unsafe) throw new Error(unsafe.message);
  const taken = await db.selectFrom('users').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', data.adminEmail.toLowerCase())).where('deleted', '=', false).executeTakeFirst();
  if (taken) throw new Error(`An account with the e-mail ${data.adminEmail} exists already`);

  const workspaceId = data.id ?? `ws-${randomUUID()}`;
  const ids = { adminUserId: `usr-${randomUUID()}`, engineId: `eng-${randomUUID()}`, calendarId: `cal-${randomUUID()}` };
  // An unusable password until the administrator sets one: the hash of 32 random bytes nobody knows.
  const unusable = await hashPassword(randomBytes(32).toString('hex'));
  await createWorkspace(db, { id: workspaceId, name: data.name });
  await withWorkspaceWrite(db, workspaceId, async (tx, rev) => {
    const stamps = { workspace_id: workspaceId, rev, created_at: now, updated_at: now };
    await tx
      .insertInto('users')
      .values({
        id: ids.adminUserId,
        name: data.adminName,
        username: data.adminEmail,
        email: data.adminEmail,
        role: 'ADMIN',
        password_hash: unusable,
        enabled_modules: MODULE_KEYS.map((id) => ({ id })),
        rights: [],
        ...stamps,
      })
      .execute();
    await tx.insertInto('members').values({ id: `mbr-${randomUUID()}`, name: data.adminName, email: data.adminEmail, user_id: ids.adminUserId, ...stamps }).execute();
    await tx.insertInto('engines').values({ id: ids.engineId, name: 'Main Engine', description: 'Workflows of this workspace', ...stamps }).execute();
    await tx.insertInto('engine_users').values({ id: `eu-${randomUUID()}`, engine_id: ids.engineId, user_id: ids.adminUserId, ...stamps }).execute();
    await tx
      .insertInto('calendars')
      .values({ id: ids.calendarId, name: 'Business days', time_zone: data.timeZone, working_weekdays: [1, 2, 3, 4, 5], holidays: [], ...stamps })
      .execute();
  });
  const setPasswordToken = newToken();
  await db
    .insertInto('password_resets')
    .values({ id: randomUUID(), token_hash: hashToken(setPasswordToken), user_id: ids.adminUserId, expires_at: new Date(now.getTime() + FIRST_PASSWORD_TTL_MS) })
    .execute();
  return { workspaceId, ...ids, setPasswordToken };
}
