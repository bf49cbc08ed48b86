import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { REPLICA_SCHEMAS } from '../src/data/replicaSchema.ts';
import { clientHash } from '../src/domain/auth/clientHash.ts';
import { SESSION_COOKIE } from '../src/domain/auth/session.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoSeed.ts';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, round, startVolumeServer } from './volumeServer.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const RUNS = Number(process.env.BENCH_CASES_RUNS ?? 100);

type BenchWindow = { bench: Record<string, (...args: unknown[]) => Promise<unknown>> };
const call = <T>(page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(({ method, args }) => (window as unknown as BenchWindow).bench[method]!(...args), { method, args }) as Promise<T>;

type ViewTiming = { name: string; p50: number; p95: number; max: number; totalP50: number; totalP95: number; total: number; lastGroupMs: number; groups: number; turnP50: number; turnP95: number };

/**
 * The cases history over the 100,000-case workspace of `npm run bench -- sync` (the same seed), in real Chromium:
 * the replica is filled by the real sync worker (so the search keys are the ones it computes), then each view of
 * the screen (a search, every filter combination) is opened page after page within its first group of 500.
 */
export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/sync/vite.bench.config.ts'], { stdio: 'inherit' });
  const server = await startVolumeServer('cases', { cases: CASES, tickets: 0 }, '.tmp/bench-sync-dist');
  const { app, baseUrl } = server;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const account = DEMO_ACCOUNTS.find((a) => a.username === 'admin@demo.local')!;
    const response = await app.inject({ method: 'POST', url: '/token?grant_type=password', payload: { username: account.username, password: await clientHash(account.username, account.password) } });
    const { user, access_token: token } = response.json<{ user: { id: string }; access_token: string }>();
    const context = await browser.newContext();
    await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
    // tsx names functions with a __name helper that the page does not have.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.waitForFunction(() => 'bench' in window);
    const cold = await call<{ ms: number }>(page, 'coldSync', user.id, { cases: CASES, tickets: 0 });
    // BENCH_CASES_RUNS=0 measures the cold sync alone (to compare index sets).
    const views = RUNS > 0 ? await call<ViewTiming[]>(page, 'timeCaseHistory', RUNS) : [];
    const indexes = REPLICA_SCHEMAS.cases.indexes?.length ?? 0;
    const results: BenchResult[] = [{ name: `cases: cold sync of ${CASES} cases (${indexes} case indexes)`, value: round(cold.ms / 1000), unit: 's' }];
    for (const view of views) {
      results.push({ name: `cases history: open ${view.name}, rows p95`, value: round(view.p95), unit: `ms (p50 ${round(view.p50)}, max ${round(view.max)}; ${view.total} cases)`, target: '≤ 16 ms' });
    }
    // The total (groups, 'of N') is counted after the rows are shown, as the screen does.
    for (const view of views) {
      results.push({ name: `cases history: open ${view.name}, total counted p95`, value: round(view.totalP95), unit: `ms (p50 ${round(view.totalP50)})` });
    }
    for (const view of views) {
      results.push({ name: `cases history: ${view.name}, next page p95`, value: round(view.turnP95), unit: `ms (p50 ${round(view.turnP50)})`, target: '≤ 16 ms' });
    }
    for (const view of views) {
      results.push({ name: `cases history: ${view.name}, last page of group ${view.groups}`, value: round(view.lastGroupMs), unit: 'ms' });
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
