import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Engines as Settings administers them (part 1 §2 engine form/detail and assignment picker, §3 Engine, §5 "name and
 * description required; submit disabled until valid and changed", §8 texts, §9 five apps a page). Not to be
 * confused with the workflow engine of `../engine/`: an engine here is the group of apps a set of users may work on.
 */
export const ENGINE_MESSAGES = {
  created: 'Engine created successfully',
  updated: 'Engine updated successfully',
  createFailed: 'Creating engine error!',
  required: 'Required',
} as const;

/** Part 1 §9: the apps of an engine, five a page. */
export const ENGINE_APPS_PAGE_SIZE = 5;
export const ENGINE_NAME_MAX = 100;
export const ENGINE_DESCRIPTION_MAX = 500;
/** A workspace has tens of users; a thousand is far beyond any real form and keeps a payload bounded. */
export const ENGINE_USERS_MAX = 1000;

/** The engine's own fields as the form and the REST payload give them. */
export const engineFieldsSchema = z.object({
  name: z.string().trim().min(1, ENGINE_MESSAGES.required).max(ENGINE_NAME_MAX, `The name is too long (at most ${ENGINE_NAME_MAX} characters)`),
  description: z
    .string()
    .trim()
    .min(1, ENGINE_MESSAGES.required)
    .max(ENGINE_DESCRIPTION_MAX, `The description is too long (at most ${ENGINE_DESCRIPTION_MAX} characters)`),
  isActive: z.boolean().default(true),
});
export type EngineFields = z.infer<typeof engineFieldsSchema>;

/** The form: the fields and the authorised users (their ids), checked as one. */
export const engineFormSchema = engineFieldsSchema.extend({
  users: z.array(idRefSchema).max(ENGINE_USERS_MAX, `At most ${ENGINE_USERS_MAX} users`),
});
export type EngineForm = z.infer<typeof engineFormSchema>;

/** A user to authorise, through a link document whose id the client makes (so the link works offline). */
const newLinkSchema = z.object({ userId: idRefSchema, linkId: clientIdSchema });
const addUsersSchema = z
  .array(newLinkSchema)
  .max(ENGINE_USERS_MAX, `At most ${ENGINE_USERS_MAX} users`)
  .default([])
  .refine((links) => new Set(links.map((l) => l.linkId)).size === links.length, 'Each new link needs its own id')
  .refine((links) => new Set(links.map((l) => l.userId)).size === links.length, 'A user is listed twice');

export const createEngineArgs = engineFieldsSchema.extend({ engineId: clientIdSchema, addUsers: addUsersSchema });
export const updateEngineArgs = engineFieldsSchema.extend({
  engineId: idRefSchema,
  addUsers: addUsersSchema,
  /** Links to tombstone: the form knows them from the replica, the server checks they are this engine's. */
  removeLinks: z.array(idRefSchema).max(ENGINE_USERS_MAX, `At most ${ENGINE_USERS_MAX} links`).default([]),
});
/** `linkIds`: the engine's links the replica shows, tombstoned with it at once; the server removes every link. */
export const deleteEngineArgs = z.object({
  engineId: idRefSchema,
  linkIds: z.array(idRefSchema).max(ENGINE_USERS_MAX, `At most ${ENGINE_USERS_MAX} links`).default([]),
});
export type CreateEngineArgs = z.infer<typeof createEngineArgs>;
export type UpdateEngineArgs = z.infer<typeof updateEngineArgs>;
export type DeleteEngineArgs = z.infer<typeof deleteEngineArgs>;

/** Why an engine still in use is not deleted: its apps (and teams) would point at nothing. */
export function engineInUseMessage(apps: number, teams: number): string | null {
  if (apps === 0 && teams === 0) return null;
  const parts = [apps > 0 ? `${apps} ${apps === 1 ? 'app' : 'apps'}` : '', teams > 0 ? `${teams} ${teams === 1 ? 'team' : 'teams'}` : ''].filter(Boolean);
  return `This engine is still used by ${parts.join(' and ')}: move or delete them first`;
}

export type EngineLink = { linkId: string; userId: string };

/** Which users to link (with the new link ids `newId` makes) and which links to tombstone, so exactly `wanted` remain. */
export function authorisationChanges(
  current: readonly EngineLink[],
  wanted: readonly string[],
  newId: () => string,
): { addUsers: Array<{ userId: string; linkId: string }>; removeLinks: string[] } {
  const have = new Set(current.map((l) => l.userId));
  const want = new Set(wanted);
  return {
    addUsers: [...want].filter((u) => !have.has(u)).map((userId) => ({ userId, linkId: newId() })),
    removeLinks: current.filter((l) => !want.has(l.userId)).map((l) => l.linkId),
  };
}

/**
 * The form's values are valid (name and description given, within their lengths) and differ from where it started
 * (§5: submit disabled until valid and changed). The users compare as sets: their order is the picker's, not data.
 */
export function engineFormState(values: EngineForm, initial: EngineForm): { valid: boolean; changed: boolean; errors: Partial<Record<'name' | 'description', string>> } {
  const parsed = engineFormSchema.safeParse(values);
  const errors: Partial<Record<'name' | 'description', string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === 'name' || field === 'description') && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  const sameUsers = values.users.length === initial.users.length && values.users.every((u) => initial.users.includes(u));
  const changed = values.name.trim() !== initial.name.trim() || values.description.trim() !== initial.description.trim() || values.isActive !== initial.isActive || !sameUsers;
  return { valid: parsed.success, changed, errors };
}

/**
 * The assignment picker (part 1 §2): two lists, assigned and available. Both keep the order of `all` (by name), so
 * an item moved away and back returns to its place; ids not in `all` (a user deleted meanwhile) are dropped.
 */
export function pickerLists<T extends { id: string }>(all: readonly T[], assigned: readonly string[]): { assigned: T[]; available: T[] } {
  const chosen = new Set(assigned);
  return { assigned: all.filter((item) => chosen.has(item.id)), available: all.filter((item) => !chosen.has(item.id)) };
}

/** Moves the selected ids into (`to: 'assigned'`) or out of the assigned ones; the rest keep their order. */
export function moveItems(assigned: readonly string[], selected: readonly string[], to: 'assigned' | 'available'): string[] {
  if (to === 'available') {
    const leaving = new Set(selected);
    return assigned.filter((id) => !leaving.has(id));
  }
  const have = new Set(assigned);
  return [...assigned, ...selected.filter((id, i) => !have.has(id) && selected.indexOf(id) === i)];
}

/** After a move the selection keeps only what is still in the list it was made in. */
export const keepSelected = (selected: readonly string[], list: readonly { id: string }[]): string[] => {
  const ids = new Set(list.map((item) => item.id));
  return selected.filter((id) => ids.has(id));
};
