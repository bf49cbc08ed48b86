import { z } from 'zod';
import { nextFireAt, webhookPath } from '../engine/eventRules.ts';
import { appFlowDescription, appFlowName, defaultFlowGraph, newAppStatistics } from '../engine/flowGraph.ts';
import { canRetryInstance } from '../engine/instanceStatus.ts';
import {
  clientIdSchema,
  createAppArgsSchema,
  createEventArgsSchema,
  deleteAppArgsSchema,
  deleteEventArgsSchema,
  retryInstanceArgsSchema,
  startInstancesArgsSchema,
  toggleAppArgsSchema,
  toggleEventArgsSchema,
  updateAppArgsSchema,
  updateEventArgsSchema,
} from '../engine/schemas.ts';
import type { AppDoc, EventDoc, FlowDoc, InstanceDoc, WebhookDoc } from '../sync/documents.gen.ts';
import type { ReplicaDoc } from '../sync/protocol.ts';
import { defineMutation, MutationRefused, type DocRef, type DocWrite, type MutationActor } from './types.ts';

/**
 * Apps, events and instance retries (issue 5 item 7), so the console does them offline too. The args are the
 * engine's REST schemas (src/domain/engine/schemas.ts) with the ids a creation needs made by the client, so the
 * optimistic documents and the server's rows share them. Permissions (APPS module, engine authorisation) are
 * the services' alone: the replica refuses only what its documents show (an unknown app, an inactive engine,
 * an instance that has not failed).
 */

/** A new app and its flow, with the ids the client made for both. */
export const createAppMutationArgs = createAppArgsSchema.extend({ id: clientIdSchema, flowId: clientIdSchema });

/** A webhook sent with an event names its id (from POST /webhooks/generateUrl), so the event doc can point at it. */
const WEBHOOK_ID_REQUIRED = 'A new webhook needs the id from Generate URL';
const webhookWithId = z.object({ id: z.string({ error: WEBHOOK_ID_REQUIRED }).min(1, WEBHOOK_ID_REQUIRED) }).nullish();
export const createEventMutationArgs = createEventArgsSchema.and(z.object({ id: clientIdSchema, webhook: webhookWithId }));
export const updateEventMutationArgs = updateEventArgsSchema.and(z.object({ webhook: webhookWithId }));

export type CreateAppMutationArgs = z.infer<typeof createAppMutationArgs>;
export type UpdateAppMutationArgs = z.infer<typeof updateAppArgsSchema>;
export type CreateEventMutationArgs = z.infer<typeof createEventMutationArgs>;
export type UpdateEventMutationArgs = z.infer<typeof updateEventMutationArgs>;
export type RetryInstanceMutationArgs = z.infer<typeof retryInstanceArgsSchema>;
export type StartInstancesMutationArgs = z.infer<typeof startInstancesArgsSchema>;

/** The services' texts, so a local refusal reads as the server's would. */
export const ENGINE_MESSAGES = {
  notFound: (what: string) => `${what} not found`,
  engineInactive: 'The engine is inactive: activate it before adding apps to it',
  tokenRequired: 'Generate a token for the webhook first',
  noTrigger: 'An event needs a cron rule or a webhook',
  notFailed: (status: string) => `Only a failed instance can be retried (this one is ${status})`,
  appInactive: 'The app is inactive: activate it before starting instances',
} as const;

type Docs = ReadonlyMap<string, ReplicaDoc>;

const config = (id: string): DocRef => ({ collection: 'config', id });
const configWrite = (doc: ReplicaDoc): DocWrite => ({ collection: 'config', doc });

/** A live document of this kind, or a 'not-found' refusal naming it. */
function live(docs: Docs, id: string, kind: string, what: string): ReplicaDoc {
  const doc = docs.get(id);
  if (!doc || doc.deleted || doc.kind !== kind) throw new MutationRefused('not-found', ENGINE_MESSAGES.notFound(what));
  return doc;
}

function activeEngine(docs: Docs, engineId: string): ReplicaDoc {
  const engine = live(docs, engineId, 'engine', 'Engine');
  if (engine.isActive !== true) throw new MutationRefused('engine-inactive', ENGINE_MESSAGES.engineInactive);
  return engine;
}

