import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_MASK } from '../../../src/domain/traces/secretMasking.ts';
import { testBackends } from '../helpers/databases.ts';
import { createEngineTest, stage, type EngineTest } from './engineHarness.ts';

const backends = await testBackends();
const flow = [stage('start', 'start', ['end']), stage('end', 'end')];

describe.each(backends)('webhook ingress on %s', (backend) => {
  let e: EngineTest;
  let hook: { webhookId: string; token: string; eventId: string; appId: string };
  beforeAll(async () => {
    e = await createEngineTest(backend);
    hook = await e.flowApp(flow, 'Hooked app');
  });
  afterAll(async () => {
    await e?.close();
  });

  const db = () => e.t.handle.db;
  const count = async (table: 'instances' | 'webhook_executions', webhookOrApp: string) =>
    table === 'instances'
      ? (await db().selectFrom('instances').select('id').where('app_id', '=', webhookOrApp).execute()).length
      : (await db().selectFrom('webhook_executions').select('id').where('webhook_id', '=', webhookOrApp).execute()).length;

  it('the same delivery twice with one Idempotency-Key starts one instance and answers the same', async () => {
    const before = await count('instances', hook.appId);
    const first = await e.hook(hook.webhookId, hook.token, { order: 1 }, { 'idempotency-key': 'order-1' });
    const second = await e.hook(hook.webhookId, hook.token, { order: 1 }, { 'idempotency-key': 'order-1' });
    expect(first.statusCode).toBe(202);
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count('instances', hook.appId)).toBe(before + 1);
    const execution = await db().selectFrom('webhook_executions').selectAll().where('idempotency_key', '=', 'order-1').executeTakeFirstOrThrow();
    expect(execution).toMatchObject({ status: 'success', response_status: 202, request_method: 'POST', request_body: { order: 1 }, instance_id: first.json().instanceId });
    expect(execution.request_headers).toMatchObject({ authorization: SECRET_MASK });
    expect(execution.response_time_ms).toBeGreaterThanOrEqual(0);
  });

  it('ten concurrent deliveries of one key start exactly one instance', async () => {
    const before = await count('instances', hook.appId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => e.hook(hook.webhookId, hook.token, { n: 2 }, { 'idempotency-key': 'burst' })));
    expect(new Set(answers.map((a) => a.json().instanceId)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 202)).toBe(true);
    expect(await count('instances', hook.appId)).toBe(before + 1);
  });

  it('different keys start different instances; the x-webhook-token header works as well', async () => {
    const a = await e.t.app.inject({ method: 'POST', url: `/hooks/${hook.webhookId}`, headers: { 'x-webhook-token': hook.token, 'idempotency-key': 'k-a' }, payload: {} });
    const b = await e.hook(hook.webhookId, hook.token, {}, { 'idempotency-key': 'k-b' });
    expect(a.statusCode).toBe(202);
    expect(a.json().instanceId).not.toBe(b.json().instanceId);
  });

  it('a wrong or missing token gets 401, records a failed execution and starts nothing', async () => {
    const instances = await count('instances', hook.appId);
    const executions = await count('webhook_executions', hook.webhookId);
    const wrong = await e.hook(hook.webhookId, 'not-the-token', { x: 1 }, { 'idempotency-key': 'bad-1' });
    const missing = await e.t.app.inject({ method: 'POST', url: `/hooks/${hook.webhookId}`, payload: {} });
    for (const answer of [wrong, missing]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: 'invalid-token', message: 'Invalid webhook token' });
    }
    expect(await count('instances', hook.appId)).toBe(instances);
    expect(await count('webhook_executions', hook.webhookId)).toBe(executions + 2);
    const failed = await db().selectFrom('webhook_executions').selectAll().where('webhook_id', '=', hook.webhookId).where('status', '=', 'error').execute();
    expect(failed.map((f) => f.response_status)).toEqual([401, 401]);
    expect(failed.every((f) => f.idempotency_key === null && f.error_message === 'Invalid webhook token')).toBe(true);
    // The refused key did not take the key: the right token with it now starts an instance.
    expect((await e.hook(hook.webhookId, hook.token, { x: 1 }, { 'idempotency-key': 'bad-1' })).statusCode).toBe(202);
  });

  it('an unknown webhook is 404; an inactive event is 409 and recorded', async () => {
    expect((await e.hook('whk-nope', hook.token)).statusCode).toBe(404);
    await e.t.app.inject({ method: 'PATCH', url: `/events/${hook.eventId}`, headers: e.admin, payload: { isActive: false } });
    const refused = await e.hook(hook.webhookId, hook.token, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('event-inactive');
    await e.t.app.inject({ method: 'PATCH', url: `/events/${hook.eventId}`, headers: e.admin, payload: { isActive: true } });
    expect((await e.hook(hook.webhookId, hook.token, {})).statusCode).toBe(202);
  });

  it('a non-JSON body is accepted and kept as text', async () => {
    const answer = await e.t.app.inject({
      method: 'POST',
      url: `/hooks/${hook.webhookId}`,
      headers: { authorization: `Bearer ${hook.token}`, 'content-type': 'text/plain' },
      payload: 'plain words',
    });
    expect(answer.statusCode).toBe(202);
    const run = await db().selectFrom('instances').select('values').where('id', '=', answer.json().instanceId).executeTakeFirstOrThrow();
    expect(run.values).toEqual({ payload: 'plain words' });
  });

  it.each([
    ['a NUL in a value', 'application/json', '{"name":"Ana\\u0000"}', 'body.name contains a NUL character'],
    ['a lone surrogate in a key', 'application/json', '{"\\ud800":1}', 'contains an unpaired UTF-16 surrogate'],
    ['100,000 nested arrays', 'application/json', '['.repeat(100_000) + ']'.repeat(100_000), 'nested more than 32 levels deep'],
    ['2,000 nested objects', 'application/json', '{"a":'.repeat(2_000) + '1' + '}'.repeat(2_000), 'nested more than 32 levels deep'],
    ['text that is not JSON', 'application/json', '{"name": ', 'not valid JSON'],
    ['a NUL in plain text', 'text/plain', 'plain\u0000words', 'body contains a NUL character'],
  ])('a body with %s is a 400 naming the problem, recorded in the trace, and starts nothing', async (_what, contentType, payload, message) => {
    const instances = await count('instances', hook.appId);
    const executions = await count('webhook_executions', hook.webhookId);
    const answer = await e.t.app.inject({
      method: 'POST',
      url: `/hooks/${hook.webhookId}`,
      headers: { authorization: `Bearer ${hook.token}`, 'content-type': contentType },
      payload,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().message).toContain(message);
    expect(await count('instances', hook.appId)).toBe(instances);
    expect(await count('webhook_executions', hook.webhookId)).toBe(executions + 1);
    const recorded = await db()
      .selectFrom('webhook_executions')
      .select(['status', 'response_status', 'request_body', 'error_message'])
      .where('webhook_id', '=', hook.webhookId)
      .orderBy('executed_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(recorded).toMatchObject({ status: 'error', response_status: 400, request_body: null });
    expect(recorded.error_message).toContain(message);
  });

  it('a body over the 1 MB limit is a 413, recorded in the trace as well', async () => {
    const executions = await count('webhook_executions', hook.webhookId);
    const answer = await e.hook(hook.webhookId, hook.token, { filler: 'x'.repeat(1_100_000) });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ code: 'payload-too-large', message: 'The request body is too large' });
    expect(await count('webhook_executions', hook.webhookId)).toBe(executions + 1);
    const unknown = await e.hook('whk-nobody-here', hook.token, { filler: 'x'.repeat(1_100_000) });
    expect(unknown.statusCode).toBe(404);
  });

  it('generateToken needs a passphrase longer than 3 characters; generateUrl hands out a /hooks URL', async () => {
    const short = await e.t.app.inject({ method: 'POST', url: '/webhooks/generateToken', headers: e.admin, payload: { username: 'a', password: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('The passphrase must be longer than 3 characters');
    const ok = await e.t.app.inject({ method: 'POST', url: '/webhooks/generateToken', headers: e.admin, payload: { username: 'a', password: 'abcd' } });
    expect(ok.json().token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const url = await e.t.app.inject({ method: 'POST', url: '/webhooks/generateUrl', headers: e.admin, payload: {} });
    expect(url.json().url).toMatch(/\/hooks\/whk-[0-9a-f-]+$/);
  });
});
