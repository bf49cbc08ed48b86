import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { withWorkspaceWrite, type WorkspaceTx } from '../db/revisions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import type { WriteContext } from '../services/context.ts';
import { startInstance } from './instanceLifecycle.ts';
import { isPlainObject, jsonParam, type Values } from './instanceModel.ts';
import { maskBody, maskHeaders, maskUrl } from '../../src/domain/traces/secretMasking.ts';
import { engineActor } from './stageCommit.ts';
import { planStart, type StartPlan } from './startPlan.ts';

/**
 * POST /hooks/{webhookId}: checks the token, starts one instance per active event of the webhook, and records
 * the delivery as a webhook execution (request, response, status, time). A successful delivery with an
 * Idempotency-Key is answered again, unchanged, for the same key: the check runs under the workspace's revision
 * lock, so two concurrent deliveries of one key start one instance. Refused deliveries keep no key, so the
 * sender may retry them once the cause is fixed.
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
};

export type WebhookAnswer = { status: number; body: { [key: string]: JsonValue }; replayed: boolean };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Headers as recorded: one value per name, secrets masked (the trace replicates to administrators' devices). */
function recordedHeaders(headers: WebhookDelivery['headers']): Values {
  return maskHeaders(
    Object.fromEntries(
      Object.entries(headers)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    ),
  );
}

function tokenMatches(token: string | null, tokenHash: string): boolean {
  if (!token) return false;
  const expected = Buffer.from(tokenHash, 'hex');
  const given = sha256(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const fail = (status: number, code: string, message: string): WebhookAnswer => ({ status, body: { code, message }, replayed: false });

export async function receiveWebhook(db: Kysely<Database>, delivery: WebhookDelivery): Promise<WebhookAnswer> {
  const webhook = await db
    .selectFrom('webhooks')
    .select(['id', 'workspace_id', 'token_hash'])
    .where('id', '=', delivery.webhookId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!webhook) return fail(404, 'not-found', 'Webhook not found');

  const authorised = tokenMatches(delivery.token, webhook.token_hash);
  const events = authorised
    ? await db
        .selectFrom('events')
        .innerJoin('apps', 'apps.id', 'events.app_id')
        .select(['events.id', 'events.app_id', 'events.is_active', 'apps.is_active as appActive'])
        .where('events.webhook_id', '=', webhook.id)
        .where('events.deleted', '=', false)
        .where('apps.deleted', '=', false)
        .execute()
    : [];
  const active = events.filter((e) => e.is_active && e.appActive);
  const plans = (await Promise.all(active.map(async (e) => ({ eventId: e.id, plan: await planStart(db, e.app_id) })))).filter(
    (p): p is { eventId: string; plan: StartPlan } => p.plan !== null,
  );
  const values: Values = isPlainObject(delivery.body) ? delivery.body : delivery.body === undefined || delivery.body === null ? {} : { payload: delivery.body as JsonValue };

  return withWorkspaceWrite(db, webhook.workspace_id, async (tx, rev) => {
    const ctx: WriteContext = { tx, rev, actor: engineActor(webhook.workspace_id), now: delivery.receivedAt };
    const record = (answer: WebhookAnswer, extra: { eventId?: string | null; instanceId?: string | null; key?: string | null }) =>
      recordExecution(tx, ctx, webhook, delivery, answer, extra);

    if (!authorised) {
      const answer = fail(401, 'invalid-token', 'Invalid webhook token');
      await record(answer, {});
      return answer;
    }
    if (delivery.refusal) {
      const answer = fail(delivery.refusal.status, delivery.refusal.code, delivery.refusal.message);
      await record(answer, {});
      return answer;
    }
    if (delivery.idempotencyKey) {
      const previous = await tx
        .selectFrom('webhook_executions')
        .select(['response_status', 'response_body'])
        .where('webhook_id', '=', webhook.id)
        .where('idempotency_key', '=', delivery.idempotencyKey)
        .executeTakeFirst();
      if (previous) {
        const body = isPlainObject(previous.response_body) ? previous.response_body : {};
        return { status: previous.response_status ?? 202, body, replayed: true };
      }
    }
    if (events.length === 0) {
      const answer = fail(409, 'no-event', 'No event uses this webhook');
      await record(answer, {});
      return answer;
    }
    if (active.length === 0) {
      const answer = fail(409, 'event-inactive', "The webhook's event or its app is inactive");
      await record(answer, { eventId: events[0]?.id ?? null });
      return answer;
    }
    const runnable = plans.filter((p) => p.plan.graph?.some((s) => s.nodeType === 'start'));
    if (runnable.length === 0) {
      const answer = fail(409, 'no-runnable-flow', "The app's workflow has no start stage to run");
      await record(answer, { eventId: active[0]?.id ?? null });
      return answer;
    }
    const instanceIds: string[] = [];
    for (const { eventId, plan } of runnable) {
      const started = await startInstance(ctx, { app: plan.app, eventId, graph: plan.graph, caseTypeId: plan.caseTypeId, values });
      instanceIds.push(started.instanceId);
    }
    const answer: WebhookAnswer = {
      status: 202,
      body: { instanceId: instanceIds[0] ?? null, instanceIds, status: 'UNPROCESSED' },
      replayed: false,
    };
    await record(answer, { eventId: runnable[0]?.eventId ?? null, instanceId: instanceIds[0] ?? null, key: delivery.idempotencyKey });
    return answer;
  });
}

async function recordExecution(
  tx: WorkspaceTx,
  ctx: WriteContext,
  webhook: { id: string; workspace_id: string },
  delivery: WebhookDelivery,
  answer: WebhookAnswer,
  extra: { eventId?: string | null; instanceId?: string | null; key?: string | null },
) {
  const ok = answer.status < 400;
  await tx
    .insertInto('webhook_executions')
    .values({
      id: `whx-${randomUUID()}`,
      workspace_id: webhook.workspace_id,
      webhook_id: webhook.id,
      event_id: extra.eventId ?? null,
      instance_id: extra.instanceId ?? null,
      status: ok ? 'success' : 'error',
      request_url: maskUrl(delivery.url),
      request_method: delivery.method,
      request_headers: recordedHeaders(delivery.headers),
      // A refused body is not kept: it may hold what the database cannot (the error message names the field).
      request_body: delivery.refusal ? null : jsonParam(maskBody(delivery.body as JsonValue | undefined)),
      response_status: answer.status,
      response_headers: { 'content-type': 'application/json' },
      response_body: answer.body,
      response_time_ms: Math.max(0, Math.round(performance.now() - delivery.startedMs)),
      error_message: ok ? null : typeof answer.body.message === 'string' ? answer.body.message : null,
      idempotency_key: ok ? (extra.key ?? null) : null,
      executed_at: delivery.receivedAt,
      rev: ctx.rev,
      created_at: delivery.receivedAt,
      updated_at: delivery.receivedAt,
    })
    .execute();
}
