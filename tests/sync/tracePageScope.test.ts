import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withWorkspaceWrite } from '../../server/db/revisions.ts';
import { TRACE_PAGE_KIND, tracePageId, webhookTraceScope, type TracePageDoc } from '../../src/domain/traces/traceScope.ts';
import { httpTransport, type SyncTransport } from '../../workers/sync/transport.ts';
import { createTestApp, demoAccount, type TestApp } from '../server/helpers/testApp.ts';
import { listen, openClient, switchableTransport, waitFor } from './helpers/syncHarness.ts';

const WS = 'ws-demo';
const HOOK = 'whk-demo-onboarding';
const MAY = { startDate: '2023-05-01', endDate: '2023-05-31' };

/**
 * Traces reach a device one page at a time: the whole `runs` pull leaves them out, a screen opens the page's scope,
 * the page and its rows land in the replica, a live notice refreshes the open page, and the page stays readable
 * offline after the scope is closed.
 */
describe('trace pages in the replica', () => {
  let t: TestApp;
  let baseUrl: string;
  let admin: Awaited<ReturnType<TestApp['loginAs']>>;
  let agent: Awaited<ReturnType<TestApp['loginAs']>>;

  const addExecution = (id: string, day: number) =>
    withWorkspaceWrite(t.handle.db, WS, (tx, rev) =>
      tx
        .insertInto('webhook_executions')
        .values({ id, workspace_id: WS, webhook_id: HOOK, status: 'error', request_url: '/hooks/x', request_method: 'POST', request_headers: {}, request_body: null, response_status: 500, response_headers: null, response_body: null, response_time_ms: 7, error_message: 'down', idempotency_key: null, executed_at: new Date(Date.UTC(2023, 4, day)), rev })
        .execute(),
    );

  beforeAll(async () => {
    t = await createTestApp('pglite');
    baseUrl = await listen(t);
    admin = await t.loginAs(demoAccount('ADMIN').username);
    agent = await t.loginAs(demoAccount('NORMAL').username);
    for (let day = 1; day <= 3; day += 1) await addExecution(`whx-scope-${day}`, day);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('an administrator holds no trace after a full sync; an opened page brings its rows, a notice refreshes it, and it stays after closing', async () => {
    const network = switchableTransport(httpTransport({ baseUrl, accessToken: admin.headers.authorization.slice('Bearer '.length) }));
    const client = await openClient({ token: '', userId: admin.userId, transport: network.transport });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 15_000, 'first sync');
      await waitFor(async () => (await client.db.runs.count({ selector: { kind: 'instance' } }).exec()) > 0, 15_000, 'the runs');
      expect(await client.db.runs.count({ selector: { kind: { $in: ['webhookExecution', 'apiExecution'] } } }).exec()).toBe(0);

      const scope = webhookTraceScope({ status: 'error', webhookId: HOOK, ...MAY, page: 1, limit: 25 });
      await client.engine.openScope(scope);
      // A pass already under way may take the scope only in the pass after it.
      const page = (await waitFor(() => client.db.runs.findOne(tracePageId(scope)).exec(), 10_000, 'the trace page'))?.toJSON() as TracePageDoc | undefined;
      expect(page).toMatchObject({ kind: TRACE_PAGE_KIND, scope, rowIds: ['whx-scope-3', 'whx-scope-2', 'whx-scope-1'], total: 3 });
      const rows = await client.db.runs.findByIds(page!.rowIds).exec();
      expect([...rows.keys()].sort()).toEqual(['whx-scope-1', 'whx-scope-2', 'whx-scope-3']);

      // A new execution: the stream names runs, and the open page is read again.
      await addExecution('whx-scope-4', 4);
      await waitFor(async () => ((await client.db.runs.findOne(tracePageId(scope)).exec())?.get('rowIds') as string[] | undefined)?.[0] === 'whx-scope-4', 15_000, 'the page to be refreshed');
      expect(await client.db.runs.findOne('whx-scope-4').exec()).not.toBeNull();
      expect(client.engine.getStatus().problem).toBeNull();

      // Closed and offline: the page and its rows are still there to show, with the time they were read.
      client.engine.closeScope(scope);
      network.setOnline(false);
      const kept = (await client.db.runs.findOne(tracePageId(scope)).exec())?.toJSON() as TracePageDoc;
      expect(kept.rowIds).toEqual(['whx-scope-4', 'whx-scope-3', 'whx-scope-2', 'whx-scope-1']);
      expect(kept.readAt).toBeLessThanOrEqual(Date.now());
      expect((await client.db.runs.findByIds(kept.rowIds).exec()).size).toBe(4);
    } finally {
      await client.destroy();
    }
  });

  it('a page refused to someone who is not an administrator is left empty without holding up the rest of the sync', async () => {
    const real = httpTransport({ baseUrl, accessToken: agent.headers.authorization.slice('Bearer '.length) });
    const pulls: Array<string | undefined> = [];
    const recording: SyncTransport = { ...real, pull: (collection, checkpoint, limit, scope, count) => (pulls.push(scope), real.pull(collection, checkpoint, limit, scope, count)) };
    const client = await openClient({ token: '', userId: agent.userId, transport: recording });
    try {
      await waitFor(() => client.engine.getStatus().lastSyncAt, 15_000, 'first sync');
      const scope = webhookTraceScope({ page: 1, limit: 50 });
      await client.engine.openScope(scope);
      // A pass already under way may take the scope only in the pass after it: wait for its pull to be answered.
      await waitFor(() => pulls.includes(scope), 10_000, 'the trace page pulled');
      await waitFor(() => !client.engine.getStatus().syncing, 10_000, 'the pull pass done');
      expect(await client.db.runs.findOne(tracePageId(scope)).exec()).toBeNull();
      expect(client.engine.getStatus().problem).toBeNull();
    } finally {
      await client.destroy();
    }
  });
});
