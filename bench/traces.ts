/**
 * Trace pages at volume (issue 19): 1,000,000 webhook executions of the demo workspace on PostgreSQL, spread over a
 * year, 7 webhooks and the three statuses (inserted by one generate_series statement, then vacuumed and analysed as
 * autovacuum would), then ~50 requests of each filtered trace page through the real app (app.inject: routing,
 * validation, the page and its total, masking, serialisation; no network). Reports p50 / p95 per filter; target p95
 * ≤ 100 ms. Runs in its own schema, dropped afterwards. Part of `npm run bench`; alone:
 * `node --import tsx bench/traces.ts [rows]`.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { withWorkspaceWrite } from '../server/db/revisions.ts';
import { createRandom, type Random } from '../src/domain/random.ts';
import { reachablePostgresUrl } from '../tests/server/helpers/databases.ts';
import { createTestApp, demoAccount, type TestApp } from '../tests/server/helpers/testApp.ts';
import type { BenchResult } from './run.ts';

const WS = 'ws-demo';
const WEBHOOKS = 7;
const REQUESTS = 50;
const DAY_MS = 86_400_000;
export const hookId = (n: number) => `whk-bench-${n}`;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const round = (n: number) => Math.round(n * 10) / 10;

/** `rows` executions over the year before now: status by row number mod 10 (7 success, 2 error, 1 processing). */
export async function seedExecutions(t: TestApp, rows: number): Promise<number> {
  const started = performance.now();
  await withWorkspaceWrite(t.handle.db, WS, async (tx, rev) => {
    await sql`
      insert into webhooks (id, workspace_id, user_id, name, url, token_hash, rev)
      select 'whk-bench-' || n, w.workspace_id, w.user_id, 'Bench hook ' || n, '/hooks/whk-bench-' || n, w.token_hash, ${rev}
      from generate_series(0, ${WEBHOOKS - 1}) n, webhooks w where w.id = 'whk-demo-onboarding'`.execute(tx);
    await sql`
      insert into webhook_executions (id, workspace_id, webhook_id, status, request_url, request_method, request_headers,
        request_body, response_status, response_headers, response_body, response_time_ms, error_message, executed_at, rev)
      select 'whx-bench-' || lpad(g::text, 7, '0'), ${WS}, 'whk-bench-' || (g % ${WEBHOOKS}),
        case when g % 10 < 7 then 'success' when g % 10 < 9 then 'error' else 'processing' end,
        '/hooks/whk-bench-' || (g % ${WEBHOOKS}), 'POST',
        '{"content-type": "application/json", "authorization": "Bearer bench-secret"}'::jsonb,
        jsonb_build_object('order', g, 'customer', jsonb_build_object('name', 'Customer ' || g, 'accessToken', 'secret')),
        case when g % 10 between 7 and 8 then 500 else 200 end,
        '{"content-type": "application/json"}'::jsonb,
        jsonb_build_object('received', true),
        (g % 900) + 20,
        case when g % 10 between 7 and 8 then 'The flow could not start' end,
        now() - (g * (interval '365 days' / ${rows})),
        ${rev}
      from generate_series(1, ${rows}) g`.execute(tx);
  });
  // What autovacuum does to a table that grew: the planner knows the volume and counts can read the index alone.
  await sql`vacuum analyze webhook_executions`.execute(t.handle.db);
  return (performance.now() - started) / 1000;
}

type Scenario = { name: string; query: (random: Random, now: number) => Record<string, string | number> };

const SCENARIOS: Scenario[] = [
  {
    name: 'status + 7-day range',
    query: (random, now) => {
      const end = now - random.int(0, 350) * DAY_MS;
      return { status: random.pick(['success', 'error', 'processing']), startDate: day(end - 6 * DAY_MS), endDate: day(end), page: random.int(1, 3) };
    },
  },
  { name: 'webhookId', query: (random) => ({ webhookId: hookId(random.int(0, WEBHOOKS - 1)), page: random.int(1, 5) }) },
  {
    name: 'status + webhookId + 30-day range',
    query: (random, now) => {
      const end = now - random.int(0, 330) * DAY_MS;
      return { status: 'error', webhookId: hookId(random.int(0, WEBHOOKS - 1)), startDate: day(end - 29 * DAY_MS), endDate: day(end), limit: 100 };
    },
  },
  { name: 'no filter (count of every row)', query: (random) => ({ page: random.int(1, 5) }) },
];

type Figures = { scenario: string; p50: number; p95: number; meanTotal: number };

async function measure(rows: number): Promise<{ seedSeconds: number; figures: Figures[] }> {
  const t = await createTestApp('postgres');
  try {
    const seedSeconds = await seedExecutions(t, rows);
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const random = createRandom(19);
    const now = Date.now();
    const figures: Figures[] = [];
    for (const scenario of SCENARIOS) {
      const times: number[] = [];
      let totals = 0;
      for (let i = 0; i < REQUESTS + 3; i += 1) {
        const query = new URLSearchParams(Object.entries(scenario.query(random, now)).map(([k, v]) => [k, String(v)]));
        const t0 = performance.now();
        const reply = await t.app.inject({ method: 'GET', url: `/webhooks/executions/${WS}?${query}`, headers: admin.headers });
        const ms = performance.now() - t0;
        if (reply.statusCode !== 200) throw new Error(`${scenario.name}: ${reply.statusCode} ${reply.body}`);
        // The first three warm the connection pool and the caches, as a server that has been up a while has.
        if (i < 3) continue;
        times.push(ms);
        totals += reply.json<{ data: { pagination: { total: number } } }>().data.pagination.total;
      }
      times.sort((a, b) => a - b);
      figures.push({ scenario: scenario.name, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), meanTotal: Math.round(totals / REQUESTS) });
    }
    return { seedSeconds, figures };
  } finally {
    await t.close();
  }
}

export async function run(): Promise<BenchResult[]> {
  const rows = Number(process.env.BENCH_TRACE_ROWS ?? 1_000_000);
  if (!(await reachablePostgresUrl())) return [{ name: 'skipped: PostgreSQL is not reachable', value: 0, unit: '' }];
  const { seedSeconds, figures } = await measure(rows);
  return [
    { name: `${rows.toLocaleString('en')} webhook executions inserted and vacuumed`, value: round(seedSeconds), unit: 's' },
    ...figures.map((f) => ({ name: `page p50 / p95: ${f.scenario} (~${f.meanTotal.toLocaleString('en')} rows match)`, value: f.p50, unit: `ms / ${f.p95} ms`, target: 'p95 ≤ 100 ms' })),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { seedSeconds, figures } = await measure(Number(process.argv[2] ?? 1_000_000));
  process.stdout.write(`${JSON.stringify({ seedSeconds: round(seedSeconds), figures }, null, 2)}\n`);
}
