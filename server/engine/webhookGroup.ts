import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { maskBody, maskHeaders, maskUrl } from '../../src/domain/traces/secretMasking.ts';
import type { WebhookExecutionsTable } from '../db/domainTables.ts';
import { withWorkspaceWrite, type WorkspaceTx } from '../db/revisions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { WriteContext } from '../services/context.ts';
import type { Settled } from './groupCommit.ts';
import type { StartInput } from './instanceStart.ts';
import { isPlainObject, jsonParam, type Values } from './instanceModel.ts';
import { engineActor } from './stageCommit.ts';
import { fail, type PreparedDelivery, type StartInstances, type WebhookAnswer, type WebhookDelivery } from './webhookIngress.ts';

/**
 * One group of webhook deliveries of a workspace in one revision transaction. Idempotency keys already used are
 * read once for the whole group; a key used earlier in the same group is answered as a replay of that delivery.
 *
 * First the whole group is written together in one transaction: every decision is made in memory (instance ids
 * are chosen up front, so answers and replays are known), then each table gets one statement. If that throws, the
 * transaction is rolled back and the group is written again in a new one, a delivery at a time, each in a savepoint:
 * an exception then rolls back that delivery's rows only, and it is answered and recorded as an error while the
 * others commit. Either way no delivery is half written, and every row of the group carries its one revision.
 */
type Taken = Map<string, WebhookAnswer>;
type TraceExtra = { eventId?: string | null; instanceId?: string | null; key?: string | null };
type Decision = { answer: WebhookAnswer; trace: TraceExtra | null; starts: StartInput[]; key: string | null };

const keyOf = (webhookId: string, key: string) => `${webhookId} ${key}`;
const statement = (tx: WorkspaceTx, text: string) => sql.raw(text).execute(tx);

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

/** The answer the route's error handling would give for this exception: an ApiError as itself, anything else a 500. */
function errorAnswer(error: unknown, requestId: string | undefined): WebhookAnswer {
  if (error instanceof ApiError) return fail(error.statusCode, error.code, error.message);
  return { ...fail(500, 'internal', `Internal server error${requestId ? ` (request ${requestId})` : ''}`), fault: error };
}

/** Keys of the group's deliveries that earlier deliveries already took, with the answers they were given. */
async function takenKeys(tx: WorkspaceTx, group: readonly PreparedDelivery[]): Promise<Taken> {
  const keyed = group.filter((p) => p.authorised && !p.delivery.refusal && p.delivery.idempotencyKey);
  const taken: Taken = new Map();
  if (keyed.length === 0) return taken;
  const rows = await tx
    .selectFrom('webhook_executions')
    .select(['webhook_id', 'idempotency_key', 'response_status', 'response_body'])
    .where('webhook_id', 'in', [...new Set(keyed.map((p) => p.webhook.id))])
    .where('idempotency_key', 'in', [...new Set(keyed.map((p) => p.delivery.idempotencyKey ?? ''))])
    .execute();
  for (const row of rows) {
    if (row.idempotency_key === null) continue;
    const body = isPlainObject(row.response_body) ? row.response_body : {};
    taken.set(keyOf(row.webhook_id, row.idempotency_key), { status: row.response_status ?? 202, body, replayed: false });
  }
  return taken;
}

/** Today's decisions for one delivery, made in memory; the starts and the trace row are written by the caller. */
function decide(prepared: PreparedDelivery, taken: Taken): Decision {
  const { delivery, webhook, events, active, plans, values } = prepared;
  const refuse = (answer: WebhookAnswer, extra: TraceExtra = {}): Decision => ({ answer, trace: extra, starts: [], key: null });
  if (!prepared.authorised) return refuse(fail(401, 'invalid-token', 'Invalid webhook token'));
  if (delivery.refusal) return refuse(fail(delivery.refusal.status, delivery.refusal.code, delivery.refusal.message));
  const key = delivery.idempotencyKey ? keyOf(webhook.id, delivery.idempotencyKey) : null;
  const previous = key ? taken.get(key) : undefined;
  if (previous) return { answer: { ...previous, replayed: true }, trace: null, starts: [], key: null };
  if (events.length === 0) return refuse(fail(409, 'no-event', 'No event uses this webhook'));
  if (active.length === 0) return refuse(fail(409, 'event-inactive', "The webhook's event or its app is inactive"), { eventId: events[0]?.id ?? null });
  const runnable = plans.filter((p) => p.plan.graph?.some((s) => s.nodeType === 'start'));
  if (runnable.length === 0) {
    return refuse(fail(409, 'no-runnable-flow', "The app's workflow has no start stage to run"), { eventId: active[0]?.id ?? null });
  }
  const starts = runnable.map(({ eventId, plan }): StartInput => ({
    id: `inst-${randomUUID()}`,
    app: plan.app,
    eventId,
    graph: plan.graph,
    caseTypeId: plan.caseTypeId,
    values,
  }));
  const instanceIds = starts.map((s) => s.id ?? null);
  const answer: WebhookAnswer = { status: 202, body: { instanceId: instanceIds[0] ?? null, instanceIds, status: 'UNPROCESSED' }, replayed: false };
  return { answer, trace: { eventId: runnable[0]?.eventId ?? null, instanceId: instanceIds[0] ?? null, key: delivery.idempotencyKey }, starts, key };
}

