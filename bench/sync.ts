import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import { clientHash } from '../src/domain/auth/clientHash.ts';
import { SESSION_COOKIE } from '../src/domain/auth/session.ts';
import { DEMO_ACCOUNTS } from '../server/db/seed/demoSeed.ts';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round, startVolumeServer } from './volumeServer.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const TICKETS = Number(process.env.BENCH_TICKETS ?? 10_000);

type BenchWindow = { bench: Record<string, (...args: unknown[]) => Promise<unknown>> };
const call = <T>(page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(({ method, args }) => (window as unknown as BenchWindow).bench[method]!(...args), { method, args }) as Promise<T>;

/**
 * Sync in real Chromium against the real server on PGlite: cold initial sync of CASES cases + TICKETS tickets,
 * local query times, claim → shown, and a server write → another browser's page.
 */
export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/sync/vite.bench.config.ts'], { stdio: 'inherit' });
  const server = await startVolumeServer('sync', { cases: CASES, tickets: TICKETS }, '.tmp/bench-sync-dist');
  const { app, handle, baseUrl } = server;

  const signIn = async (username: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.username === username)!;
    const response = await app.inject({ method: 'POST', url: '/token?grant_type=password', payload: { username, password: await clientHash(username, account.password) } });
    const body = response.json<{ user: { id: string }; access_token: string }>();
    return { userId: body.user.id, token: body.access_token };
  };
  const admin = await signIn('admin@demo.local');
  const agent = await signIn('agent@demo.local');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    // The session travels as the console's HttpOnly cookie, as after a sign-in in the page.
    const contextFor = async (token: string) => {
      const context = await browser.newContext();
      await context.addCookies([{ name: SESSION_COOKIE, value: token, url: baseUrl, httpOnly: true, sameSite: 'Strict' }]);
      return context;
    };
    const adminPage = await (await contextFor(admin.token)).newPage();
    await adminPage.goto(`${baseUrl}/`);
    await adminPage.waitForFunction(() => 'bench' in window);
    type Cold = { ms: number; inboxMs: number; configMs: number; longTasks: number[]; longTasksBeforeInbox: number[]; whileLoading: { p95: number; max: number; runs: number } };
    const cold = await call<Cold>(adminPage, 'coldSync', admin.userId, { cases: CASES, tickets: TICKETS });
    const inbox = await call<{ p95: number; p50: number }>(adminPage, 'timeQuery', 'inbox', 100);
    const cases = await call<{ p95: number; p50: number }>(adminPage, 'timeQuery', 'cases', 100);

    const free = await handle.db.selectFrom('tickets').select('id').where('team_id', '=', 'team-demo-claims').where('status', '=', 'unassigned').orderBy('id').limit(40).execute();
    const claims = await call<{ p95: number; p50: number; flickers: number; queuedP95: number; queuedP50: number }>(adminPage, 'timeClaims', free.slice(0, 30).map((t) => t.id));

    // Another browser (the agent's) watches tickets while the server changes them.
    const agentPage = await (await contextFor(agent.token)).newPage();
    await agentPage.goto(`${baseUrl}/`);
    await agentPage.waitForFunction(() => 'bench' in window);
    await call(agentPage, 'coldSync', agent.userId, { cases: 0, tickets: 1 });
    const watched = await handle.db.selectFrom('tickets').select('id').where('team_id', '=', 'team-demo-field').orderBy('id').limit(30).execute();
    const delays: number[] = [];
    for (const [i, ticket] of watched.entries()) {
      const description = `bench write ${i}`;
      const seen = call<number>(agentPage, 'watchDescription', ticket.id, description);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const sent = Date.now();
      await handle.db.transaction().execute(async (tx) => {
        const { rev } = await tx.updateTable('workspace_revisions').set((eb) => ({ rev: eb('rev', '+', 1) })).where('workspace_id', '=', 'ws-demo').returning('rev').executeTakeFirstOrThrow();
        await tx.updateTable('tickets').set({ description, rev }).where('id', '=', ticket.id).execute();
      });
      delays.push((await seen) - sent);
    }
    const longest = Math.max(0, ...cold.longTasks);
    return [
      { name: 'cold sign-in → inbox data in (config + tickets loaded, query answered)', value: round(cold.inboxMs / 1000), unit: 's', target: '≤ 3 s' },
      { name: 'cold sign-in → account and configuration loaded', value: round(cold.configMs / 1000), unit: 's' },
      { name: 'main-thread tasks over 50 ms before the inbox was in', value: cold.longTasksBeforeInbox.length, unit: '', target: '0' },
      { name: `inbox query while the rest loads p95 (${cold.whileLoading.runs} runs)`, value: round(cold.whileLoading.p95), unit: 'ms' },
      { name: 'inbox query while the rest loads, slowest', value: round(cold.whileLoading.max), unit: 'ms' },
      { name: `cold sync ${CASES} cases + ${TICKETS} tickets`, value: round(cold.ms / 1000), unit: 's', target: '≤ 10 s' },
      { name: 'longest main-thread task during cold sync', value: round(longest), unit: 'ms', target: '≤ 50 ms' },
      { name: 'main-thread tasks over 50 ms during cold sync', value: cold.longTasks.length, unit: '' },
      { name: 'inbox query (first pages) p95', value: round(inbox.p95), unit: 'ms', target: '≤ 16 ms' },
      { name: `cases history page query over ${CASES} p95`, value: round(cases.p95), unit: 'ms', target: '≤ 16 ms' },
      { name: 'claim → page shows it claimed p95', value: round(claims.p95), unit: 'ms', target: '≤ 7 ms' },
      { name: 'claim → page shows it claimed p50', value: round(claims.p50), unit: 'ms' },
      { name: 'claim → mutate() answers (queued in the outbox) p95', value: round(claims.queuedP95), unit: 'ms' },
      { name: 'claim → mutate() answers (queued in the outbox) p50', value: round(claims.queuedP50), unit: 'ms' },
      { name: 'claims shown, then shown unclaimed again', value: claims.flickers, unit: '', target: '0' },
      { name: "server write → another browser's page p95", value: round(percentile(delays, 95)), unit: 'ms', target: '≤ 100 ms' },
      { name: "server write → another browser's page p50", value: round(percentile(delays, 50)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
