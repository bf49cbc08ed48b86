/**
 * Webhook ingress throughput: POST /hooks/{id} → instance started and recorded, on one server process, over
 * loopback with keep-alive connections (autocannon is not installed here, so this is a small closed-loop load
 * generator). Run: `node --import tsx bench/engine.ts [pglite|postgres] [seconds] [connections]`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_WEBHOOK, seedDemoWorkspace } from '../server/db/seed/demoSeed.ts';
import { openTestDatabase } from '../tests/server/helpers/databases.ts';

const backend = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 16);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

const handle = await openTestDatabase(backend, 20);
await migrateToLatest(handle.db, handle.schema);
await seedDemoWorkspace(handle.db);
const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: './.tmp/no-build' });
const app = await buildApp({ db: handle.db, backend, config, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

function post(i: number): Promise<number> {
  const body = JSON.stringify({ customerName: `Bench ${i}`, email: `bench${i}@example.com` });
  return new Promise((resolve, reject) => {
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
}

const latencies: number[] = [];
let sent = 0;
let failures = 0;
const deadline = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: connections }, async () => {
    while (performance.now() < deadline) {
      const i = sent++;
      const t0 = performance.now();
      const status = await post(i);
      latencies.push(performance.now() - t0);
      if (status !== 202) failures += 1;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const instances = (await handle.db.selectFrom('instances').select((eb) => eb.fn.countAll<number>().as('n')).where('event_id', '=', 'evt-demo-onboarding-hook').where('name', 'not like', '%case-demo%').executeTakeFirstOrThrow()).n;
latencies.sort((a, b) => a - b);
process.stdout.write(
  `${backend}: ${Math.round(latencies.length / elapsed)} deliveries/s over ${elapsed.toFixed(1)} s with ${connections} connections; ` +
    `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms; non-202: ${failures}; instances in db: ${instances}\n`,
);
agent.destroy();
await app.close();
await handle.close();