// ---- apps ---------------------------------------------------------------------------------------------------

export const createApp = defineMutation<CreateAppMutationArgs>({
  name: 'app.create',
  args: createAppMutationArgs,
  reads: (args) => [config(args.engine.id), ...(args.calendar ? [config(args.calendar.id)] : [])],
  apply(args, docs, actor, now) {
    const engine = activeEngine(docs, args.engine.id);
    if (args.calendar) live(docs, args.calendar.id, 'calendar', 'Calendar');
    const workspaceId = String(engine.workspaceId);
    const stamps = { rev: 0, deleted: false, workspaceId, createdAt: now, updatedAt: now };
    const flow: FlowDoc = {
      id: args.flowId,
      kind: 'flow',
      ...stamps,
      name: appFlowName(args.name),
      description: appFlowDescription(args.name),
      creatorUserId: actor.userId,
      type: 'app',
      stages: defaultFlowGraph(),
      version: 1,
    };
    const app: AppDoc = {
      id: args.id,
      kind: 'app',
      ...stamps,
      engineId: args.engine.id,
      ownerUserId: args.user?.id ?? actor.userId,
      name: args.name,
      description: args.description,
      isActive: args.isActive,
      flowId: args.flowId,
      calendarId: args.calendar?.id ?? null,
      statistics: newAppStatistics(),
    };
    return [configWrite(flow), configWrite(app)];
  },
});

export const updateApp = defineMutation<UpdateAppMutationArgs>({
  name: 'app.update',
  args: updateAppArgsSchema,
  reads: (args) => [
    config(args.id),
    ...(args.engine ? [config(args.engine.id)] : []),
    ...(args.workflow ? [config(args.workflow.id)] : []),
    ...(args.calendar ? [config(args.calendar.id)] : []),
  ],
  apply(args, docs, _actor, now) {
    const app = live(docs, args.id, 'app', 'App');
    if (args.engine) activeEngine(docs, args.engine.id);
    if (args.workflow) live(docs, args.workflow.id, 'flow', 'Workflow');
    if (args.calendar) live(docs, args.calendar.id, 'calendar', 'Calendar');
    return [
      configWrite({
        ...app,
        ...(args.name !== undefined ? { name: args.name } : {}),
        ...(args.description !== undefined ? { description: args.description } : {}),
        ...(args.isActive !== undefined ? { isActive: args.isActive } : {}),
        ...(args.engine ? { engineId: args.engine.id } : {}),
        ...(args.workflow !== undefined ? { flowId: args.workflow?.id ?? null } : {}),
        ...(args.calendar !== undefined ? { calendarId: args.calendar?.id ?? null } : {}),
        updatedAt: now,
      }),
    ];
  },
});

export const setAppActive = defineMutation<z.infer<typeof toggleAppArgsSchema>>({
  name: 'app.setActive',
  args: toggleAppArgsSchema,
  reads: ({ id }) => [config(id)],
  apply({ id, isActive }, docs, _actor, now) {
    return [configWrite({ ...live(docs, id, 'app', 'App'), isActive, updatedAt: now })];
  },
});

/**
 * The app's tombstone. The server tombstones its events too; the replica cannot list them here (a mutation
 * reads documents by id), so their tombstones arrive with the next pull.
 */
export const deleteApp = defineMutation<z.infer<typeof deleteAppArgsSchema>>({
  name: 'app.delete',
  args: deleteAppArgsSchema,
  reads: ({ id }) => [config(id)],
  apply({ id }, docs, _actor, now) {
    return [configWrite({ ...live(docs, id, 'app', 'App'), deleted: true, isActive: false, updatedAt: now })];
  },
});

// ---- events -------------------------------------------------------------------------------------------------

type WebhookArgs = { id: string; name: string; description?: string | undefined; token?: string | undefined };

