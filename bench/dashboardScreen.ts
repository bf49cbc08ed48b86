/**
 * `npm run bench -- dashboard-screen`: the main dashboard (built PWA, Chromium) on the sync bench's volume (the demo
 * workspace plus 100,000 cases and 10,000 open tickets): the replicated size of its aggregates, a click on the menu's
 * Dashboard → every chart painted (the first time, then warm: chunks and replica on the device), and a case write
 * on the server → another browser's dashboard showing it (issue 16's targets: ≤ 500 ms and ≤ 1 s).
 */
import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { withWorkspaceWrite } from '../server/db/revisions.ts';
import { replicatedAggregates } from './dashboard.ts';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round, signInAsAdmin, startVolumeServer, waitForVolumeCases } from './volumeServer.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);
const OPENS = Number(process.env.BENCH_DASHBOARD_OPENS ?? 10);
const WRITES = Number(process.env.BENCH_DASHBOARD_WRITES ?? 10);
/** The charts the dashboard draws without being asked: treemap, created / closed / active, the states pie. */
export const CHART_CARDS = ['CaseDistributionTreemap', 'CaseFlowCharts', 'CaseStatesPie'] as const;

/**
 * In the page: answers the ms until every chart of every chart card is drawn (apexcharts' SVG with its paths or treemap rectangles, or
 * the card's empty text) and two frames have passed; with `click`, after a click on the menu's Dashboard entry.
 */
function chartsPaintedAfter([cards, click]: readonly [readonly string[], boolean]): Promise<number> {
  const painted = () =>
    cards.every((card) => {
      const section = document.querySelector(`[data-card="${card}"]`);
      if (!section || section.querySelector('[data-chart-loading]')) return false;
      if (section.querySelector('[data-field="empty"]')) return true;
      const charts = [...section.querySelectorAll('[data-chart]')];
      return charts.length > 0 && charts.every((chart) => chart.querySelector('svg.apexcharts-svg path, svg.apexcharts-svg rect.apexcharts-treemap-rect') !== null);
    });
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    const observer = new MutationObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    if (!click) {
      if (painted()) {
        observer.disconnect();
        done();
      }
      return;
    }
    const link = document.querySelector<HTMLAnchorElement>('nav a[href="/dashboard"]');
    if (!link) reject(new Error('no Dashboard entry in the menu'));
    else link.click();
  });
}

/** Open cases of a type as the type panel shows them. */
const panelCount = (page: Page, typeId: string) => page.locator(`[data-card="type-panel"] [data-type-id="${typeId}"] [data-field="count"]`).textContent();

export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const server = await startVolumeServer('dashboard', { cases: CASES, tickets: TICKETS }, 'dist');
  const { baseUrl, handle } = server;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const { documents, bytes } = await replicatedAggregates(handle.db);

    const page = await signInAsAdmin(browser, baseUrl);
    const signedIn = Date.now();
    await page.locator('[data-testid="dashboard"]').waitFor({ timeout: 120_000 });
    await page.evaluate(chartsPaintedAfter, [CHART_CARDS, false] as const);
    const firstMs = Date.now() - signedIn;
    // The rest of the replica (the volume's cases) arrives meanwhile; the warm opens are measured once it is in.
    await waitForVolumeCases(page, baseUrl, CASES);

    const opens: number[] = [];
    for (let i = 0; i < OPENS; i += 1) {
      await page.goto(`${baseUrl}/cases`);
      await page.locator('h1', { hasText: 'Cases' }).waitFor();
      opens.push(await page.evaluate(chartsPaintedAfter, [CHART_CARDS, true] as const));
    }

    // Another browser's dashboard; each write completes one open case of a volume type, and its panel count drops.
    const other = await signInAsAdmin(browser, baseUrl);
    await other.locator('[data-card="type-panel"] [data-type-id]').first().waitFor({ timeout: 120_000 });
    const typeId = (await other.locator('[data-card="type-panel"] [data-type-id]').first().getAttribute('data-type-id'))!;
    const open = await handle.db.selectFrom('cases').select('id').where('case_type_id', '=', typeId).where('status', 'in', ['CREATED', 'PROGRESS']).where('deleted', '=', false).limit(WRITES).execute();
    const reflected: number[] = [];
    for (const { id } of open) {
      const before = await panelCount(other, typeId);
      const started = Date.now();
      await withWorkspaceWrite(handle.db, 'ws-demo', (tx, rev) => tx.updateTable('cases').set({ status: 'COMPLETED', closing: new Date(), rev, updated_at: new Date() }).where('id', '=', id).execute());
      await other.waitForFunction(
        ([selector, text]) => document.querySelector(selector)?.textContent !== text,
        [`[data-card="type-panel"] [data-type-id="${typeId}"] [data-field="count"]`, before] as const,
        { timeout: 30_000, polling: 'raf' },
      );
      reflected.push(Date.now() - started);
    }
    return [
      { name: 'dashboard: aggregates replicated (JSON)', value: round(bytes / 1024), unit: `KiB in ${documents} documents`, target: '≪ 1 MB' },
      { name: `dashboard: sign-in → every chart painted (cold, ${CASES} cases)`, value: round(firstMs), unit: 'ms' },
      { name: 'dashboard: menu click → every chart painted, warm p95', value: round(percentile(opens, 95)), unit: `ms (p50 ${round(percentile(opens, 50))}, max ${round(Math.max(...opens))})`, target: '≤ 500 ms' },
      { name: 'dashboard: case write → another browser shows it p95', value: round(percentile(reflected, 95)), unit: `ms (p50 ${round(percentile(reflected, 50))}, max ${round(Math.max(...reflected))})`, target: '≤ 1 s' },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
