import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, JsonValue } from '../db/schema.ts';
import { createGroupCommitter } from './groupCommit.ts';
import { startInstances } from './instanceStart.ts';
import { isPlainObject, parseStoredGraph, type Values } from './instanceModel.ts';
import type { StartPlan } from './startPlan.ts';
import { commitWebhookGroup } from './webhookGroup.ts';

/**
 * POST /hooks/{webhookId}: checks the token, starts one instance per active event of the webhook, and records
 * the delivery as a webhook execution (request, response, status, time). A successful delivery with an
 * Idempotency-Key is answered again, unchanged, for the same key: the check runs under the workspace's revision
 * lock, so two concurrent deliveries of one key start one instance. Refused deliveries keep no key, so the
 * sender may retry them once the cause is fixed.
 *
 * The token check and the read of events and start plans (one query) run outside that lock, per delivery. The writes go
 * through a group commit per workspace (groupCommit.ts, webhookGroup.ts): deliveries arriving while the
 * workspace's transaction is in flight share the next transaction and its one revision.
 */
export type WebhookDelivery = {
  webhookId: string;
  token: string | null;
  idempotencyKey: string | null;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  url: string;
  method: string;
  receivedAt: Date;
  startedMs: number;
  /** The input boundary refused the body (NUL, lone surrogate, too deep, not JSON; 413 too large): answered and recorded. */
  refusal?: { status: number; code: string; message: string } | null;
  /** Named in the message of a 500 answer, as the route's error handler does. */
  requestId?: string;
};

export type WebhookAnswer = {
  status: number;
  body: { [key: string]: JsonValue };
  replayed: boolean;
  /** The exception behind a 500 answer, for the caller to log (the answer itself names no internals). */
  fault?: unknown;
};

/** What was read outside the revision lock; the group transaction decides and writes with it. */
export type PreparedDelivery = {
  delivery: WebhookDelivery;
  webhook: { id: string; workspace_id: string };
  authorised: boolean;
  /** The webhook's events (any state) and, of the active ones, the start plans found. */
  events: { id: string }[];
  active: { id: string }[];
  plans: { eventId: string; plan: StartPlan }[];
  values: Values;
};

export type StartInstances = typeof startInstances;

export type WebhookIngress = { receive(delivery: WebhookDelivery): Promise<WebhookAnswer> };

/** At most this many deliveries share one transaction, so one group's lock time and memory stay bounded. */
export const MAX_WEBHOOK_GROUP = 64;

const sha256 = (text: string) => createHash('sha256').update(text).digest();

function tokenMatches(token: string | null, tokenHash: string): boolean {
  if (!token) return false;
  const expected = Buffer.from(tokenHash, 'hex');
  const given = sha256(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const fail = (status: number, code: string, message: string): WebhookAnswer => ({ status, body: { code, message }, replayed: false });

/**
 * The webhook with each live event, its app, the app's flow and the case type it starts, in one query: a delivery
 * costs one round trip before its group, not one per table (events of a deleted app are left out, as if gone).
 */
function readWebhook(db: Kysely<Database>, webhookId: string) {
  return db
    .selectFrom('webhooks')
    .leftJoin('events', (join) => join.onRef('events.webhook_id', '=', 'webhooks.id').on('events.deleted', '=', false))
    .leftJoin('apps', (join) => join.onRef('apps.id', '=', 'events.app_id').on('apps.deleted', '=', false))
    .leftJoin('flows', (join) => join.onRef('flows.id', '=', 'apps.flow_id').on('flows.deleted', '=', false))
    .select((eb) => [
      'webhooks.id',
      'webhooks.workspace_id',
      'webhooks.token_hash',
      'events.id as eventId',
      'events.is_active as eventActive',
      'apps.id as appId',
      'apps.name as appName',
      'apps.flow_id as flowId',
      'apps.workspace_id as appWorkspaceId',
      'apps.is_active as appActive',
      'flows.stages',
      eb
        .selectFrom('case_types')
        .select('case_types.id')
        .whereRef('case_types.starting_app_id', '=', 'apps.id')
        .where('case_types.deleted', '=', false)
        .orderBy('case_types.created_at')
        .limit(1)
        .as('caseTypeId'),
    ])
    .where('webhooks.id', '=', webhookId)
    .where('webhooks.deleted', '=', false)
    .execute();
}

/** Reads the webhook, checks the token, and finds events and start plans: all outside the revision lock. */
async function prepareDelivery(db: Kysely<Database>, delivery: WebhookDelivery): Promise<PreparedDelivery | WebhookAnswer> {
  const rows = await readWebhook(db, delivery.webhookId);
  const webhook = rows[0];
  if (!webhook) return fail(404, 'not-found', 'Webhook not found');

  const authorised = tokenMatches(delivery.token, webhook.token_hash);
  // A row per live event with its app; a webhook without one answers a single row of nulls from the outer joins.
  const events = authorised
    ? rows.flatMap((r) => (r.eventId !== null && r.appId !== null ? [{ ...r, eventId: r.eventId, appId: r.appId }] : []))
    : [];
  const active = events.filter((e) => e.eventActive && e.appActive);
  const plans = active.map((e): { eventId: string; plan: StartPlan } => ({
    eventId: e.eventId,
    plan: {
      app: { id: e.appId, name: e.appName ?? '', flow_id: e.flowId, workspace_id: e.appWorkspaceId ?? '', is_active: e.appActive === true },
      graph: e.stages === null ? null : parseStoredGraph(e.stages),
      caseTypeId: e.caseTypeId ?? null,
    },
  }));
  const values: Values = isPlainObject(delivery.body) ? delivery.body : delivery.body === undefined || delivery.body === null ? {} : { payload: delivery.body as JsonValue };
  return {
    delivery,
    webhook: { id: webhook.id, workspace_id: webhook.workspace_id },
    authorised,
    events: events.map((e) => ({ id: e.eventId })),
    active: active.map((e) => ({ id: e.eventId })),
    plans,
    values,
  };
}

/**
 * The ingress of one database. Its queues live in this process, so an app builds one and keeps it; `startInstances`
 * is replaceable only so tests can make one delivery of a group fail.
 */
export function createWebhookIngress(db: Kysely<Database>, options: { maxGroup?: number; startInstances?: StartInstances } = {}): WebhookIngress {
  const start = options.startInstances ?? startInstances;
  const committer = createGroupCommitter<PreparedDelivery, WebhookAnswer>({
    maxGroup: options.maxGroup ?? MAX_WEBHOOK_GROUP,
    commit: (workspaceId, group) => commitWebhookGroup(db, workspaceId, group, start),
  });
  return {
    async receive(delivery) {
      const prepared = await prepareDelivery(db, delivery);
      return 'status' in prepared ? prepared : committer.submit(prepared.webhook.workspace_id, prepared);
    },
  };
}
