import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
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

/** The id `seedVolume` gives the n-th volume case. */
export const volumeCaseId = (n: number) => `case-vol-${String(n).padStart(6, '0')}`;

/** A new browser context signed in as the demo administrator, on the shell. */
export async function signInAsAdmin(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  // tsx names functions with a __name helper that the page does not have; the benches run functions in the page.
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  const page = await context.newPage();
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username', { exact: true }).fill('admin@demo.local');
  await page.getByLabel('Password', { exact: true }).fill('Admin#2026');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByText('Ada Admin').first().waitFor();
  return page;
}

/** The cases history narrowed to one case (the search runs at once on Enter), its row on screen. */
export async function showCaseRow(page: Page, baseUrl: string, caseId: string, timeout = 30_000): Promise<void> {
  await page.goto(`${baseUrl}/cases?q=${caseId}`);
  await page.locator('[data-testid="case-id"]', { hasText: caseId }).first().waitFor({ timeout });
}

/** Until the last of `cases` volume cases can be found in the cases history: the replica holds them all. */
export async function waitForVolumeCases(page: Page, baseUrl: string, cases: number): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    try {
      await showCaseRow(page, baseUrl, volumeCaseId(cases), 20_000);
      return;
    } catch (error) {
      if (tries > 30) throw error;
    }
  }
}
