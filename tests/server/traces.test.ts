import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import { DEMO_WEBHOOK } from '../../server/db/seed/demoDefinitions.ts';
import { SECRET_MASK } from '../../src/domain/traces/secretMasking.ts';
import { TRACE_QUERY_MESSAGES } from '../../src/domain/traces/traceQueries.ts';
import { testBackends } from './helpers/databases.ts';
import { createOtherWorkspace, type OtherWorkspace } from './helpers/otherWorkspace.ts';
import { createTestApp, demoAccount, type TestApp } from './helpers/testApp.ts';

const backends = await testBackends();
const WS = 'ws-demo';
const HOOK_A = 'whk-demo-onboarding';
const STATUSES = ['success', 'error', 'processing'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;
/** Trace rows of this test live in June 2021, away from the demo seed's recent ones. */
const JUNE = { startDate: '2021-06-01', endDate: '2021-06-30' };
const ROWS = 60;

type Caller = { userId: string; headers: { authorization: string } };
type WebhookTrace = { id: string; webhookId: string; status: string; requestHeaders: Record<string, string>; requestBody: Record<string, unknown>; responseHeaders: Record<string, string> | null; requestUrl: string; executedAt: string; responseTime: number | null };
type WebhookPage = { data: { data: WebhookTrace[]; pagination: { total: number; page: number; limit: number } } };
type ApiTrace = { id: string; executionDate: string; requestMethod: string; requestUrl: string; status: string; duration: number | null; responseStatus: number | null; clientIp: string | null; initiatedBy: string | null; errorCode: string | null; userAgent: string | null; requestHeaders: Record<string, string>; requestBody: unknown; responseHeaders: Record<string, string> | null; responseBody: unknown };
type ApiPage = { data: { executions: ApiTrace[]; pagination: { total: number; page: number; limit: number } } };

/** Row i of June 2021: day 1 + (i % 10), hour i % 24; statuses and methods in turn; every third on the second webhook. */
const juneAt = (i: number) => new Date(Date.UTC(2021, 5, 1 + (i % 10), i % 24, i % 60));

describe.each(backends)('webhook and API traces, and POST /call-external-api, on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  let agent: Caller;
  let other: OtherWorkspace;
  let hookB: string;
  let echo: http.Server;
  let echoUrl: string;

  beforeAll(async () => {
    t = await createTestApp(backend, { ALLOW_PRIVATE_NETWORK: 'true', API_TIMEOUT_MS: '1500' });
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    other = await createOtherWorkspace(t);
    hookB = 'whk-trace-second';
    await withWorkspaceWrite(t.handle.db, WS, async (tx, rev) => {
      const demoHook = await tx.selectFrom('webhooks').selectAll().where('id', '=', HOOK_A).executeTakeFirstOrThrow();
      await tx.insertInto('webhooks').values({ ...demoHook, id: hookB, name: 'Second hook', url: `/hooks/${hookB}`, rev }).execute();
      const webhookRows = Array.from({ length: ROWS }, (_, i) => ({
        id: `whx-trace-${String(i).padStart(3, '0')}`,
        workspace_id: WS,
        webhook_id: i % 3 === 2 ? hookB : HOOK_A,
        status: STATUSES[i % 3]!,
        request_url: `/hooks/${HOOK_A}?token=plain-${i}`,
        request_method: 'POST',
        request_headers: { authorization: 'Bearer secret-value', 'x-webhook-token': 'tok', 'content-type': 'application/json' },
        request_body: { order: i, credentials: { apiToken: 'deep-secret', user: 'ada' } },
        response_status: 200,
        response_headers: { 'set-cookie': 'sid=1', 'content-type': 'application/json' },
        response_body: { ok: true },
        response_time_ms: 10 + i,
        executed_at: juneAt(i),
        rev,
      }));
      await tx.insertInto('webhook_executions').values(webhookRows).execute();
      const apiRows = Array.from({ length: ROWS }, (_, i) => ({
        id: `api-trace-${String(i).padStart(3, '0')}`,
        workspace_id: WS,
        request_method: METHODS[i % 5]!,
        request_url: `https://docs.example.com/${i % 2 === 0 ? 'invoices' : 'policies'}/${i}`,
        request_headers: { 'X-Api-Key': 'k-123', accept: 'application/json' },
        request_body: { passphrase: 'p', value: i },
        response_status: 200,
        response_headers: { 'content-type': 'application/json' },
        response_body: { refresh_token: 'r', id: i },
        status: STATUSES[i % 3]!,
        duration_ms: i,
        initiated_by: 'engine',
        executed_at: juneAt(i),
        rev,
      }));
      await tx.insertInto('external_api_executions').values(apiRows).execute();
    });
    await withWorkspaceWrite(t.handle.db, other.workspaceId, async (tx, rev) => {
      await tx
        .insertInto('webhook_executions')
        .values({ id: 'whx-other-1', workspace_id: other.workspaceId, webhook_id: other.ids.webhook, status: 'success', request_url: '/hooks/x', executed_at: juneAt(0), rev })
        .execute();
      await tx
        .insertInto('external_api_executions')
        .values({ id: 'api-other-1', workspace_id: other.workspaceId, request_method: 'GET', request_url: 'https://other.example/x', status: 'success', executed_at: juneAt(0), rev })
        .execute();
    });
    echo = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.url === '/slow') return void setTimeout(() => response.end('late'), 3000);
        response.writeHead(request.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'set-cookie': 'session=abc', 'x-echo': 'yes' });
        response.end(JSON.stringify({ method: request.method, url: request.url, received: body ? (JSON.parse(body) as unknown) : null, accessToken: 'issued' }));
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    echo?.closeAllConnections();
    await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(null)));
    await t?.close();
  });

  const get = (who: Caller, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const qs = (query: Record<string, string | number | undefined>) => new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))).toString();
  const hooks = async (query: Record<string, string | number>, who: Caller = admin) => {
    const reply = await get(who, `/webhooks/executions/${WS}?${qs(query)}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<WebhookPage>().data;
  };
  const apis = async (query: Record<string, string | number>) => {
    const reply = await get(admin, `/external-api-executions?${qs(query)}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json<ApiPage>().data;
  };
  const expected = (keep: (i: number) => boolean) =>
    Array.from({ length: ROWS }, (_, i) => i)
      .filter(keep)
      .sort((a, b) => juneAt(b).getTime() - juneAt(a).getTime() || b - a);

  describe('GET /webhooks/executions/{workspaceId}', () => {
    it('answers a date range newest first, 50 a page by default, with the total', async () => {
      const page = await hooks(JUNE);
      expect(page.pagination).toEqual({ total: ROWS, page: 1, limit: 50 });
      expect(page.data.map((r) => r.id)).toEqual(expected(() => true).slice(0, 50).map((i) => `whx-trace-${String(i).padStart(3, '0')}`));
      expect(Object.keys(page.data[0]!).sort()).toEqual(
        ['id', 'webhookId', 'status', 'responseStatus', 'requestUrl', 'requestMethod', 'requestHeaders', 'requestBody', 'responseHeaders', 'responseBody', 'responseTime', 'errorMessage', 'executedAt'].sort(),
      );
    });

    it('pages through 25 at a time without a row twice or missing', async () => {
      const pages = await Promise.all([1, 2, 3].map((p) => hooks({ ...JUNE, limit: 25, page: p })));
      expect(pages.map((p) => p.data.length)).toEqual([25, 25, 10]);
      expect(pages.every((p) => p.pagination.total === ROWS)).toBe(true);
      const ids = pages.flatMap((p) => p.data.map((r) => r.id));
      expect(new Set(ids).size).toBe(ROWS);
      expect((await hooks({ ...JUNE, page: 9 })).data).toEqual([]);
    });

    it('filters by status, by webhook, by one day (endDate inclusive), and all together', async () => {
      const errors = await hooks({ ...JUNE, status: 'error', limit: 100 });
      expect(errors.pagination.total).toBe(expected((i) => i % 3 === 1).length);
      expect(errors.data.every((r) => r.status === 'error')).toBe(true);
      const second = await hooks({ ...JUNE, webhookId: hookB, limit: 100 });
      expect(second.data.map((r) => r.id)).toEqual(expected((i) => i % 3 === 2).map((i) => `whx-trace-${String(i).padStart(3, '0')}`));
      const oneDay = await hooks({ startDate: '2021-06-03', endDate: '2021-06-03', limit: 100 });
      expect(oneDay.pagination.total).toBe(expected((i) => i % 10 === 2).length);
      expect(oneDay.data.every((r) => r.executedAt.startsWith('2021-06-03'))).toBe(true);
      const all = await hooks({ startDate: '2021-06-03', endDate: '2021-06-05', status: 'processing', webhookId: hookB, limit: 100 });
      const keep = (i: number) => i % 3 === 2 && [2, 3, 4].includes(i % 10);
      expect(all.data.map((r) => r.id)).toEqual(expected(keep).map((i) => `whx-trace-${String(i).padStart(3, '0')}`));
      expect(all.pagination.total).toBe(expected(keep).length);
    });

    it('masks secret headers, body fields at any depth, and secret URL parameters', async () => {
      const [row] = (await hooks({ ...JUNE, limit: 25 })).data;
      expect(row!.requestHeaders).toEqual({ authorization: SECRET_MASK, 'x-webhook-token': SECRET_MASK, 'content-type': 'application/json' });
      expect(row!.requestBody).toMatchObject({ credentials: { apiToken: SECRET_MASK, user: 'ada' } });
      expect(row!.responseHeaders).toEqual({ 'set-cookie': SECRET_MASK, 'content-type': 'application/json' });
      expect(row!.requestUrl).toMatch(new RegExp(`\\?token=${SECRET_MASK}$`));
      const reply = await get(admin, `/webhooks/executions/${WS}?${qs({ ...JUNE, limit: 100 })}`);
      expect(reply.body).not.toMatch(/secret-value|deep-secret|plain-\d/);
    });

    it('shows a real delivery to POST /hooks/{id} first, its token masked', async () => {
      const delivered = await t.app.inject({
        method: 'POST',
        url: `/hooks/${DEMO_WEBHOOK.id}`,
        headers: { 'x-webhook-token': DEMO_WEBHOOK.token, 'x-request-id': 'trace-delivery' },
        payload: { customerName: 'Ana', apiSecret: 'in-the-body' },
      });
      expect(delivered.statusCode, delivered.body).toBeLessThan(300);
      const today = new Date().toISOString().slice(0, 10);
      const page = await hooks({ webhookId: DEMO_WEBHOOK.id, startDate: today, endDate: today, limit: 25 });
      const [latest] = page.data;
      expect(latest).toMatchObject({ webhookId: DEMO_WEBHOOK.id, requestMethod: 'POST', requestBody: { customerName: 'Ana', apiSecret: SECRET_MASK } });
      expect(latest!.requestHeaders['x-webhook-token']).toBe(SECRET_MASK);
      const raw = await get(admin, `/webhooks/executions/${WS}?${qs({ webhookId: DEMO_WEBHOOK.id, limit: 100 })}`);
      expect(raw.body).not.toContain(DEMO_WEBHOOK.token);
      expect(raw.body).not.toContain('in-the-body');
    });

    it('shows no other workspace: its traces are "not found" and never among ours', async () => {
      const reply = await get(admin, `/webhooks/executions/${other.workspaceId}`);
      expect(reply.statusCode).toBe(404);
      const theirs = await t.app.inject({ method: 'GET', url: `/webhooks/executions/${WS}`, headers: other.admin.headers });
      expect(theirs.statusCode).toBe(404);
      const own = await t.app.inject({ method: 'GET', url: `/webhooks/executions/${other.workspaceId}?${qs(JUNE)}`, headers: other.admin.headers });
      expect(own.json<WebhookPage>().data.data.map((r) => r.id)).toEqual(['whx-other-1']);
      expect((await hooks({ ...JUNE, limit: 100 })).data.some((r) => r.id === 'whx-other-1')).toBe(false);
    });

    it('refuses a NORMAL user and an unsigned caller', async () => {
      expect((await get(agent, `/webhooks/executions/${WS}`)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/webhooks/executions/${WS}` })).statusCode).toBe(401);
    });

    it.each([
      [{ startDate: '2021-06-01' }, TRACE_QUERY_MESSAGES.bothDates],
      [{ endDate: '2021-06-01' }, TRACE_QUERY_MESSAGES.bothDates],
      [{ startDate: '2021-06-31', endDate: '2021-07-01' }, TRACE_QUERY_MESSAGES.dateFormat],
      [{ startDate: '2021-06-05', endDate: '2021-06-01' }, TRACE_QUERY_MESSAGES.dateOrder],
      [{ limit: 10 }, TRACE_QUERY_MESSAGES.pageSize],
      [{ page: 0 }, 'page must be 1 or more'],
      [{ status: 'failed' }, 'status'],
      [{ webhookId: "x' or 1=1" }, 'webhookId'],
    ])('answers 400 {code, message} for %j', async (query, words) => {
      const reply = await get(admin, `/webhooks/executions/${WS}?${qs(query)}`);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'invalid-request' });
      expect(reply.json<{ message: string }>().message).toContain(words);
    });

    it('takes the furthest dates and pages without a 500', async () => {
      expect((await get(admin, `/webhooks/executions/${WS}?${qs({ startDate: '0001-01-01', endDate: '9999-12-31' })}`)).statusCode).toBe(200);
      expect((await get(admin, `/webhooks/executions/${WS}?${qs({ page: 1_000_000, limit: 100 })}`)).json<WebhookPage>().data.data).toEqual([]);
    });
  });

  describe('GET /external-api-executions', () => {
    it('answers data.executions with the spec names, newest first, and the total', async () => {
      const page = await apis({ ...JUNE, limit: 25 });
      expect(page.pagination).toEqual({ total: ROWS, page: 1, limit: 25 });
      expect(page.executions.map((r) => r.id)).toEqual(expected(() => true).slice(0, 25).map((i) => `api-trace-${String(i).padStart(3, '0')}`));
      expect(Object.keys(page.executions[0]!).sort()).toEqual(
        ['id', 'executionDate', 'requestMethod', 'requestUrl', 'status', 'duration', 'responseStatus', 'clientIp', 'initiatedBy', 'errorMessage', 'errorCode', 'userAgent', 'requestHeaders', 'requestBody', 'responseHeaders', 'responseBody'].sort(),
      );
      expect(page.executions[0]).toMatchObject({ requestHeaders: { 'X-Api-Key': SECRET_MASK, accept: 'application/json' }, requestBody: { passphrase: SECRET_MASK }, responseBody: { refresh_token: SECRET_MASK } });
    });

    it('filters by status, methods, url substring, dates, and all together', async () => {
      const errors = await apis({ ...JUNE, status: 'error', limit: 100 });
      expect(errors.pagination.total).toBe(expected((i) => i % 3 === 1).length);
      const methods = await apis({ ...JUNE, method: 'GET,patch', limit: 100 });
      expect(methods.pagination.total).toBe(expected((i) => i % 5 === 0 || i % 5 === 4).length);
      expect(new Set(methods.executions.map((r) => r.requestMethod))).toEqual(new Set(['GET', 'PATCH']));
      const invoices = await apis({ ...JUNE, url: 'INVOICES/', limit: 100 });
      expect(invoices.pagination.total).toBe(ROWS / 2);
      expect((await apis({ ...JUNE, url: '%' })).pagination.total).toBe(0);
      const all = await apis({ startDate: '2021-06-01', endDate: '2021-06-05', status: 'success', method: 'GET,POST,PUT', url: 'policies', limit: 100 });
      const keep = (i: number) => i % 3 === 0 && i % 5 <= 2 && i % 2 === 1 && i % 10 <= 4;
      expect(all.executions.map((r) => r.id)).toEqual(expected(keep).map((i) => `api-trace-${String(i).padStart(3, '0')}`));
    });

    it("never shows another workspace's calls, and refuses a NORMAL user", async () => {
      expect((await apis({ ...JUNE, limit: 100 })).executions.some((r) => r.id === 'api-other-1')).toBe(false);
      const theirs = await t.app.inject({ method: 'GET', url: `/external-api-executions?${qs(JUNE)}`, headers: other.admin.headers });
      expect(theirs.json<ApiPage>().data.executions.map((r) => r.id)).toEqual(['api-other-1']);
      expect((await get(agent, '/external-api-executions')).statusCode).toBe(403);
    });

    it.each([{ method: 'HEAD' }, { startDate: '2021-06-01' }, { limit: 'all' }, { page: '-3' }, { status: 'ok' }])('answers 400 for %j', async (query) => {
      const reply = await get(admin, `/external-api-executions?${qs(query)}`);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'invalid-request' });
    });
  });

  describe('POST /call-external-api', () => {
    const callAs = (who: Caller, payload: object, userAgent = 'trace-test/1.0') =>
      t.app.inject({ method: 'POST', url: '/call-external-api', headers: { ...who.headers, 'user-agent': userAgent }, payload });
    const row = (id: string) => t.handle.db.selectFrom('external_api_executions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('any signed-in user calls out; the answer passes back and the call is a trace row with duration and masked secrets', async () => {
      const reply = await callAs(agent, { url: `${echoUrl}/documents/42?x=1`, verb: 'post', body: { lookup: 'DOC-42', token: 'caller-secret' } });
      expect(reply.statusCode, reply.body).toBe(200);
      const answer = reply.json<{ executionId: string; status: number; headers: Record<string, string>; body: { method: string; received: unknown }; duration: number }>();
      expect(answer).toMatchObject({ status: 200, body: { method: 'POST', url: '/documents/42?x=1', received: { lookup: 'DOC-42', token: 'caller-secret' } } });
      expect(answer.headers['x-echo']).toBe('yes');
      const stored = await row(answer.executionId);
      expect(stored).toMatchObject({ workspace_id: WS, request_method: 'POST', status: 'success', response_status: 200, initiated_by: agent.userId, user_agent: 'trace-test/1.0', rev: expect.any(Number), instance_id: null });
      expect(stored.client_ip).toBeTruthy();
      expect(stored.duration_ms).toBeGreaterThanOrEqual(0);
      expect(stored.request_body).toEqual({ lookup: 'DOC-42', token: SECRET_MASK });
      const traced = (await apis({ url: '/documents/42', limit: 25 })).executions.find((e) => e.id === answer.executionId);
      expect(traced).toMatchObject({ requestMethod: 'POST', status: 'success', duration: stored.duration_ms, initiatedBy: agent.userId, userAgent: 'trace-test/1.0', responseHeaders: { 'set-cookie': SECRET_MASK, 'x-echo': 'yes' }, responseBody: { accessToken: SECRET_MASK } });
    });

    it("passes an error answer back and records it as an error with the service's status", async () => {
      const reply = await callAs(admin, { url: `${echoUrl}/missing`, verb: 'GET' });
      expect(reply.statusCode).toBe(200);
      const answer = reply.json<{ executionId: string; status: number }>();
      expect(answer.status).toBe(404);
      expect(await row(answer.executionId)).toMatchObject({ status: 'error', response_status: 404, error_code: 'HTTP_404' });
    });

    it('a service slower than the timeout answers 504 and is recorded as a timeout', async () => {
      const before = (await apis({ url: '/slow', status: 'error' })).pagination.total;
      const reply = await callAs(admin, { url: `${echoUrl}/slow`, verb: 'GET' });
      expect(reply.statusCode).toBe(504);
      expect(reply.json()).toMatchObject({ code: 'external-timeout' });
      const after = await apis({ url: '/slow', status: 'error' });
      expect(after.pagination.total).toBe(before + 1);
      expect(after.executions[0]).toMatchObject({ errorCode: 'TIMEOUT' });
    });

    it.each([
      [{ url: 'ftp://example.com/x', verb: 'GET' }],
      [{ url: 'not a url', verb: 'GET' }],
      [{ url: 'https://example.com', verb: 'TRACE' }],
      [{ verb: 'GET' }],
      [{ url: 'https://example.com' }],
    ])('refuses %j with 400 before calling anything', async (payload) => {
      const reply = await callAs(admin, payload);
      expect(reply.statusCode, reply.body).toBe(400);
      expect(reply.json()).toMatchObject({ code: 'invalid-request' });
    });

    it('refuses an unsigned caller', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/call-external-api', payload: { url: echoUrl, verb: 'GET' } })).statusCode).toBe(401);
    });
  });
});

describe.each(backends)('POST /call-external-api without ALLOW_PRIVATE_NETWORK on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(['http://127.0.0.1:9/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://localhost:9/x'])('refuses %s with 400 and records the refusal', async (url) => {
    const agent = await t.loginAs(demoAccount('NORMAL').username);
    const reply = await t.app.inject({ method: 'POST', url: '/call-external-api', headers: agent.headers, payload: { url, verb: 'GET' } });
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ code: 'blocked-address' });
    const recorded = await t.handle.db.selectFrom('external_api_executions').selectAll().where('request_url', '=', url).execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'error', error_code: 'BLOCKED_ADDRESS', initiated_by: agent.userId, response_status: null });
  });
});

describe.each(backends)('POST /call-external-api rate limit on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { EXTERNAL_CALL_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 429 past the limit without calling or recording, per user: another user's calls still go", async () => {
    const agent = await t.loginAs(demoAccount('NORMAL').username);
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const call = (who: Caller, n: number) =>
      t.app.inject({ method: 'POST', url: '/call-external-api', headers: who.headers, payload: { url: `http://127.0.0.1:9/limit-${n}`, verb: 'GET' } });
    expect((await call(agent, 1)).statusCode).toBe(400);
    expect((await call(agent, 2)).statusCode).toBe(400);
    const refused = await call(agent, 3);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate-limited' });
    expect((await call(admin, 4)).statusCode).toBe(400);
    const recorded = await t.handle.db.selectFrom('external_api_executions').select('request_url').where('request_url', 'like', 'http://127.0.0.1:9/limit-%').orderBy('request_url').execute();
    expect(recorded.map((r) => r.request_url)).toEqual(['http://127.0.0.1:9/limit-1', 'http://127.0.0.1:9/limit-2', 'http://127.0.0.1:9/limit-4']);
  });
});
