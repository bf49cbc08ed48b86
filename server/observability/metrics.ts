import { sql, type Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type pg from 'pg';
import type { Database } from '../db/schema.ts';

/** Latency buckets (seconds) from a cached read to a slow report. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type MetricsOptions = {
  db: Kysely<Database>;
  /** PostgreSQL's pool, for its use; PGlite has none. */
  pool?: pg.Pool | undefined;
  /** Names a mutation label may take; anything else counts as 'unknown' (a caller cannot grow the label set). */
  mutationNames: readonly string[];
};

/**
 * The server's Prometheus metrics (issue 20 item 2), one registry per app so several apps in one test process do
 * not share counters. Counters move where the work happens (routes, the sync push and pull, the stream, the
 * webhook ingress, the engine's poll); the engine's queue and the database pool are read when scraped.
 */
export function createMetrics(options: MetricsOptions) {
  const registry = new Registry();
  const known = new Set(options.mutationNames);
  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mutations = new Counter({ name: 'sync_mutations_total', help: 'Outbox mutations by name and outcome', labelNames: ['name', 'outcome'], registers: [registry] });
  const pushBatches = new Counter({ name: 'sync_push_batches_total', help: 'Outbox batches received', registers: [registry] });
  const pullPages = new Counter({ name: 'sync_pull_pages_total', help: 'Pull pages answered by collection', labelNames: ['collection'], registers: [registry] });
  const pullBytes = new Counter({ name: 'sync_pull_bytes_total', help: 'JSON bytes of pull pages (before compression) by collection', labelNames: ['collection'], registers: [registry] });
  const streamClients = new Gauge({ name: 'sync_stream_clients', help: 'Open live streams (SSE)', registers: [registry] });
  const webhookDeliveries = new Counter({ name: 'webhook_deliveries_total', help: 'Webhook deliveries by answer status', labelNames: ['status'], registers: [registry] });
  const cronTicks = new Counter({ name: 'engine_cron_ticks_fired_total', help: 'Cron ticks fired by this process', registers: [registry] });
  const jobsRun = new Counter({ name: 'engine_jobs_run_total', help: 'Engine jobs run by this process', registers: [registry] });

  new Gauge({
    name: 'engine_jobs',
    help: 'Engine jobs by kind, stage type ("none" for cron and batch jobs) and state (queued, running, failed)',
    labelNames: ['kind', 'stage_type', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      // A stage job names its instance and stage seq; the stage row, written with the job, holds the node type.
      const rows = await sql<{ kind: string; stage_type: string | null; state: string; n: string | number }>`
        select j.kind, s.node_type as stage_type,
          case when j.locked_until is not null and j.locked_until >= now() then 'running'
               when j.last_error is not null then 'failed'
               else 'queued' end as state,
          count(*) as n
        from jobs j
        left join instance_stages s
          on j.kind = 'stage' and s.instance_id = j.instance_id and s.seq = cast(j.payload->>'seq' as integer)
        where j.done_at is null group by 1, 2, 3`.execute(options.db);
      for (const row of rows.rows) this.set({ kind: row.kind, stage_type: row.stage_type ?? 'none', state: row.state }, Number(row.n));
    },
  });
  const pool = options.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  return {
    registry,
    observeRequest(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },
    mutationBatch(outcomes: readonly { name: string; outcome: string }[]) {
      pushBatches.inc();
      for (const { name, outcome } of outcomes) mutations.inc({ name: known.has(name) ? name : 'unknown', outcome });
    },
    pullPage(collection: string, bytes: number) {
      pullPages.inc({ collection });
      pullBytes.inc({ collection }, bytes);
    },
    streamOpened: () => streamClients.inc(),
    streamClosed: () => streamClients.dec(),
    webhookDelivered: (status: number) => webhookDeliveries.inc({ status: String(status) }),
    enginePolled(result: { fired: number; ran: number }) {
      if (result.fired > 0) cronTicks.inc(result.fired);
      if (result.ran > 0) jobsRun.inc(result.ran);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
