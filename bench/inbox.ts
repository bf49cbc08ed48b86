import { execFileSync } from 'node:child_process';
import { chromium, type Page } from '@playwright/test';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round, startVolumeServer } from './volumeServer.ts';

const TICKETS = Number(process.env.BENCH_INBOX_TICKETS ?? 10_000);
const CLAIMS = 20;

/** In the page: clicks Claim on a row and answers the ms until that row offers Unclaim (watched by a MutationObserver). */
function claimAndWait(caseId: string): Promise<number> {
  const rowOf = () => [...document.querySelectorAll('[data-testid="ticket-case-id"]')].find((e) => e.textContent?.trim() === caseId)?.closest('tr') ?? null;
  const hasButton = (label: string) => [...(rowOf()?.querySelectorAll('button') ?? [])].find((b) => b.textContent?.trim() === label) ?? null;
  const claim = hasButton('Claim');
  if (!claim) return Promise.reject(new Error(`no Claim button for ${caseId}`));
  return new Promise((resolve) => {
    const start = performance.now();
    const observer = new MutationObserver(() => {
      if (hasButton('Unclaim')) {
        observer.disconnect();
        resolve(performance.now() - start);
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    claim.click();
  });
}

type CpuProfile = { nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]; samples?: number[]; timeDeltas?: number[] };

/** BENCH_INBOX_PROFILE=1: the page's functions with the most self time while claiming (an unminified build). */
function printProfile(profile: CpuProfile): void {
  const self = new Map<number, number>();
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)));
  const byName = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber}`;
    byName.set(name, (byName.get(name) ?? 0) + (self.get(node.id) ?? 0) / 1000);
  }
  for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stdout.write(`  ${ms.toFixed(1).padStart(8)} ms  ${name}\n`);
}

async function rowsShown(page: Page): Promise<void> {
  await page.locator('[data-testid="ticket-case-id"]').first().waitFor({ timeout: 600_000 });
}

/**
 * The real inbox screen (the built PWA) over a replica of TICKETS open tickets: how long the first rows take after
 * sign-in (sync included) and after a reload, and claim → the row shows Unclaim, measured in Chromium.
 */
export async function run(): Promise<BenchResult[]> {
  const profile = process.env.BENCH_INBOX_PROFILE === '1';
  execFileSync('npx', ['vite', 'build', ...(profile ? ['--minify', 'false'] : [])], { stdio: 'inherit' });
  const server = await startVolumeServer('inbox', { cases: TICKETS, tickets: TICKETS }, 'dist');
  const { baseUrl } = server;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    // tsx names functions with a __name helper that the page does not have; claimAndWait runs in the page.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Username', { exact: true }).fill('admin@demo.local');
    await page.getByLabel('Password', { exact: true }).fill('Admin#2026');
    const signedIn = Date.now();
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Ada Admin').first().waitFor();
    await page.goto(`${baseUrl}/tickets`);
    await page.getByRole('tab', { name: 'Manager' }).click();
    // Cold: until a search finds the last volume ticket (the replica has them all).
    const last = `OP-${TICKETS}`;
    await page.getByRole('searchbox', { name: 'Case ID' }).fill(last);
    await page
      .locator('[data-testid="ticket-case-id"]', { hasText: last })
      .first()
      .waitFor({ timeout: Number(process.env.BENCH_INBOX_TIMEOUT_MS ?? 600_000) })
      .catch(async (error: unknown) => {
        await page.screenshot({ path: '.tmp/bench-inbox-failure.png' });
        throw error;
      });
    const coldMs = Date.now() - signedIn;
    await page.getByRole('searchbox', { name: 'Case ID' }).fill('');

    const reloads: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const start = Date.now();
      await page.reload();
      await rowsShown(page);
      reloads.push(Date.now() - start);
    }

    await page.getByRole('tab', { name: 'Manager' }).click();
    const cdp = profile ? await context.newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    const claims: number[] = [];
    const search = page.getByRole('searchbox', { name: 'Case ID' });
    for (let i = 1; i <= CLAIMS; i += 1) {
      // Narrowed by the search (700 ms debounce, not timed) so the row is on screen; the full list stays loaded.
      const caseId = `OP-${i * Math.floor(TICKETS / CLAIMS)}`;
      await search.fill(caseId);
      await page.locator('[data-testid="ticket-case-id"]', { hasText: caseId }).first().waitFor({ timeout: 30_000 });
      claims.push(await page.evaluate(claimAndWait, caseId));
    }
    if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
    return [
      { name: `inbox: sign-in → Manager tab lists ${TICKETS} tickets (cold sync)`, value: round(coldMs / 1000), unit: 's' },
      { name: 'inbox: reload → first rows shown (warm replica) p50', value: round(percentile(reloads, 50)), unit: 'ms' },
      { name: 'inbox: click Claim → the row offers Unclaim p50', value: round(percentile(claims, 50)), unit: 'ms' },
      { name: 'inbox: click Claim → the row offers Unclaim p95', value: round(percentile(claims, 95)), unit: 'ms' },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
