import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { clientHash } from '../src/domain/auth/clientHash.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { DEMO_ACCOUNTS, seedDemoWorkspace } from '../server/db/seed/demoSeed.ts';
import type { BenchResult } from './run.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const round = (ms: number) => Math.round(ms * 10) / 10;

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

/** The server side of the foundation on embedded PGlite: opening, migrating, seeding, signing in, reading. */
export async function run(): Promise<BenchResult[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  try {
    const [handle, openMs] = await timed(() => openDatabase({ dataDir }));
    const [, migrateMs] = await timed(() => migrateToLatest(handle.db));
    const [, seedMs] = await timed(() => seedDemoWorkspace(handle.db));
    const config = loadConfig({ LOG_LEVEL: 'silent', LOGIN_RATE_LIMIT: '100000', DATA_DIR: dataDir });
    const app = await buildApp({ db: handle.db, backend: handle.backend, config, logger: false });
    await app.ready();

    const admin = DEMO_ACCOUNTS.find((a) => a.role === 'ADMIN');
    if (!admin) throw new Error('no demo admin');
    const payload = { username: admin.username, password: await clientHash(admin.username, admin.password) };
    const tokenTimes: number[] = [];
    let token = '';
    let userId = '';
    for (let i = 0; i < 40; i += 1) {
      const [response, ms] = await timed(() => app.inject({ method: 'POST', url: '/token?grant_type=password', payload }));
      tokenTimes.push(ms);
      ({ access_token: token, user: { id: userId } } = response.json());
    }
    const readTimes: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const [, ms] = await timed(() => app.inject({ method: 'GET', url: `/users/${userId}`, headers: { authorization: `Bearer ${token}` } }));
      readTimes.push(ms);
    }
    await app.close();
    await handle.close();
    return [
      { name: 'open PGlite (new data folder)', value: round(openMs), unit: 'ms' },
      { name: 'run migrations (empty database)', value: round(migrateMs), unit: 'ms' },
      { name: 'seed demo workspace', value: round(seedMs), unit: 'ms' },
      { name: 'POST /token p50 (argon2id verify)', value: round(percentile(tokenTimes, 50)), unit: 'ms' },
      { name: 'POST /token p95', value: round(percentile(tokenTimes, 95)), unit: 'ms' },
      { name: 'GET /users/{id} p50 (session check + read)', value: round(percentile(readTimes, 50)), unit: 'ms' },
      { name: 'GET /users/{id} p95', value: round(percentile(readTimes, 95)), unit: 'ms' },
    ];
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
