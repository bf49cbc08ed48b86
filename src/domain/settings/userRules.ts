import { z } from 'zod';
import { MODULE_KEYS, type ModuleKey } from '../access/modules.ts';
import { loginValidationMessages, validateLoginUsername } from '../auth/loginValidation.ts';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Users (accounts) as part 1 describes them: §2 user form (name, username, e-mail never editable, phone, role,
 * language, system visibility, engines, modules), §3 User, §4 status 0 Active / 1 Inactive / 2 Expired, §5 the
 * form's messages, §6 who may manage them, §8 the notices. No password is part of the form: a new user gets a
 * set-password mail, and nobody else ever sees or types their password.
 */
export const USER_NAME_MAX = 100;
export const USER_USERNAME_MAX = 254;
export const USER_EMAIL_MAX = 254;
export const USER_PHONE_MAX = 30;
/** Part 1 §9: the user detail's Apps and Engines tables. */
export const USER_APPS_PAGE_SIZE = 7;
export const USER_ENGINES_PAGE_SIZE = 8;
/** A set-password link for a new account lives longer than a recovery link (one hour): the person may be away. */
export const INVITATION_TTL_HOURS = 72;

export const USER_MESSAGES = {
  required: 'This field is required',
  usernameRequired: 'This field is required.',
  email: 'Please input a well formatted email',
  phone: 'Enter a phone number: digits, spaces and + - ( ) only',
  updated: 'User updated successfully',
  updateFailed: 'Something went wrong updating the user! Please try again',
  created: 'User created successfully',
  createFailed: 'Something went wrong creating the user! Please try again',
  deleted: 'User deleted successfully',
  deleteFailed: 'The user could not be deleted. Please try again',
  recoverySent: 'User will be noticed',
  recoveryFailed: 'Please try again later!',
  emailLocked: 'The e-mail of a user cannot be changed',
  emailTaken: 'A user with this e-mail already exists',
  usernameTaken: 'This username is already taken',
  notAdmin: 'Only administrators manage users',
  notFound: 'User not found',
  selfDelete: 'You cannot delete your own account',
  selfDeactivate: 'You cannot deactivate your own account',
  selfDemote: 'You cannot take away your own administrator role',
  memberTaken: 'This member already belongs to another user',
  memberEmail: 'The member linked to a user must have the same e-mail',
} as const;

/** Stored roles; the form offers ADMIN and NORMAL only (part 1 §6: other role names are not shown). */
export const USER_ROLES = ['ADMIN', 'NORMAL', 'OTHER', 'OPS-ADMIN'] as const;
export const FORM_ROLES = ['ADMIN', 'NORMAL'] as const;
export type UserRoleValue = (typeof USER_ROLES)[number];
export const USER_STATUSES = [0, 1, 2] as const;
export type UserStatusValue = (typeof USER_STATUSES)[number];
export const USER_LANGUAGES = ['en', 'es'] as const;

/** Part 1 §6 lists six assignable modules; every module key of §1 is offered, so an account can get any screen. */
export const ASSIGNABLE_MODULES: readonly ModuleKey[] = MODULE_KEYS;

const isEmailStyle = (value: string) => validateLoginUsername(value) === undefined;
const PHONE = /^[+0-9 ()-]{3,30}$/;
const required = (message: string = USER_MESSAGES.required) => z.string({ error: message }).trim().min(1, message);

const fieldShape = {
  name: required().max(USER_NAME_MAX, `The name is too long (at most ${USER_NAME_MAX} characters)`),
  username: required(USER_MESSAGES.usernameRequired)
    .max(USER_USERNAME_MAX, `The username is too long (at most ${USER_USERNAME_MAX} characters)`)
    .refine((v) => !/\s/.test(v), 'The username cannot contain spaces')
    // The sign-in and the set-password page take an e-mail-style username (part 1 §5), and the password's client
    // hash is made from it: a username they would refuse could never sign in.
    .refine((v) => /\s/.test(v) || isEmailStyle(v), loginValidationMessages.usernameFormat),
  email: required()
    .max(USER_EMAIL_MAX, `The e-mail is too long (at most ${USER_EMAIL_MAX} characters)`)
    .pipe(z.email(USER_MESSAGES.email)),
  phone: required().max(USER_PHONE_MAX, `The phone is too long (at most ${USER_PHONE_MAX} characters)`).regex(PHONE, USER_MESSAGES.phone),
  role: z.enum(USER_ROLES, { error: USER_MESSAGES.required }),
  enabledModules: z
    .array(z.enum(MODULE_KEYS, { error: 'Unknown module' }), { error: USER_MESSAGES.required })
    .min(1, USER_MESSAGES.required)
    .max(MODULE_KEYS.length, 'Too many modules')
    .transform((modules) => [...new Set(modules)]),
  language: z.enum(USER_LANGUAGES, { error: 'Choose English or Spanish' }),
  systemVisibility: z.boolean({ error: 'systemVisibility must be true or false' }),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'The status is 0 (Active), 1 (Inactive) or 2 (Expired)' }),
};

