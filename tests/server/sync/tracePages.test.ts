import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../../server/db/revisions.ts';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { SECRET_MASK } from '../../../src/domain/traces/secretMasking.ts';
import { apiTraceScope, TRACE_PAGE_KIND, tracePageId, webhookTraceScope, type TracePageDoc } from '../../../src/domain/traces/traceScope.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();
const WS = 'ws-demo';
const HOOK = 'whk-demo-onboarding';
const ROWS = 60;
/** This test's rows live in March 2022, away from the demo seed's recent ones. */
const MARCH = { startDate: '2022-03-01', endDate: '2022-03-31' };
const marchAt = (i: number) => new Date(Date.UTC(2022, 2, 1 + (i % 28), i % 24, i % 60));

type Caller = { userId: string; headers: { authorization: string } };

describe.each(backends)('trace pages pulled as replica scopes on %s', (backend) => {
  let t: TestApp;
  let admin: Caller;
  let agent: Caller;

  beforeAll(async () => {
    t = await createTestApp(backend);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    await withWorkspaceWrite(t.handle.db, WS, async (tx, rev) => {
      await tx
        .insertInto('webhook_executions')
        .values(
          Array.from({ length: ROWS }, (_, i) => ({
            id: `whx-page-${String(i).padStart(3, '0')}`,
            workspace_id: WS,
            webhook_id: HOOK,
            status: i % 2 === 0 ? ('error' as const) : ('success' as const),
            request_url: `/hooks/${HOOK}`,
            request_method: 'POST',
            // Stored unmasked here on purpose: the page masks what an older row may still hold.
            request_headers: { authorization: 'Bearer plain-secret', 'content-type': 'application/json' },
            request_body: { order: i },
            response_status: i % 2 === 0 ? 500 : 202,
            response_headers: { 'content-type': 'application/json' },
            response_body: { ok: i % 2 === 1 },
            response_time_ms: 10 + i,
            error_message: i % 2 === 0 ? 'Engine down' : null,
            idempotency_key: null,
            executed_at: marchAt(i),
            rev,
          })),
        )
        .execute();
      await tx
        .insertInto('external_api_executions')
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            id: `apx-page-${i}`,
            workspace_id: WS,
            instance_id: null,
            stage_key: null,
            request_method: i % 2 === 0 ? ('GET' as const) : ('DELETE' as const),
            request_url: `https://api.example.com/items/${i}`,
            request_headers: {},
            request_body: null,
            response_status: null,
            response_headers: null,
            response_body: null,
            status: 'error' as const,
            duration_ms: 6000,
            error_message: 'refused',
            error_code: 'ECONNREFUSED',
            initiated_by: admin.userId,
            client_ip: null,
            user_agent: null,
            executed_at: marchAt(i),
            rev,
          })),
        )
        .execute();
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const pull = (headers: Caller['headers'], query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/sync/pull?${new URLSearchParams(query)}`, headers });

  async function pageOf(scope: string) {
    const response = await pull(admin.headers, { collection: 'runs', scope, limit: '500' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<PullResponse>();
    const page = body.documents.find((d) => d.kind === TRACE_PAGE_KIND) as unknown as TracePageDoc;
    const rows = body.documents.filter((d) => d.kind !== TRACE_PAGE_KIND);
    return { body, page, rows };
  }

  async function restWebhookPage(query: Record<string, string>) {
    const response = await t.app.inject({ method: 'GET', url: `/webhooks/executions/${WS}?${new URLSearchParams(query)}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { data: Array<{ id: string }>; pagination: { total: number } } }>().data;
  }

  it('a webhook page scope answers exactly that page: its rows in order and one page document naming them', async () => {
    for (const page of [1, 2, 3]) {
      const scope = webhookTraceScope({ status: 'error', webhookId: HOOK, ...MARCH, page, limit: 25 });
      const { body, page: doc, rows } = await pageOf(scope);
      const expected = await restWebhookPage({ status: 'error', webhookId: HOOK, ...MARCH, page: String(page), limit: '25' });
      expect(rows.map((r) => r.id)).toEqual(expected.data.map((r) => r.id));
      expect(rows.length).toBe(page === 2 ? 5 : page === 1 ? 25 : 0);
      expect(rows.every((r) => r.kind === 'webhookExecution' && r.status === 'error')).toBe(true);
      expect(doc).toMatchObject({ id: tracePageId(scope), scope, traceKind: 'webhook', rowIds: expected.data.map((r) => r.id), total: 30, page, limit: 25 });
      expect(Math.abs(doc.readAt - Date.now())).toBeLessThan(60_000);
      expect(body.documents).toHaveLength(rows.length + 1);
      expect(body.reset).toBe(false);
    }
  });

  it('the rows of a page are masked', async () => {
    const { rows } = await pageOf(webhookTraceScope({ ...MARCH, page: 1, limit: 25 }));
    expect(rows.length).toBe(25);
    for (const row of rows) expect((row.requestHeaders as Record<string, string>).authorization).toBe(SECRET_MASK);
  });

  it('an API calls page scope filters by status, methods and url like the trace call', async () => {
    const scope = apiTraceScope({ status: 'error', methods: ['DELETE'], url: 'api.example.com/items', ...MARCH, page: 1, limit: 50 });
    const { page, rows } = await pageOf(scope);
    expect(rows.map((r) => r.id).sort()).toEqual(['apx-page-1', 'apx-page-3', 'apx-page-5', 'apx-page-7']);
    expect(rows.every((r) => r.kind === 'apiExecution' && r.requestMethod === 'DELETE')).toBe(true);
    expect(page.total).toBe(4);
  });

  it('reading the same page again answers a page document that replaces the earlier one (its revision never falls)', async () => {
    const scope = webhookTraceScope({ ...MARCH, page: 1, limit: 25 });
    const first = (await pageOf(scope)).page;
    await withWorkspaceWrite(t.handle.db, WS, (tx, rev) =>
      tx
        .insertInto('webhook_executions')
        .values({ id: 'whx-page-new', workspace_id: WS, webhook_id: HOOK, status: 'success', request_url: '/x', request_method: 'POST', request_headers: {}, request_body: null, response_status: 202, response_headers: null, response_body: null, response_time_ms: 5, error_message: null, idempotency_key: null, executed_at: new Date(Date.UTC(2022, 2, 31, 23)), rev })
        .execute(),
    );
    const second = (await pageOf(scope)).page;
    expect(second.id).toBe(first.id);
    expect(second.rev).toBeGreaterThan(first.rev);
    expect(second.rowIds[0]).toBe('whx-page-new');
    expect(second.total).toBe(first.total + 1);
  });

  it('a scope in another spelling answers the canonical page document', async () => {
    const canonical = webhookTraceScope({ status: 'error', ...MARCH, page: 1, limit: 25 });
    const shuffled = `trace:webhook?limit=25&endDate=${MARCH.endDate}&status=error&startDate=${MARCH.startDate}`;
    expect((await pageOf(shuffled)).page).toMatchObject({ id: tracePageId(canonical), scope: canonical });
  });

  it.each([
    ['an unknown trace kind', 'trace:flows?page=1&limit=50'],
    ['an unknown filter', 'trace:webhook?page=1&limit=50&sort=asc'],
    ['a page size outside 25/50/100', 'trace:webhook?page=1&limit=30'],
    ['one date of a range', 'trace:webhook?startDate=2022-03-01&page=1&limit=50'],
    ['an impossible date', 'trace:api?startDate=2022-02-30&endDate=2022-03-01&page=1&limit=50'],
    ['a method outside the list', 'trace:api?method=GET,TRACE&page=1&limit=50'],
    ['a page 0', 'trace:webhook?page=0&limit=50'],
    ['a scope of neither shape', 'webhooks:all'],
  ])('refuses %s with 400', async (_name, scope) => {
    const response = await pull(admin.headers, { collection: 'runs', scope });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ code: string; message: string }>().message.length).toBeGreaterThan(0);
  });

  it('refuses a trace scope on another collection with 400', async () => {
    const response = await pull(admin.headers, { collection: 'caseRecords', scope: webhookTraceScope({ page: 1, limit: 50 }) });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a trace page to someone who is not an administrator (403), and sends them no row', async () => {
    const response = await pull(agent.headers, { collection: 'runs', scope: webhookTraceScope({ page: 1, limit: 50 }) });
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('whx-page');
  });

  it('a whole runs pull carries no trace rows, for administrators either', async () => {
    const docs: ReplicaDoc[] = [];
    let checkpoint: PullResponse['checkpoint'] | undefined;
    for (let i = 0; i < 100; i += 1) {
      const response = await pull(admin.headers, { collection: 'runs', limit: '500', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<PullResponse>();
      docs.push(...body.documents);
      checkpoint = body.checkpoint;
      if (body.documents.length < 500) break;
    }
    expect(docs.some((d) => d.kind === 'instance')).toBe(true);
    expect(docs.filter((d) => d.kind === 'webhookExecution' || d.kind === 'apiExecution' || d.kind === TRACE_PAGE_KIND)).toEqual([]);
  });
});
