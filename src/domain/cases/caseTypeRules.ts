import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';

/**
 * Case types and their states (part 2 §2 case type screen, §3 fields, §5 state form and starting app, §7 payloads,
 * §8 messages). A case type has the id the administrator types (`code`, 'CLAIM'; the table's `code`) besides its
 * internal row id, and each state the id typed in the state form (`key`, 'RECEIVED') besides its row id.
 */

/** Part 2 §3 and §9: the type with id TBD is hidden and excluded from every list. */
export const TBD_CASE_TYPE = 'TBD';
export const isTbd = (code: string): boolean => code.trim().toUpperCase() === TBD_CASE_TYPE;

/** Part 2 §8, as the spec words them, and the checks of §5. */
export const CASE_TYPE_MESSAGES = {
  created: 'Case Type created successfully!',
  edited: 'Case Type edited successfully!',
  createFailed: 'Case Type could not be created!',
  editFailed: 'Case Type could not be edited!',
  stateCreated: 'State created successfully!',
  stateEdited: 'State edited successfully!',
  stateCreateFailed: 'State could not be created!',
  stateEditFailed: 'State could not be edited!',
  appsFailed: 'Apps could not be loaded',
  deleteInProgress: 'Delete in progress!',
  supportPlaceholder: 'Form is in progress',
  upcomingStep: 'Upcoming Step',
  idRequired: 'The ID is required',
  idInvalid: 'The ID may have letters, digits, "-" and "_" (at most 50)',
  idReserved: 'TBD is reserved and cannot be used',
  idTaken: 'A case type with this ID already exists',
  descriptionRequired: 'The description is required',
  startingAppRequired: 'Choose the starting app',
  stateIdTaken: 'This case type already has a state with this ID',
  orderInvalid: 'The order is a whole number from -1 to 999',
} as const;

export const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,49}$/;
/** Order -1 keeps a state out of the case progress (a final state such as 'Denegado'). */
export const ORDER_MIN = -1;
export const ORDER_MAX = 999;
export const MAX_STATES = 100;
const LIST_MAX_ITEMS = 50;
const LIST_ITEM_MAX = 100;

/** 'a / b//c ' ⇄ ['a', 'b', 'c']: the slash-separated inputs and outputs of part 2 §3, blanks and repeats dropped. */
export const listItems = (list: string): string[] => [...new Set(list.split('/').map((item) => item.trim()).filter(Boolean))];
export const slashList = (items: readonly string[]): string => listItems(items.join('/')).join('/');

const requiredCode = z
  .string({ error: CASE_TYPE_MESSAGES.idRequired })
  .trim()
  .min(1, CASE_TYPE_MESSAGES.idRequired)
  .regex(CODE_PATTERN, CASE_TYPE_MESSAGES.idInvalid);

export const caseTypeCodeSchema = requiredCode.refine((code) => !isTbd(code), CASE_TYPE_MESSAGES.idReserved);
export const stateKeySchema = requiredCode;

const description = z.string({ error: CASE_TYPE_MESSAGES.descriptionRequired }).trim().min(1, CASE_TYPE_MESSAGES.descriptionRequired).max(200, 'The description is too long (at most 200 characters)');

/** Inputs or outputs: a slash-separated text or a list, stored as 'a/b/c'. */
export const expectedListSchema = z
  .union([z.string().max(2000, 'The list is too long'), z.array(z.string().max(LIST_ITEM_MAX)).max(LIST_MAX_ITEMS)])
  .transform((value) => (typeof value === 'string' ? listItems(value) : listItems(value.join('/'))))
  .refine((items) => items.length <= LIST_MAX_ITEMS, `At most ${LIST_MAX_ITEMS} entries`)
  .refine((items) => items.every((item) => item.length <= LIST_ITEM_MAX), `Each entry has at most ${LIST_ITEM_MAX} characters`)
  .transform((items) => items.join('/'));

export const stateOrderSchema = z.coerce
  .number({ error: CASE_TYPE_MESSAGES.orderInvalid })
  .int(CASE_TYPE_MESSAGES.orderInvalid)
  .min(ORDER_MIN, CASE_TYPE_MESSAGES.orderInvalid)
  .max(ORDER_MAX, CASE_TYPE_MESSAGES.orderInvalid);

/** A state as the state form gives it: its id (key), description, order and hide flag. */
export const stateFieldsSchema = z.object({
  key: stateKeySchema,
  description,
  order: stateOrderSchema.default(0),
  hide: z.boolean().default(false),
});
export type StateFields = z.infer<typeof stateFieldsSchema>;

/** The case type form's own fields (the create payload of §7 plus the inputs and outputs of §3). */
export const caseTypeFieldsSchema = z.object({
  description,
  startingAppId: z.string({ error: CASE_TYPE_MESSAGES.startingAppRequired }).trim().min(1, CASE_TYPE_MESSAGES.startingAppRequired).pipe(idRefSchema),
  paramsExpected: expectedListSchema.default(''),
  resultsExpected: expectedListSchema.default(''),
});
export type CaseTypeFields = z.infer<typeof caseTypeFieldsSchema>;

const newState = stateFieldsSchema.extend({ stateId: clientIdSchema });

/** caseType.create: the type with the ids the client made, and its first states, in one change. */
export const createCaseTypeArgs = caseTypeFieldsSchema
  .extend({
    caseTypeId: clientIdSchema,
    code: caseTypeCodeSchema,
    states: z.array(newState).max(MAX_STATES, `At most ${MAX_STATES} states`).default([]),
  })
  .superRefine((args, ctx) => {
    const keys = args.states.map((s) => s.key.toUpperCase());
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index) ctx.addIssue({ code: 'custom', path: ['states', index, 'key'], message: CASE_TYPE_MESSAGES.stateIdTaken });
    });
    const ids = args.states.map((s) => s.stateId);
    if (new Set([args.caseTypeId, ...ids]).size !== ids.length + 1) ctx.addIssue({ code: 'custom', path: ['states'], message: 'Each state needs its own id' });
  });
/** caseType.update: the §7 update payload (description, starting app) and the inputs and outputs; the ID stays. */
export const updateCaseTypeArgs = caseTypeFieldsSchema.extend({ caseTypeId: idRefSchema });
export const createCaseStateArgs = newState.extend({ caseTypeId: idRefSchema });
/** caseState.update: the §7 update payload (type, description) with order and hide; a state keeps its id. */
export const updateCaseStateArgs = stateFieldsSchema.omit({ key: true }).extend({ stateId: idRefSchema, caseTypeId: idRefSchema });

export type CreateCaseTypeArgs = z.infer<typeof createCaseTypeArgs>;
export type UpdateCaseTypeArgs = z.infer<typeof updateCaseTypeArgs>;
export type CreateCaseStateArgs = z.infer<typeof createCaseStateArgs>;
export type UpdateCaseStateArgs = z.infer<typeof updateCaseStateArgs>;

/** A state's place in the list: by order (-1 last), then by id. */
export function compareStates(a: { order: number; stateKey: string }, b: { order: number; stateKey: string }): number {
  const rank = (order: number) => (order < 0 ? Number.MAX_SAFE_INTEGER : order);
  return rank(a.order) - rank(b.order) || a.stateKey.localeCompare(b.stateKey);
}

/** The case types a list shows: TBD never (part 2 §9), by id. */
export function listedCaseTypes<T extends { code: string; deleted?: boolean }>(types: readonly T[]): T[] {
  return types.filter((type) => !type.deleted && !isTbd(type.code)).sort((a, b) => a.code.localeCompare(b.code));
}