export async function commitWebhookGroup(
  db: Kysely<Database>,
  workspaceId: string,
  group: readonly PreparedDelivery[],
  start: StartInstances,
): Promise<Settled<WebhookAnswer>[]> {
  // One clock for the group: its rows share a revision, and none is stamped before its last delivery arrived.
  const now = new Date(Math.max(...group.map((p) => p.delivery.receivedAt.getTime())));
  const write = (each: typeof writeTogether) =>
    withWorkspaceWrite(db, workspaceId, async (tx, rev) => {
      const ctx: WriteContext = { tx, rev, actor: engineActor(workspaceId), now };
      return each(ctx, group, await takenKeys(tx, group), start);
    });
  if (group.length > 1) {
    try {
      return await write(writeTogether);
    } catch {
      // A delivery threw: that transaction rolled back whole, its revision with it, so the next one takes the same
      // number. The group is written again, one delivery at a time.
    }
  }
  return write(writeOneByOne);
}

async function writeTogether(ctx: WriteContext, group: readonly PreparedDelivery[], taken: Taken, start: StartInstances): Promise<Settled<WebhookAnswer>[]> {
  const decisions = group.map((prepared) => {
    const decision = decide(prepared, taken);
    if (decision.key) taken.set(decision.key, decision.answer);
    return decision;
  });
  await start(
    ctx,
    decisions.flatMap((d) => d.starts),
  );
  const traces = group.flatMap((prepared, i) => {
    const { answer, trace } = decisions[i] ?? {};
    return answer && trace ? [executionRow(ctx, prepared, answer, trace)] : [];
  });
  if (traces.length > 0) await ctx.tx.insertInto('webhook_executions').values(traces).execute();
  return decisions.map((d) => ({ ok: true, value: d.answer }));
}

async function writeOneByOne(ctx: WriteContext, group: readonly PreparedDelivery[], taken: Taken, start: StartInstances): Promise<Settled<WebhookAnswer>[]> {
  const { tx } = ctx;
  const outcomes: Settled<WebhookAnswer>[] = [];
  for (const prepared of group) {
    await statement(tx, 'savepoint webhook_delivery');
    try {
      const decision = decide(prepared, taken);
      await start(ctx, decision.starts);
      if (decision.trace) await record(ctx, prepared, decision.answer, decision.trace);
      await statement(tx, 'release savepoint webhook_delivery');
      if (decision.key) taken.set(decision.key, decision.answer);
      outcomes.push({ ok: true, value: decision.answer });
    } catch (error) {
      await statement(tx, 'rollback to savepoint webhook_delivery');
      outcomes.push(await recordFailure(ctx, prepared, error));
    }
  }
  return outcomes;
}

/** A delivery that threw, its rows rolled back: answered as the route would, and recorded as a failed execution. */
async function recordFailure(ctx: WriteContext, prepared: PreparedDelivery, error: unknown): Promise<Settled<WebhookAnswer>> {
  const answer = errorAnswer(error, prepared.delivery.requestId);
  try {
    await record(ctx, prepared, answer, { eventId: prepared.plans[0]?.eventId ?? prepared.active[0]?.id ?? null });
    await statement(ctx.tx, 'release savepoint webhook_delivery');
    return { ok: true, value: answer };
  } catch {
    // Not even its trace row could be written: this delivery alone fails as today's code would fail it.
    await statement(ctx.tx, 'rollback to savepoint webhook_delivery; release savepoint webhook_delivery');
    return { ok: false, error };
  }
}

const record = async (ctx: WriteContext, prepared: PreparedDelivery, answer: WebhookAnswer, extra: TraceExtra) =>
  void (await ctx.tx.insertInto('webhook_executions').values(executionRow(ctx, prepared, answer, extra)).execute());

function executionRow(ctx: WriteContext, prepared: PreparedDelivery, answer: WebhookAnswer, extra: TraceExtra): Insertable<WebhookExecutionsTable> {
  const { delivery, webhook } = prepared;
  const ok = answer.status < 400;
  return {
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
  };
}
