import { z } from 'zod';
import { clientIdSchema, idRefSchema } from '../validation/ids.ts';
import { cronRuleProblem, MIN_PASSPHRASE_LENGTH } from './eventRules.ts';
import { flowGraphSchema } from './flowGraph.ts';
import { INSTANCE_STATUSES } from './instanceStatus.ts';

/**
 * Bodies of the engine's REST calls (part 1 §7) and the args of the matching mutations. A mutation's args are
 * the body plus the ids from the path, so the REST route and the sync mutation run the same service with the
 * same validation. Create args take an optional client-made id so an offline-created row keeps its id.
 */
const id = idRefSchema;
const ref = z.object({ id });
export { clientIdSchema };
const name = (what: string) => z.string().trim().min(1, `${what} is required`).max(150, `${what} must be 150 characters at most`);
const description = z.string().trim().max(2000);

const cronRule = z
  .string()
  .trim()
  .min(1, 'Cron rule is required')
  .max(120)
  .superRefine((rule, ctx) => {
    const problem = cronRuleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', message: `Invalid cron rule: ${problem}` });
  });

const atLeastOne = (body: Record<string, unknown>) => Object.values(body).some((v) => v !== undefined);
const NOTHING_TO_CHANGE = 'Nothing to change: send at least one field';

// ---- apps ---------------------------------------------------------------------------------------------------

