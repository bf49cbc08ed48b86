import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { analyzeDueTables } from '../server/db/autoAnalyze.ts';
import { openDatabase, type DatabaseHandle } from '../server/db/connection.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedDemoWorkspace } from '../server/db/seed/demoSeed.ts';
import { startChangeBus } from '../server/sync/changeBus.ts';
import { seedVolume } from './sync/seedVolume.ts';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
export const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;
export const round = (n: number) => Math.round(n * 10) / 10;

export type VolumeServer = { app: FastifyInstance; handle: DatabaseHandle; baseUrl: string; close(): Promise<void> };

/** The real server on a fresh PGlite folder with the demo workspace plus `volume`, serving `staticDir`. */
export async function startVolumeServer(name: string, volume: { cases: number; tickets: number }, staticDir: string): Promise<VolumeServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bench-${name}-`));
  const handle = await openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  await seedDemoWorkspace(handle.db);
  await seedVolume(handle.db, volume);
  // What the server does at start on PGlite (server/db/autoAnalyze.ts): the volume is then known to the planner.
  await analyzeDueTables(handle.db);
  const changeBus = await startChangeBus(handle);
  const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: staticDir, LOGIN_RATE_LIMIT: '1000', DATA_DIR: dataDir });
  const app = await buildApp({ db: handle.db, backend: handle.backend, config, logger: false, changeBus });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    handle,
    baseUrl,
    async close() {
      await app.close();
      await changeBus.stop();
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
