import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round, startVolumeServer } from './volumeServer.ts';

/** How long the network is away in each round (issue 11: 90 s), and how many rounds. */
const OFFLINE_MS = Number(process.env.BENCH_RECONNECT_OFFLINE_MS ?? 90_000);
const ROUNDS = Number(process.env.BENCH_RECONNECT_ROUNDS ?? 3);

/**
 * The built PWA in Chromium on the demo workspace: the agent claims a ticket while the network is away for
 * OFFLINE_MS, then the network returns; measured from its return until the outbox is empty (the sync indicator's
 * pending count is gone). Once with the browser's online event, as a phone sees it, in each round.
 */
export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const server = await startVolumeServer('reconnect', { cases: 0, tickets: 0 }, 'dist');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const drains: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/`);
    await page.getByLabel('Username', { exact: true }).fill('agent@demo.local');
    await page.getByLabel('Password', { exact: true }).fill('Agent#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Nico Agent').first().waitFor();
    await page.goto(`${server.baseUrl}/tickets`);
    const indicator = page.getByTestId('sync-indicator');
    for (let round = 0; round < ROUNDS; round += 1) {
      const claim = page.getByRole('tabpanel').getByRole('button', { name: 'Claim', exact: true }).first();
      await claim.waitFor({ timeout: 60_000 });
      await context.setOffline(true);
      await claim.click();
      await indicator.filter({ hasText: 'Offline' }).waitFor();
      await page.waitForTimeout(OFFLINE_MS);
      const back = Date.now();
      await context.setOffline(false);
      // The pending count in the indicator disappears when the outbox is empty.
      await page.waitForFunction(() => document.querySelector('[data-testid="sync-indicator"] span[aria-hidden="true"]') === null, undefined, { timeout: 120_000, polling: 20 });
      drains.push(Date.now() - back);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return [
    { name: `reconnect: ${OFFLINE_MS / 1000} s offline → queue empty after the network returns, p50 of ${ROUNDS}`, value: round(percentile(drains, 50)), unit: 'ms', target: '≤ 1000 ms' },
    { name: 'reconnect: the same, slowest round', value: round(Math.max(...drains)), unit: 'ms', target: '≤ 1000 ms' },
  ];
}