/** Part 1 §5: engine, name and description are required. `workflow` of the spec's call is ignored: a new app gets its own flow. */
export const createAppBodySchema = z.object({
  id: clientIdSchema.optional(),
  name: name('Name'),
  description: description.min(1, 'Description is required'),
  engine: ref,
  user: ref.optional(),
  isActive: z.boolean().default(true),
  calendar: ref.nullish(),
  workflow: ref.nullish(),
});
export const updateAppBodySchema = z
  .object({
    name: name('Name').optional(),
    description: description.min(1, 'Description is required').optional(),
    isActive: z.boolean().optional(),
    engine: ref.optional(),
    workflow: ref.nullish(),
    calendar: ref.nullish(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

export const createAppArgsSchema = createAppBodySchema;
export const updateAppArgsSchema = z.object({ id }).and(updateAppBodySchema);
export const deleteAppArgsSchema = z.object({ id });
export const toggleAppArgsSchema = z.object({ id, isActive: z.boolean() });

// ---- events and webhooks ------------------------------------------------------------------------------------

const webhookOfEvent = z.object({
  /** An existing webhook, or the id handed out by POST /webhooks/generateUrl for a new one. */
  id: id.optional(),
  name: name('Webhook name'),
  description: description.optional(),
  /** The token from POST /webhooks/generateToken; needed when the webhook is new or its token changes. */
  token: z.string().min(16).max(200).optional(),
});

const eventFields = {
  name: name('Event name'),
  description: description.default(''),
  rules: cronRule.nullish(),
  calendar: ref.nullish(),
  webhook: webhookOfEvent.nullish(),
  isActive: z.boolean().default(true),
};

/** Part 1 §5: the name and a calendar are required, and a trigger: a cron rule or a webhook. */
export const createEventBodySchema = z
  .object({
    id: clientIdSchema.optional(),
    appId: id.optional(),
    apps: z.array(z.object({ id, isActive: z.boolean().optional() })).min(1).max(1).optional(),
    ...eventFields,
    calendar: ref,
  })
  .refine((b) => b.appId !== undefined || b.apps !== undefined, { message: 'The event needs its app (appId or apps)', path: ['appId'] })
  .refine((b) => Boolean(b.rules) || Boolean(b.webhook), { message: 'An event needs a cron rule or a webhook', path: ['rules'] });

export const updateEventBodySchema = z
  .object({
    name: eventFields.name.optional(),
    description: description.optional(),
    rules: eventFields.rules,
    calendar: ref.optional(),
    webhook: eventFields.webhook,
    isActive: z.boolean().optional(),
  })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

export const createEventArgsSchema = createEventBodySchema;
export const updateEventArgsSchema = z.object({ id, appId: id.optional() }).and(updateEventBodySchema);
export const deleteEventArgsSchema = z.object({ id, appId: id.optional() });
export const toggleEventArgsSchema = z.object({ id, isActive: z.boolean() });

export const generateTokenBodySchema = z.object({
  username: z.string().trim().max(320).optional(),
  password: z.string().min(MIN_PASSPHRASE_LENGTH, 'The passphrase must be longer than 3 characters').max(200),
});
export const generateUrlBodySchema = z.object({ name: z.string().trim().max(150).optional() }).default({});

export const createWebhookBodySchema = z.object({
  id: z.string().regex(/^whk-[A-Za-z0-9_-]{8,100}$/, "id must come from POST /webhooks/generateUrl ('whk-…')").optional(),
  name: name('Webhook name'),
  description: description.default(''),
  token: z.string().min(16, 'Generate a token first').max(200),
});
export const updateWebhookBodySchema = z
  .object({ name: name('Webhook name').optional(), description: description.optional(), token: z.string().min(16).max(200).optional() })
  .refine(atLeastOne, NOTHING_TO_CHANGE);

// ---- flows and calendars ------------------------------------------------------------------------------------

export const createFlowBodySchema = z.object({
  id: clientIdSchema.optional(),
  name: name('Name'),
  description: description.default(''),
  /** The spec's workspace field; when sent it must be the caller's workspace. */
  WS: z.string().max(200).optional(),
  type: z.string().trim().min(1).max(40).default('app'),
  stages: flowGraphSchema.optional(),
});
export const updateFlowBodySchema = z
  .object({
    name: name('Name').optional(),
    description: description.optional(),
    wsId: z.string().max(200).optional(),
    stages: flowGraphSchema.optional(),
  })
  .refine((b) => b.name !== undefined || b.description !== undefined || b.stages !== undefined, NOTHING_TO_CHANGE);
export const listFlowsBodySchema = z.object({ creator: z.string().max(200).optional(), all: z.boolean().default(false) }).default({ all: false });

export const createFlowArgsSchema = createFlowBodySchema;
export const updateFlowArgsSchema = z.object({ id }).and(updateFlowBodySchema);

// ---- instances ----------------------------------------------------------------------------------------------

const statusList = z
  .union([z.array(z.enum(INSTANCE_STATUSES)), z.string()])
  .transform((value, ctx) => {
    const list = Array.isArray(value) ? value : value.split(',').map((s) => s.trim()).filter(Boolean);
    const unknown = list.filter((s) => !(INSTANCE_STATUSES as readonly string[]).includes(s));
    if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown status ${unknown.join(', ')}` });
    return list as (typeof INSTANCE_STATUSES)[number][];
  });

/** Part 1 §5: the date range applies only when both dates are given. */
export const instancesQuerySchema = z.object({
  status: statusList.optional(),
  startDate: z.coerce.date().optional(),
  endDate: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const RETRY_FROM = ['failed', 'start'] as const;
export const retryInstanceBodySchema = z.object({ from: z.enum(RETRY_FROM).default('failed') }).default({ from: 'failed' });
export const retryInstanceArgsSchema = z.object({ id, from: z.enum(RETRY_FROM).default('failed') });

/** Part 1 §2 'generate instances': how many runs one request may start, for testing a flow. */
export const MAX_GENERATED_INSTANCES = 50;
/** The values a generated instance starts with: a flat-or-nested JSON object, small enough for a test run. */
export const MAX_START_VALUES_CHARS = 20_000;
export const startValuesSchema = z
  .record(z.string(), z.json())
  .refine((values) => Object.keys(values).every((key) => key.trim() !== ''), 'A value needs a name')
  .refine((values) => Object.keys(values).every((key) => key.length <= 100), 'A value name must be 100 characters at most')
  .refine((values) => Object.keys(values).length <= 100, 'At most 100 values')
  .refine((values) => JSON.stringify(values).length <= MAX_START_VALUES_CHARS, `The values must be ${MAX_START_VALUES_CHARS.toLocaleString('en')} characters at most`);

/**
 * Starts N instances of an app with the same values (the Apps list's 'generate instances'). The ids are the
 * client's, one per instance, so the new runs show at once in App history, offline too, and the server's rows
 * share them.
 */
export const startInstancesArgsSchema = z.object({
  appId: id,
  ids: z
    .array(clientIdSchema)
    .min(1, 'Start at least one instance')
    .max(MAX_GENERATED_INSTANCES, `Start at most ${MAX_GENERATED_INSTANCES} instances at a time`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each instance needs its own id'),
  values: startValuesSchema.default({}),
});

export const idParams = z.object({ id });
export const appEventParams = z.object({ id, eventId: id });
export const appInstanceParams = z.object({ id, instanceId: id });
export const appStageParams = z.object({ id, instanceId: id, stageId: id });
export const webhookParams = z.object({ webhookId: idRefSchema });

export type CreateAppArgs = z.infer<typeof createAppArgsSchema>;
export type UpdateAppArgs = z.infer<typeof updateAppArgsSchema>;
export type CreateEventArgs = z.infer<typeof createEventArgsSchema>;
export type UpdateEventArgs = z.infer<typeof updateEventArgsSchema>;
export type CreateWebhookBody = z.infer<typeof createWebhookBodySchema>;
export type UpdateWebhookBody = z.infer<typeof updateWebhookBodySchema>;
export type CreateFlowArgs = z.infer<typeof createFlowArgsSchema>;
export type UpdateFlowArgs = z.infer<typeof updateFlowArgsSchema>;
export type InstancesQuery = z.infer<typeof instancesQuerySchema>;
export type RetryInstanceArgs = z.infer<typeof retryInstanceArgsSchema>;
export type StartInstancesArgs = z.infer<typeof startInstancesArgsSchema>;
