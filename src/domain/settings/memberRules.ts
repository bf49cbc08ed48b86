import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';
import { membershipChanges } from './teamRules.ts';

/**
 * Members (humans) as part 1 describes them: §2 member form (name, e-mail, teams, member id and Slack id), §3 fields
 * (id, name, email, slackLink, teams), §7 member payload, §8 messages. The e-mail is unique among the workspace's
 * live members, case aside (the database's index says so too); only the server can see every member, so the form
 * checks what its replica shows and the server has the last word.
 */
export const MEMBER_NAME_MAX = 100;
export const MEMBER_EMAIL_MAX = 254;
export const MEMBER_SLACK_MAX = 500;

export const MEMBER_MESSAGES = {
  added: 'Member added!',
  addFailed: 'Failed member creation!',
  edited: 'Member edited!',
  editFailed: 'Failed member edition!',
  deleted: 'Member deleted!',
  deleteFailed: 'Member could not be deleted!',
  required: 'Required',
  email: 'Please input a well formatted email',
  emailTaken: 'A member with this e-mail already exists',
  slack: 'Enter a Slack member id (such as U0123ABCD) or a link starting with https://',
  linkedToUser: 'This member is linked to a user account and cannot be deleted',
} as const;

/** A Slack member id ('U0123ABCD', 'W01…') or a link to the person in Slack. */
const SLACK_ID = /^[A-Z0-9]{2,40}$/i;
const SLACK_LINK = /^https?:\/\/[^\s]+$/i;
export const isSlackRef = (value: string): boolean => SLACK_ID.test(value) || SLACK_LINK.test(value);

/** What the member form sends (the REST payload's fields, camelCase). */
export const memberFieldsSchema = z.object({
  name: z
    .string({ error: MEMBER_MESSAGES.required })
    .trim()
    .min(1, MEMBER_MESSAGES.required)
    .max(MEMBER_NAME_MAX, `The name is too long (at most ${MEMBER_NAME_MAX} characters)`),
  email: z
    .string({ error: MEMBER_MESSAGES.required })
    .trim()
    .min(1, MEMBER_MESSAGES.required)
    .max(MEMBER_EMAIL_MAX, `The e-mail is too long (at most ${MEMBER_EMAIL_MAX} characters)`)
    .pipe(z.email(MEMBER_MESSAGES.email)),
  slackLink: z
    .string()
    .trim()
    .max(MEMBER_SLACK_MAX, `The Slack id is too long (at most ${MEMBER_SLACK_MAX} characters)`)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isSlackRef(v), MEMBER_MESSAGES.slack),
});
export type MemberFields = z.infer<typeof memberFieldsSchema>;

export const createMemberArgs = memberFieldsSchema.extend({ memberId: clientIdSchema });
export const updateMemberArgs = memberFieldsSchema.extend({ memberId: idRefSchema });
/**
 * `linkIds` are the member's team links the replica shows, so the optimistic effect can hide them too; the server
 * tombstones every live link of the member whatever the list says.
 */
export const deleteMemberArgs = z.object({ memberId: idRefSchema, linkIds: z.array(idRefSchema).max(500, 'At most 500 links').default([]) });
export type CreateMemberArgs = z.infer<typeof createMemberArgs>;
export type UpdateMemberArgs = z.infer<typeof updateMemberArgs>;
export type DeleteMemberArgs = z.infer<typeof deleteMemberArgs>;

/** The e-mail compared as the unique index compares it. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

/** Another live member already using this e-mail (the one being edited aside), from what the caller can see. */
export function emailTakenBy<M extends { id: string; email: string }>(members: readonly M[], email: string, selfId: string | null): M | undefined {
  const key = emailKey(email);
  return members.find((m) => m.id !== selfId && emailKey(m.email) === key);
}

/** Which team links to add and which to remove so the member is in exactly the `wanted` teams. */
export function teamChanges(current: ReadonlyArray<{ linkId: string; teamId: string }>, wanted: readonly string[]): { add: string[]; remove: string[] } {
  return membershipChanges(
    current.map((link) => ({ linkId: link.linkId, memberId: link.teamId })),
    wanted,
  );
}

/** Field by field, the first message of each problem: what the form shows under its fields. */
export function memberFieldErrors(values: { name: string; email: string; slackLink: string }): Partial<Record<keyof MemberFields, string>> {
  const parsed = memberFieldsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof MemberFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof MemberFields;
    errors[field] ??= issue.message;
  }
  return errors;
}