/** The webhook document an event's save leaves: the existing one updated, or a new one (which needs a token). */
function webhookWrite(webhook: WebhookArgs, docs: Docs, workspaceId: string, actor: MutationActor, now: number): DocWrite {
  const existing = docs.get(webhook.id);
  const tokenHint = webhook.token ? { tokenHint: webhook.token.slice(-4) } : {};
  if (existing && !existing.deleted && existing.kind === 'webhook') {
    return configWrite({
      ...existing,
      name: webhook.name,
      ...(webhook.description !== undefined ? { description: webhook.description } : {}),
      ...tokenHint,
      updatedAt: now,
    });
  }
  if (!webhook.token) throw new MutationRefused('token-required', ENGINE_MESSAGES.tokenRequired);
  const doc: WebhookDoc = {
    id: webhook.id,
    kind: 'webhook',
    rev: 0,
    deleted: false,
    workspaceId,
    userId: actor.userId,
    name: webhook.name,
    description: webhook.description ?? '',
    url: webhookPath(webhook.id),
    tokenHint: webhook.token.slice(-4),
    createdAt: now,
    updatedAt: now,
  };
  return configWrite(doc);
}

const nextFire = (rule: string | null, calendar: ReplicaDoc, now: number): number | null =>
  nextFireAt(rule, String(calendar.timeZone), new Date(now))?.getTime() ?? null;

export const createEvent = defineMutation<CreateEventMutationArgs>({
  name: 'event.create',
  args: createEventMutationArgs,
  reads: (args) => [
    config(args.appId ?? args.apps?.[0]?.id ?? ''),
    config(args.calendar.id),
    ...(args.webhook ? [config(args.webhook.id)] : []),
  ],
  apply(args, docs, actor, now) {
    const app = live(docs, args.appId ?? args.apps?.[0]?.id ?? '', 'app', 'App');
    const calendar = live(docs, args.calendar.id, 'calendar', 'Calendar');
    const workspaceId = String(app.workspaceId);
    const webhook = args.webhook ? webhookWrite(args.webhook, docs, workspaceId, actor, now) : null;
    const rule = args.rules ?? null;
    const event: EventDoc = {
      id: args.id,
      kind: 'event',
      rev: 0,
      deleted: false,
      workspaceId,
      appId: app.id,
      name: args.name,
      description: args.description,
      cronRule: rule,
      calendarId: calendar.id,
      isActive: args.isActive,
      webhookId: webhook?.doc.id ?? null,
      lastFiredAt: null,
      nextFireAt: nextFire(rule, calendar, now),
      createdAt: now,
      updatedAt: now,
    };
    return [...(webhook ? [webhook] : []), configWrite(event)];
  },
});

function liveEvent(docs: Docs, id: string, appId: string | undefined): ReplicaDoc {
  const event = live(docs, id, 'event', 'Event');
  if (appId !== undefined && event.appId !== appId) throw new MutationRefused('not-found', ENGINE_MESSAGES.notFound('Event'));
  return event;
}

/**
 * The next fire time is recomputed when the calendar doc is at hand (the edit names the calendar), kept when
 * neither the rule nor the calendar changes, and otherwise left empty until the server's document arrives:
 * a mutation reads documents by the ids in its args, so an unchanged calendar's zone is not known here.
 */
export const updateEvent = defineMutation<UpdateEventMutationArgs>({
  name: 'event.update',
  args: updateEventMutationArgs,
  reads: (args) => [config(args.id), ...(args.calendar ? [config(args.calendar.id)] : []), ...(args.webhook ? [config(args.webhook.id)] : [])],
  apply(args, docs, actor, now) {
    const current = liveEvent(docs, args.id, args.appId);
    const calendar = args.calendar ? live(docs, args.calendar.id, 'calendar', 'Calendar') : null;
    const rule = args.rules !== undefined ? (args.rules ?? null) : ((current.cronRule as string | null) ?? null);
    const webhook = args.webhook ? webhookWrite(args.webhook, docs, String(current.workspaceId), actor, now) : null;
    const webhookId = args.webhook !== undefined ? (webhook?.doc.id ?? null) : ((current.webhookId as string | null) ?? null);
    if (!rule && !webhookId) throw new MutationRefused('invalid-request', ENGINE_MESSAGES.noTrigger);
    const nextFireAt = calendar ? nextFire(rule, calendar, now) : rule === current.cronRule ? current.nextFireAt : null;
    const event: ReplicaDoc = {
      ...current,
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.isActive !== undefined ? { isActive: args.isActive } : {}),
      cronRule: rule,
      calendarId: calendar?.id ?? current.calendarId,
      webhookId,
      nextFireAt,
      updatedAt: now,
    };
    return [...(webhook ? [webhook] : []), configWrite(event)];
  },
});

