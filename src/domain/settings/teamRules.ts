import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Teams (operator groups) as part 1 describes them: §3 fields, §5 thresholds ("yellow 0 to 100, empty or
 * out-of-range falls back to 50; red 0 to 75, fallback 75"), §9 channels and colour classes, §8 messages.
 */
export const TEAM_COLORS = ['color1', 'color2', 'color3', 'color4', 'color5', 'color6'] as const;
export const NOTIFY_CHANNELS = ['sms', 'phone', 'email', 'slack'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const YELLOW_FALLBACK = 50;
export const YELLOW_MAX = 100;
export const RED_FALLBACK = 75;
export const RED_MAX = 75;

/** A threshold as typed: a whole number within 0..max, else the fallback (empty, not a number, out of range). */
export function threshold(value: unknown, max: number, fallback: number): number {
  // Digits only: '1e2', '0x10' or '12.5' are not whole numbers as a person types them.
  const n = typeof value === 'string' ? (/^\s*\d{1,6}\s*$/.test(value) ? Number(value) : NaN) : typeof value === 'number' ? value : NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
}

export const yellowThreshold = (value: unknown) => threshold(value, YELLOW_MAX, YELLOW_FALLBACK);
/** 120 as red is corrected to 75: above the maximum falls back, as the spec says. */
export const redThreshold = (value: unknown) => threshold(value, RED_MAX, RED_FALLBACK);

/** 'sms,email' ⇄ ['sms', 'email'], in the spec's order, unknown names dropped. */
export const channelsOf = (list: string): NotifyChannel[] => NOTIFY_CHANNELS.filter((c) => list.split(',').map((s) => s.trim()).includes(c));
export const channelList = (channels: readonly string[]): string => NOTIFY_CHANNELS.filter((c) => channels.includes(c)).join(',');

export const TEAM_MESSAGES = {
  added: 'Team added!',
  addFailed: 'Failed team creation!',
  edited: 'Team edited!',
  editFailed: 'Failed team edition!',
  nameRequired: 'Required',
} as const;

const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is too long (at most ${max} characters)`)
    .nullish()
    .transform((v) => (v ? v : null));

/** What the team form sends (the REST payload's fields, camelCase); thresholds are normalised, never refused. */
export const teamFieldsSchema = z.object({
  name: z.string().trim().min(1, TEAM_MESSAGES.nameRequired).max(100, 'The name is too long (at most 100 characters)'),
  engineId: idRefSchema.nullish().transform((v) => v ?? null),
  color: z.enum(TEAM_COLORS).default('color1'),
  lightYellow: z.union([z.number(), z.string().max(20), z.null()]).optional().transform(yellowThreshold),
  lightRed: z.union([z.number(), z.string().max(20), z.null()]).optional().transform(redThreshold),
  notifyChannels: z
    .array(z.enum(NOTIFY_CHANNELS))
    .max(20, 'At most 20 channels')
    .default([])
    .transform((list) => [...new Set(list)]),
  webhookEmail: optionalText(200, 'The webhook e-mail').pipe(z.email('Enter a valid e-mail address').nullable()),
  slackLink: optionalText(500, 'The Slack link').refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), 'Enter a link starting with https://'),
});
export type TeamFields = z.infer<typeof teamFieldsSchema>;

export const createTeamArgs = teamFieldsSchema.extend({ teamId: clientIdSchema });
export const updateTeamArgs = teamFieldsSchema.extend({ teamId: idRefSchema });
export type CreateTeamArgs = z.infer<typeof createTeamArgs>;
export type UpdateTeamArgs = z.infer<typeof updateTeamArgs>;

/** Membership changes one link at a time: the form sends the difference between the team's members and its own. */
export const addTeamMemberArgs = z.object({ teamId: idRefSchema, memberId: idRefSchema, linkId: clientIdSchema });
export const removeTeamMemberArgs = z.object({ teamId: idRefSchema, linkId: idRefSchema });
export type AddTeamMemberArgs = z.infer<typeof addTeamMemberArgs>;
export type RemoveTeamMemberArgs = z.infer<typeof removeTeamMemberArgs>;

/** Which links to add and which to remove so the team has exactly `wanted` as members. */
export function membershipChanges(
  current: ReadonlyArray<{ linkId: string; memberId: string }>,
  wanted: readonly string[],
): { add: string[]; remove: string[] } {
  const have = new Set(current.map((l) => l.memberId));
  const want = new Set(wanted);
  return { add: [...want].filter((m) => !have.has(m)), remove: current.filter((l) => !want.has(l.memberId)).map((l) => l.linkId) };
}

/** Part 1 §9: a team's people filter shows up to 5 initials buttons; the rest are counted. */
export const PEOPLE_FILTER_MAX = 5;
export function peopleFilter<T>(people: readonly T[]): { shown: T[]; more: number } {
  return { shown: people.slice(0, PEOPLE_FILTER_MAX), more: Math.max(0, people.length - PEOPLE_FILTER_MAX) };
}
