import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { reachablePostgresUrl } from '../tests/server/helpers/databases.ts';
import { createTestApp } from '../tests/server/helpers/testApp.ts';
import type { BenchResult } from './run.ts';
import { hookId, seedExecutions } from './traces.ts';
import { CHROMIUM_ARGS, percentile, round, signInAsAdmin } from './volumeServer.ts';

const ROWS = Number(process.env.BENCH_TRACE_ROWS ?? 1_000_000);
const PAGES = Number(process.env.BENCH_TRACE_PAGES ?? 30);

/**
 * In the page: clicks the trace table's next page and answers the ms until the new page's rows are drawn (the
 * first row is another execution, nothing says it is loading) and a frame is painted. That is the whole trip of a
 * page: the URL, the scope opened, the worker's pull, the server's filtered page and total, the replica's write and
 * the render.
 */
function nextPageAndWait(testId: string): Promise<number> {
  const section = document.querySelector(`[data-testid="${testId}"]`);
  const next = section?.querySelector<HTMLButtonElement>('nav button:last-of-type');
  if (!section || !next || next.disabled) return Promise.reject(new Error('no next page'));
  const before = section.querySelector('[data-trace-id]')?.getAttribute('data-trace-id');
  const drawn = () => {
    const first = section.querySelector('[data-trace-id]')?.getAttribute('data-trace-id');
    return first !== undefined && first !== null && first !== before && section.querySelector('[role="status"]') === null;
  };
  return new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (!drawn()) return;
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    });
    observer.observe(section, { subtree: true, childList: true, characterData: true, attributes: true });
    next.click();
  });
}

/**
 * Trace pages painted in the browser (issue 19: ≤ 300 ms): the built PWA against PostgreSQL holding ROWS webhook
 * executions (bench/traces.ts seeds them), signed in as the administrator, the Webhook Trace tab filtered by status
 * and webhook, then PAGES clicks on its next page, each a page the device has never read.
 */
export async function run(): Promise<BenchResult[]> {
  if (!(await reachablePostgresUrl())) return [{ name: 'skipped: PostgreSQL is not reachable', value: 0, unit: '' }];
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const t = await createTestApp('postgres', { STATIC_DIR: 'dist' });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await seedExecutions(t, ROWS);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const page = await signInAsAdmin(browser, baseUrl);
    const filters = `tab=trace&traceTab=webhook&status=error&webhookId=${hookId(3)}`;
    const opened = Date.now();
    await page.goto(`${baseUrl}/admin-info?${filters}`);
    await page.locator('[data-testid="webhook-trace"] [data-trace-id]').first().waitFor({ timeout: 60_000 });
    const firstMs = Date.now() - opened;
    const times: number[] = [];
    for (let i = 0; i < PAGES; i += 1) times.push(await page.evaluate(nextPageAndWait, 'webhook-trace'));
    return [
      { name: 'trace tab: open with filters (page load, sign-in done)', value: firstMs, unit: 'ms' },
      { name: `trace page painted p50 / p95 (${ROWS.toLocaleString('en')} rows; status + webhook)`, value: round(percentile(times, 50)), unit: `ms / ${round(percentile(times, 95))} ms`, target: 'p95 ≤ 300 ms' },
    ];
  } finally {
    await browser.close();
    await t.close();
  }
}