/** The whole user form, as a new account is created. */
export const userFieldsSchema = z.object(fieldShape);
export type UserFields = z.infer<typeof userFieldsSchema>;

/** An engine the user is authorised on, through the link document the client names (new links get a new id). */
const engineLinkSchema = z.object({ engineId: idRefSchema, linkId: idRefSchema });
const engineLinks = z
  .array(engineLinkSchema)
  .max(200, 'At most 200 engines')
  .refine((links) => new Set(links.map((l) => l.engineId)).size === links.length, 'An engine is listed twice');
const linkPreview = z.array(idRefSchema).max(500, 'At most 500 links').default([]);

/**
 * `memberId`: the member (human) record the account works tickets as; a new id makes a member with the user's name
 * and e-mail, an existing member's id links that member (it must carry the same e-mail and no other account).
 */
export const createUserArgs = userFieldsSchema.extend({
  userId: clientIdSchema,
  memberId: idRefSchema,
  engines: engineLinks.default([]),
});
/**
 * Every field but the e-mail, each optional (a PATCH changes what it names). `engines`, when given, becomes the
 * user's engines; `linkIds` are the links the replica shows, so the optimistic effect can hide removed ones too.
 */
export const updateUserArgs = z.object({
  userId: idRefSchema,
  name: fieldShape.name.optional(),
  username: fieldShape.username.optional(),
  phone: fieldShape.phone.optional(),
  role: fieldShape.role.optional(),
  enabledModules: fieldShape.enabledModules.optional(),
  language: fieldShape.language.optional(),
  systemVisibility: fieldShape.systemVisibility.optional(),
  status: fieldShape.status.optional(),
  engines: engineLinks.optional(),
  linkIds: linkPreview,
});
export type CreateUserArgs = z.infer<typeof createUserArgs>;
export type UpdateUserArgs = z.infer<typeof updateUserArgs>;
export const deleteUserArgs = z.object({ userId: idRefSchema, linkIds: linkPreview });
export type DeleteUserArgs = z.infer<typeof deleteUserArgs>;
export const sendRecoveryArgs = z.object({ userId: idRefSchema });
export type SendRecoveryArgs = z.infer<typeof sendRecoveryArgs>;

/** The e-mail (and username) compared as the unique indexes compare them. */
export const accountKey = (value: string): string => value.trim().toLowerCase();

/** Part 1 §2 and §4: the status dot's look. */
export const STATUS_LOOK: Record<UserStatusValue, { key: 'active' | 'inactive' | 'expired'; tone: 'green' | 'yellow' | 'red' }> = {
  0: { key: 'active', tone: 'green' },
  1: { key: 'inactive', tone: 'yellow' },
  2: { key: 'expired', tone: 'red' },
};
export const statusLook = (status: unknown) => STATUS_LOOK[(USER_STATUSES as readonly unknown[]).includes(status) ? (status as UserStatusValue) : 1];

/** Part 1 §5: the user search is a name-contains check (case and accents aside). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
export const nameMatches = (name: string, search: string): boolean => fold(name).includes(fold(search.trim()));

/**
 * What an administrator may not do to their own account: delete it, make it inactive or expired, or drop their
 * administrator role — each would lock them out of the screen they are using.
 */
export function selfChangeRefusal(actorId: string, userId: string, change: { deleting?: boolean; status?: number | undefined; role?: string | undefined }): string | null {
  if (actorId !== userId) return null;
  if (change.deleting) return USER_MESSAGES.selfDelete;
  if (change.status !== undefined && change.status !== 0) return USER_MESSAGES.selfDeactivate;
  if (change.role !== undefined && change.role !== 'ADMIN' && change.role !== 'OPS-ADMIN') return USER_MESSAGES.selfDemote;
  return null;
}

/** Which engine links to add and which to tombstone so the user is on exactly the `wanted` engines. */
export function engineChanges(
  current: ReadonlyArray<{ linkId: string; engineId: string }>,
  wanted: ReadonlyArray<{ engineId: string; linkId: string }>,
): { add: Array<{ engineId: string; linkId: string }>; remove: string[] } {
  const wantedIds = new Set(wanted.map((w) => w.engineId));
  const currentIds = new Set(current.map((c) => c.engineId));
  return { add: wanted.filter((w) => !currentIds.has(w.engineId)), remove: current.filter((c) => !wantedIds.has(c.engineId)).map((c) => c.linkId) };
}

/** Field by field, the first message of each problem: what the form shows under its fields. */
export function userFieldErrors(values: Record<string, unknown>): Partial<Record<keyof UserFields, string>> {
  const parsed = userFieldsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof UserFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof UserFields;
    errors[field] ??= issue.message;
  }
  return errors;
}
