/**
 * Webhook ingress throughput: POST /hooks/{id} → instance started and recorded, on one server process, over
 * loopback with keep-alive connections (autocannon is not installed here, so this is a small closed-loop load
 * generator). Part of `npm run bench`; alone: `node --import tsx bench/engine.ts [pglite|postgres] [seconds] [connections]`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_WEBHOOK, seedDemoWorkspace } from '../server/db/seed/demoSeed.ts';
import { openTestDatabase, testBackends } from '../tests/server/helpers/databases.ts';
import type { BenchResult } from './run.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

type Figures = { perSecond: number; p50: number; p99: number; failures: number };

async function measure(backend: 'pglite' | 'postgres', seconds: number, connections: number): Promise<Figures> {
  const handle = await openTestDatabase(backend, 20);
  await migrateToLatest(handle.db, handle.schema);
  await seedDemoWorkspace(handle.db);
  const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: './.tmp/no-build', ENGINE_ENABLED: 'false' });
  const app = await buildApp({ db: handle.db, backend, config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const post = (i: number) =>
    new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({ customerName: `Bench ${i}`, email: `bench${i}@example.com` });
      const req = http.request(
        { agent, host: '127.0.0.1', port, method: 'POST', path: DEMO_WEBHOOK.url, headers: { authorization: `Bearer ${DEMO_WEBHOOK.token}`, 'content-type': 'application/json', 'idempotency-key': `bench-${i}` } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const i = sent++;
        const t0 = performance.now();
        if ((await post(i)) !== 202) failures += 1;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  agent.destroy();
  await app.close();
  await handle.close();
  return { perSecond: Math.round(latencies.length / elapsed), p50: percentile(latencies, 50), p99: percentile(latencies, 99), failures };
}

export async function run(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const backend of await testBackends()) {
    const f = await measure(backend, 10, 16);
    const name = backend === 'postgres' ? 'PostgreSQL' : 'PGlite';
    results.push(
      { name: `webhook → instance, ${name}, 16 connections`, value: f.perSecond, unit: '/s', ...(backend === 'postgres' ? { target: '≥ 440/s' } : {}) },
      { name: `webhook latency p50 / p99, ${name}`, value: Math.round(f.p50), unit: `ms / ${Math.round(f.p99)} ms` },
      { name: `webhook answers other than 202, ${name}`, value: f.failures, unit: '' },
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const backend = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
  const f = await measure(backend, Number(process.argv[3] ?? 10), Number(process.argv[4] ?? 16));
  process.stdout.write(`${backend}: ${f.perSecond}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, non-202: ${f.failures}\n`);
}
