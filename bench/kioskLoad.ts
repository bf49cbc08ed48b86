/**
 * `npm run bench kiosk-load`: the public kiosk page (issue 18: "loads fast on a cheap tablet").
 * - Its cold-load JavaScript from the built dist/: kiosk.html's script chunks and the forwarder worker it starts at
 *   once, each gzip -9 and brotli 11 as the server sends them (scripts/bundle/kioskBundle.ts), against 30 kB gzip.
 * - Lighthouse's mobile profile (emulated mid-range phone, simulated slow 4G, 4× CPU slowdown) on
 *   /forms/claims-intake (the seeded demo form) of a freshly started server, in Debian's Chromium, each run a first
 *   visit with an empty profile: time to interactive, first contentful paint, performance score.
 */
import { execFileSync } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { KIOSK_BUDGET_GZIP, measureKioskPage } from '../scripts/bundle/kioskBundle.ts';
import type { BenchResult } from './run.ts';
import { percentile, round, startVolumeServer } from './volumeServer.ts';

const RUNS = Number(process.env.BENCH_KIOSK_RUNS ?? 3);
const FORM_PATH = '/forms/claims-intake';
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

type RunFigures = { score: number; ttiMs: number; fcpMs: number; lcpMs: number; tbtMs: number; scriptBytes: number };

async function audit(url: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse gave no ${id}`);
      return value;
    };
    const resources = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      ttiMs: numeric('interactive'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      scriptBytes: resources.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  const bundle = measureKioskPage('dist');
  const server = await startVolumeServer('kiosk-load', { cases: 0, tickets: 0 }, 'dist');
  const runs: RunFigures[] = [];
  try {
    for (let i = 0; i < RUNS; i += 1) runs.push(await audit(`${server.baseUrl}${FORM_PATH}`));
  } finally {
    await server.close();
  }
  const median = (pick: (r: RunFigures) => number) => percentile(runs.map(pick), 50);
  return [
    { name: `kiosk page JavaScript, gzip (${bundle.files.length} files)`, value: round(bundle.sizes.gzip / 1000), unit: 'kB', target: `≤ ${KIOSK_BUDGET_GZIP / 1000} kB` },
    { name: 'kiosk page JavaScript, brotli', value: round(bundle.sizes.brotli / 1000), unit: 'kB' },
    { name: 'kiosk page JavaScript, uncompressed', value: round(bundle.sizes.raw / 1000), unit: 'kB' },
    { name: `lighthouse mobile on ${FORM_PATH}: time to interactive (median of ${RUNS})`, value: round(median((r) => r.ttiMs)), unit: `ms (runs: ${runs.map((r) => round(r.ttiMs)).join(', ')})` },
    { name: 'lighthouse: first contentful paint', value: round(median((r) => r.fcpMs)), unit: 'ms' },
    { name: 'lighthouse: largest contentful paint', value: round(median((r) => r.lcpMs)), unit: 'ms' },
    { name: 'lighthouse: total blocking time', value: round(median((r) => r.tbtMs)), unit: 'ms' },
    { name: 'lighthouse: performance', value: median((r) => r.score), unit: `/100 (runs: ${runs.map((r) => r.score).join(', ')})`, target: '≥ 90' },
    { name: 'scripts on the wire (Lighthouse transfer size)', value: round(median((r) => r.scriptBytes) / 1000), unit: 'kB' },
  ];
}