export const setEventActive = defineMutation<z.infer<typeof toggleEventArgsSchema>>({
  name: 'event.setActive',
  args: toggleEventArgsSchema,
  reads: ({ id }) => [config(id)],
  apply({ id, isActive }, docs, _actor, now) {
    return [configWrite({ ...liveEvent(docs, id, undefined), isActive, updatedAt: now })];
  },
});

export const deleteEvent = defineMutation<z.infer<typeof deleteEventArgsSchema>>({
  name: 'event.delete',
  args: deleteEventArgsSchema,
  reads: ({ id }) => [config(id)],
  apply({ id, appId }, docs, _actor, now) {
    return [configWrite({ ...liveEvent(docs, id, appId), deleted: true, isActive: false, updatedAt: now })];
  },
});

// ---- instances ----------------------------------------------------------------------------------------------

/**
 * A failed instance runs again (the service sets RUNNING and counts the attempt). From the failed stage it
 * stays on that stage; from the start the start stage is in the flow, which this mutation does not read, so
 * the stage and the values show once the server's document arrives.
 */
export const retryInstance = defineMutation<RetryInstanceMutationArgs>({
  name: 'instance.retry',
  args: retryInstanceArgsSchema,
  reads: ({ id }) => [{ collection: 'runs', id }],
  apply({ id }, docs, _actor, now) {
    const instance = live(docs, id, 'instance', 'Instance');
    const status = String(instance.status);
    if (!canRetryInstance(status)) throw new MutationRefused('not-failed', ENGINE_MESSAGES.notFailed(status));
    return [
      {
        collection: 'runs',
        doc: { ...instance, status: 'RUNNING', error: null, endDate: null, wakeAt: null, attempt: Number(instance.attempt) + 1, updatedAt: now },
      },
    ];
  },
});


/** The name the engine gives a run without a case: the app's name and a short part of the instance id. */
export const instanceName = (appName: string, instanceId: string) => `${appName} ${instanceId.slice(5, 13)}`;

/**
 * The Apps list's 'generate instances': N runs of an active app with the same values. The replica shows them
 * UNPROCESSED at once and counts them on the app's card; the start stage, and a case when a case type starts
 * with this app, come with the server's documents.
 */
export const startInstances = defineMutation<StartInstancesMutationArgs>({
  name: 'instance.start',
  args: startInstancesArgsSchema,
  reads: ({ appId }) => [config(appId)],
  apply({ appId, ids, values }, docs, _actor, now) {
    const app = live(docs, appId, 'app', 'App');
    if (app.isActive !== true) throw new MutationRefused('app-inactive', ENGINE_MESSAGES.appInactive);
    const workspaceId = String(app.workspaceId);
    const runs = ids.map((id): DocWrite => {
      const doc: InstanceDoc = {
        id,
        kind: 'instance',
        rev: 0,
        deleted: false,
        workspaceId,
        appId,
        flowId: (app.flowId as string | null) ?? null,
        // The server records the flow's version as the run starts; until its document arrives, none is named.
        flowVersion: null,
        eventId: null,
        caseId: null,
        name: instanceName(String(app.name), id),
        status: 'UNPROCESSED',
        values,
        stageHistory: [],
        currentStage: null,
        startDate: now,
        endDate: null,
        wakeAt: null,
        error: null,
        attempt: 0,
        createdAt: now,
        updatedAt: now,
      };
      return { collection: 'runs', doc };
    });
    const statistics = typeof app.statistics === 'object' && app.statistics !== null ? (app.statistics as Record<string, unknown>) : {};
    const counted = typeof statistics.appsInstances === 'number' ? statistics.appsInstances : 0;
    const card = configWrite({ ...app, statistics: { ...statistics, appsInstances: counted + ids.length }, updatedAt: now });
    return [...runs, card];
  },
});

export const ENGINE_MUTATIONS = [createApp, updateApp, setAppActive, deleteApp, createEvent, updateEvent, setEventActive, deleteEvent, retryInstance, startInstances];
