/**
 * `npm run bench -- batch-create`: a batch created in the wizard of the built PWA (headless Chromium) from the CSV
 * bench's seeded export, on a fresh PGlite server: the file read, then Create → every line queued in the outbox
 * (the wizard closes), and → the server holding every line. Sizes: 10,000 lines, and BENCH_BATCH_CREATE_LINES
 * (default 100,000).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { sql } from 'kysely';
import { benchCsv } from './csvFile.ts';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, round, signInAsAdmin, startVolumeServer, type VolumeServer } from './volumeServer.ts';

const LARGE = Number(process.env.BENCH_BATCH_CREATE_LINES ?? 100_000);

async function insertedLines(server: VolumeServer, name: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select inserted_count as n from batches where name = ${name}`.execute(server.handle.db);
  return rows[0]?.n ?? 0;
}

async function createOne(page: Page, server: VolumeServer, lines: number): Promise<BenchResult[]> {
  const name = `Bench batch ${lines}`;
  const file = Buffer.from(benchCsv(lines));
  await page.goto(`${server.baseUrl}/batches`);
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New batch' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Created by the batch-create benchmark');
  await dialog.getByLabel('Case type').selectOption({ label: 'Customer onboarding' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: 'bench.csv', mimeType: 'text/csv', buffer: file });
  await dialog.getByText(`${lines} lines ·`).waitFor({ timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const started = Date.now();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.waitForURL(/\/batches\/bat-/, { timeout: 900_000 });
  const queued = Date.now() - started;
  while ((await insertedLines(server, name)) < lines) {
    if (Date.now() - started > 1_800_000) throw new Error(`the server did not get the ${lines} lines in 30 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const onServer = Date.now() - started;
  const size = `${lines.toLocaleString('en-US')} lines (${round(file.length / 2 ** 20)} MiB)`;
  return [
    { name: `${size}: Create → all queued`, value: queued, unit: 'ms' },
    { name: `${size}: Create → all on the server`, value: onServer, unit: 'ms' },
    { name: `${size}: lines sent per second`, value: Math.round(lines / (onServer / 1000)), unit: 'lines/s' },
  ];
}

export async function run(): Promise<BenchResult[]> {
  execFileSync('npm', ['run', 'build'], { stdio: 'ignore' });
  const server = await startVolumeServer('batch-create', { cases: 0, tickets: 0 }, path.resolve('dist'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await signInAsAdmin(browser, server.baseUrl);
    const results = [...(await createOne(page, server, 10_000))];
    if (LARGE > 10_000) results.push(...(await createOne(page, server, LARGE)));
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
