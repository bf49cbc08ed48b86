/**
 * Lighthouse (mobile profile: emulated mid-range phone, simulated slow 4G and 4× CPU slowdown) on `/` of the built
 * PWA served by a freshly started server, in Debian's Chromium. Each run is a first visit with an empty profile.
 * Also counts the console errors of `/` (Lighthouse's errors-in-console audit, which includes CSP reports) and
 * prints the sign-in route's JavaScript: as Lighthouse saw it on the wire, and as the bundle budget counts it.
 * BENCH_LIGHTHOUSE_URL audits a server already running there instead (no build, no budget figures).
 */
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { measureRoutes } from '../scripts/bundle/routeBundles.ts';
import type { BenchResult } from './run.ts';
import { percentile, round, startVolumeServer } from './volumeServer.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const GIVEN_URL = process.env.BENCH_LIGHTHOUSE_URL;
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

type RunFigures = { score: number; fcpMs: number; lcpMs: number; tbtMs: number; consoleErrors: number; scriptBytes: number; consoleMessages: string[] };

async function audit(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'best-practices'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audits = lhr.audits;
    const numeric = (id: string) => {
      const value = audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
      return value;
    };
    const consoleItems = (audits['errors-in-console']?.details as { items?: { description?: string; source?: string }[] } | undefined)?.items ?? [];
    const resources = (audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      consoleErrors: consoleItems.length,
      consoleMessages: consoleItems.map((item) => `${item.source ?? ''}: ${item.description ?? ''}`),
      scriptBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

async function auditRuns(baseUrl: string): Promise<RunFigures[]> {
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${baseUrl}/`));
  return runs;
}

export async function run(): Promise<BenchResult[]> {
  let login: ReturnType<typeof measureRoutes>[number] | undefined;
  let runs: RunFigures[];
  if (GIVEN_URL) {
    runs = await auditRuns(GIVEN_URL.replace(/\/$/, ''));
  } else {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    login = measureRoutes('dist').find((route) => route.route === 'login');
    const server = await startVolumeServer('lighthouse', { cases: 0, tickets: 0 }, 'dist');
    try {
      runs = await auditRuns(server.baseUrl);
    } finally {
      await server.close();
    }
  }
  const median = (pick: (run: RunFigures) => number) => percentile(runs.map(pick), 50);
  const messages = [...new Set(runs.flatMap((r) => r.consoleMessages))];
  for (const message of messages) process.stdout.write(`  console error on /: ${message}\n`);
  return [
    { name: `lighthouse mobile on /: performance (median of ${RUNS})`, value: median((r) => r.score), unit: `/100 (runs: ${runs.map((r) => r.score).join(', ')})`, target: '≥ 90' },
    { name: 'lighthouse: first contentful paint', value: round(median((r) => r.fcpMs)), unit: 'ms' },
    { name: 'lighthouse: largest contentful paint', value: round(median((r) => r.lcpMs)), unit: 'ms' },
    { name: 'lighthouse: total blocking time', value: round(median((r) => r.tbtMs)), unit: 'ms' },
    { name: 'lighthouse: console errors on / (most in a run)', value: Math.max(...runs.map((r) => r.consoleErrors)), unit: '', target: '0' },
    { name: 'scripts of / on the wire (Lighthouse transfer size)', value: round(median((r) => r.scriptBytes) / 1000), unit: 'kB' },
    ...(login
      ? [
          { name: 'sign-in route initial JavaScript, gzip (budget)', value: round(login.sizes.gzip / 1000), unit: 'kB', target: '≤ 150 kB' },
          { name: 'sign-in route initial JavaScript, uncompressed', value: round(login.sizes.raw / 1000), unit: 'kB' },
        ]
      : []),
  ];
}
