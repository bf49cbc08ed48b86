import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { reachablePostgresUrl } from '../tests/server/helpers/databases.ts';
import { demoAccount } from '../tests/server/helpers/testApp.ts';
import { call, createScratchDatabase, followStream, signIn, startServerProcess } from '../tests/server/multiprocess/serverProcesses.ts';
import type { BenchResult } from './run.ts';
import { percentile, round } from './volumeServer.ts';

const WRITES = Number(process.env.BENCH_TWO_PROCESSES_WRITES ?? 300);

/**
 * Issue 20 item 4: two real server processes on one fresh PostgreSQL database. An admin's live stream is open on
 * process A; each write (an app's description) goes through process B; measured from sending it until A's stream
 * names the collection: B's request and commit, PostgreSQL's NOTIFY, A's change bus, the stream (coalesced 10 ms).
 * The engines are off so nothing else writes meanwhile. One write at a time, 20 unmeasured first.
 */
export async function run(): Promise<BenchResult[]> {
  const url = await reachablePostgresUrl();
  if (!url) {
    process.stdout.write('two-processes: PostgreSQL is not reachable; skipped\n');
    return [];
  }
  const scratch = await createScratchDatabase(url);
  const files = await mkdtemp(join(tmpdir(), 'bench-two-processes-'));
  const env = { DATABASE_URL: scratch.url, FILE_STORE: files, ENGINE_ENABLED: 'false' };
  const started = [];
  try {
    const a = await startServerProcess(env);
    started.push(a);
    const b = await startServerProcess(env);
    started.push(b);
    const { headers } = await signIn(a.base, demoAccount('ADMIN').username);
    if (!headers) throw new Error('the admin could not sign in');
    const stream = await followStream(a.base, headers);
    const delays: number[] = [];
    try {
      for (let i = 0; i < WRITES + 20; i += 1) {
        const told = stream.next();
        const sent = performance.now();
        await call(b.base, headers, 'PATCH', '/apps/app-demo-claims', { description: `Written through B, ${i}` });
        await told;
        if (i >= 20) delays.push(performance.now() - sent);
      }
    } finally {
      stream.close();
    }
    return [
      { name: `two processes: write via B → A's stream, p50 of ${WRITES}`, value: round(percentile(delays, 50)), unit: 'ms' },
      { name: `two processes: write via B → A's stream, p95 of ${WRITES}`, value: round(percentile(delays, 95)), unit: 'ms', target: '≤ 100 ms' },
      { name: 'two processes: the same, slowest', value: round(Math.max(...delays)), unit: 'ms' },
    ];
  } finally {
    await Promise.all(started.map((p) => p.stop()));
    await scratch.drop();
    await rm(files, { recursive: true, force: true });
  }
}
