import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBHOOK } from '../../../server/db/seed/demoDefinitions.ts';
import { LATEST_MIGRATION } from '../../../server/db/migrate.ts';
import { testBackends } from '../helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

const backends = await testBackends();
const TOKEN = 'metrics-token-for-the-test-0001';

/** The value of one sample line of Prometheus text (`name{labels} value`), or 0 when the series is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe.each(backends)('metrics and health on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t?.close();
  });

  const scrape = async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    return reply.body;
  };

  it('refuses /metrics without the token or with another one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-for-the-test-0002' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'unauthorized' });
  });

  it('counts pulls, pushed mutations by name and outcome, webhook deliveries and requests by route as they happen', async () => {
    const before = await scrape();
    const agent = await t.loginAs(demoAccount('NORMAL').username);
    expect((await t.app.inject({ method: 'GET', url: '/sync/pull?collection=config&limit=50', headers: agent.headers })).statusCode).toBe(200);
    const mutations = [
      { id: crypto.randomUUID(), name: 'user.setLanguage', args: { language: 'es' }, at: Date.now() },
      { id: crypto.randomUUID(), name: 'user.setLanguage', args: { language: 'klingon' }, at: Date.now() },
      { id: crypto.randomUUID(), name: 'no.suchMutation', args: {}, at: Date.now() },
    ];
    const pushed = await t.app.inject({ method: 'POST', url: '/sync/mutations', headers: agent.headers, payload: { clientId: 'metrics-client', mutations } });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const delivered = await t.app.inject({ method: 'POST', url: DEMO_WEBHOOK.url, headers: { 'x-webhook-token': DEMO_WEBHOOK.token }, payload: { from: 'metrics' } });
    expect(delivered.statusCode).toBe(202);

    const after = await scrape();
    const moved = (series: string) => sample(after, series) - sample(before, series);
    expect(moved('sync_pull_pages_total{collection="config"}')).toBe(1);
    expect(moved('sync_pull_bytes_total{collection="config"}')).toBeGreaterThan(100);
    expect(moved('sync_push_batches_total')).toBe(1);
    expect(moved('sync_mutations_total{name="user.setLanguage",outcome="applied"}')).toBe(1);
    expect(moved('sync_mutations_total{name="user.setLanguage",outcome="rejected"}')).toBe(1);
    // An unknown name is counted, but never becomes a label of its own.
    expect(moved('sync_mutations_total{name="unknown",outcome="rejected"}')).toBe(1);
    expect(after).not.toContain('no.suchMutation');
    expect(moved('webhook_deliveries_total{status="202"}')).toBe(1);
    expect(moved('http_request_duration_seconds_count{method="GET",route="/sync/pull",status="200"}')).toBe(1);
    // The delivery queued its instance's first stage for the engine (not running in this test), labelled by its type.
    const queuedStages = after.split('\n').filter((line) => line.startsWith('engine_jobs{kind="stage",') && line.includes('state="queued"'));
    expect(queuedStages.length).toBeGreaterThanOrEqual(1);
    expect(queuedStages.every((line) => /stage_type="[a-z-]+"/.test(line) && !line.includes('stage_type="none"'))).toBe(true);
    if (backend === 'postgres') expect(sample(after, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it('answers liveness, and readiness once the database answers with its migrations done', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/status/live' })).json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/status/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', migrations: 'done', database: backend });
    expect(LATEST_MIGRATION).toMatch(/^\d{3}_/);
  });
});

describe('metrics without a token', () => {
  it('are not served', async () => {
    const t = await createTestApp('pglite');
    try {
      const reply = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything-at-all-00000' } });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ code: 'not-found' });
    } finally {
      await t.close();
    }
  });
});
