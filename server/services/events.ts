import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { nextFireAt } from '../../src/domain/engine/eventRules.ts';
import type { CreateEventArgs, UpdateEventArgs } from '../../src/domain/engine/schemas.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { EventsTable } from '../db/domainTables.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { requireModule } from '../engine/access.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { findApp } from './apps.ts';
import type { WriteContext, WriteService } from './context.ts';
import { saveWebhook } from './webhooks.ts';

/**
 * Events of apps (part 1 §2, §5, §7): a cron rule checked against a business calendar, and/or a webhook. The
 * scheduler reads events directly; next_fire_at is kept only for display.
 */
type EventRow = Selectable<EventsTable>;
type Reader = Kysely<Database> | WorkspaceTx;
type WebhookSummary = { id: string; name: string; url: string; tokenHint: string } | null;

export function eventView(event: EventRow, appActive: boolean | null, webhook: WebhookSummary) {
  return {
    id: event.id,
    name: event.name,
    description: event.description,
    rules: event.cron_rule,
    apps: [{ id: event.app_id, isActive: appActive }],
    calendar: event.calendar_id ? { id: event.calendar_id } : null,
    webhook,
    isActive: event.is_active,
    lastFiredAt: event.last_fired_at?.toISOString() ?? null,
    nextFireAt: event.next_fire_at?.toISOString() ?? null,
  };
}

async function view(db: Reader, event: EventRow) {
  const app = await db.selectFrom('apps').select('is_active').where('id', '=', event.app_id).executeTakeFirst();
  const webhook = event.webhook_id
    ? await db.selectFrom('webhooks').select(['id', 'name', 'url', 'token_hint']).where('id', '=', event.webhook_id).executeTakeFirst()
    : undefined;
  return eventView(event, app?.is_active ?? null, webhook ? { id: webhook.id, name: webhook.name, url: webhook.url, tokenHint: webhook.token_hint } : null);
}

async function findEvent(db: Reader, workspaceId: string, eventId: string, appId?: string): Promise<EventRow> {
  let query = db.selectFrom('events').selectAll().where('id', '=', eventId).where('workspace_id', '=', workspaceId).where('deleted', '=', false);
  if (appId) query = query.where('app_id', '=', appId);
  const event = await query.executeTakeFirst();
  if (!event) throw notFound('Event');
  return event;
}

async function calendarZone(tx: WorkspaceTx, workspaceId: string, calendarId: string | null): Promise<string> {
  if (!calendarId) return 'UTC';
  const calendar = await tx.selectFrom('calendars').select('time_zone').where('id', '=', calendarId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!calendar) throw notFound('Calendar');
  return calendar.time_zone;
}

async function webhookFor(ctx: WriteContext, webhook: CreateEventArgs['webhook']): Promise<string | null> {
  if (!webhook) return null;
  return (await saveWebhook(ctx, webhook)).id;
}

export const createEvent: WriteService<CreateEventArgs, Awaited<ReturnType<typeof view>>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireModule(tx, actor, 'APPS');
  const appId = args.appId ?? args.apps?.[0]?.id ?? '';
  await findApp(tx, actor.workspaceId, appId);
  const timeZone = await calendarZone(tx, actor.workspaceId, args.calendar.id);
  const id = args.id ?? `evt-${randomUUID()}`;
  if (args.id && (await tx.selectFrom('events').select('id').where('id', '=', id).executeTakeFirst())) {
    throw new ApiError(409, 'already-exists', 'An event with this id already exists');
  }
  const webhookId = await webhookFor(ctx, args.webhook);
  const event = await tx
    .insertInto('events')
    .values({
      id,
      workspace_id: actor.workspaceId,
      app_id: appId,
      name: args.name,
      description: args.description,
      cron_rule: args.rules ?? null,
      calendar_id: args.calendar.id,
      is_active: args.isActive,
      webhook_id: webhookId,
      next_fire_at: nextFireAt(args.rules ?? null, timeZone, now),
      rev,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(tx, event);
};

export const updateEvent: WriteService<UpdateEventArgs, Awaited<ReturnType<typeof view>>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireModule(tx, actor, 'APPS');
  const current = await findEvent(tx, actor.workspaceId, args.id, args.appId);
  const rule = args.rules !== undefined ? (args.rules ?? null) : current.cron_rule;
  const calendarId = args.calendar?.id ?? current.calendar_id;
  const timeZone = await calendarZone(tx, actor.workspaceId, calendarId);
  const webhookId = args.webhook !== undefined ? await webhookFor(ctx, args.webhook) : current.webhook_id;
  if (!rule && !webhookId) throw new ApiError(400, 'invalid-request', 'An event needs a cron rule or a webhook');
  const event = await tx
    .updateTable('events')
    .set({
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.isActive !== undefined ? { is_active: args.isActive } : {}),
      cron_rule: rule,
      calendar_id: calendarId,
      webhook_id: webhookId,
      next_fire_at: nextFireAt(rule, timeZone, now),
      rev,
      updated_at: now,
    })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(tx, event);
};

export const toggleEvent: WriteService<{ id: string; isActive: boolean }, Awaited<ReturnType<typeof view>>> = (ctx, args) =>
  updateEvent(ctx, { id: args.id, isActive: args.isActive });

export const deleteEvent: WriteService<{ id: string; appId?: string | undefined }, { id: string; deleted: true }> = async ({ tx, rev, actor, now }, args) => {
  await requireModule(tx, actor, 'APPS');
  const event = await findEvent(tx, actor.workspaceId, args.id, args.appId);
  await tx.updateTable('events').set({ deleted: true, is_active: false, rev, updated_at: now }).where('id', '=', event.id).execute();
  return { id: event.id, deleted: true };
};

export async function listAppEvents(db: Kysely<Database>, actor: AuthContext, appId: string) {
  await requireModule(db, actor, 'APPS');
  await findApp(db, actor.workspaceId, appId);
  const events = await db.selectFrom('events').selectAll().where('app_id', '=', appId).where('deleted', '=', false).orderBy('created_at').execute();
  return Promise.all(events.map((e) => view(db, e)));
}

export async function getEvent(db: Kysely<Database>, actor: AuthContext, eventId: string) {
  await requireModule(db, actor, 'APPS');
  return view(db, await findEvent(db, actor.workspaceId, eventId));
}
