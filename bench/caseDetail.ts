import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round, showCaseRow, signInAsAdmin, startVolumeServer, volumeCaseId, waitForVolumeCases } from './volumeServer.ts';

const CASES = Number(process.env.BENCH_CASES ?? 100_000);
const OPENS = Number(process.env.BENCH_CASE_DETAIL_OPENS ?? 20);

/**
 * In the page: clicks the case's row in the cases history and answers the ms until the detail is fully drawn —
 * the progress stepper and the case info are there, no section still says it is loading, and a frame is painted.
 */
function openAndWait(caseId: string): Promise<number> {
  const link = [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="case-id"]')].find((a) => a.textContent?.trim() === caseId);
  if (!link) return Promise.reject(new Error(`no row for ${caseId}`));
  const drawn = () => {
    const screen = document.querySelector('section[data-view]');
    if (!screen || !screen.querySelector('[data-testid="case-stepper"]') || !screen.querySelector('[data-section="case-info"]')) return false;
    return ![...screen.querySelectorAll('p')].some((p) => /^Loading/.test(p.textContent ?? ''));
  };
  return new Promise((resolve) => {
    const start = performance.now();
    const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - start)));
    const observer = new MutationObserver(() => {
      if (!drawn()) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    link.click();
  });
}

/**
 * The real case detail (the built PWA) over a replica of CASES cases: a click on a row of the cases history →
 * the detail fully drawn. The first open of a case also asks the server for its records (the case scope); the
 * second open of the same case is the warm one the target is about (everything already on the device).
 */
export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  const server = await startVolumeServer('case-detail', { cases: CASES, tickets: 0 }, 'dist');
  const { baseUrl } = server;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await signInAsAdmin(browser, baseUrl);
    // Cold sync: until the last volume case can be found in the history (the replica holds them all).
    const signedIn = Date.now();
    await waitForVolumeCases(page, baseUrl, CASES);
    const coldMs = Date.now() - signedIn;
    await page.waitForTimeout(5_000);

    const first: number[] = [];
    const warm: number[] = [];
    for (let i = 1; i <= OPENS; i += 1) {
      const caseId = volumeCaseId(i * Math.floor(CASES / OPENS));
      await showCaseRow(page, baseUrl, caseId);
      first.push(await page.evaluate(openAndWait, caseId));
      await page.goBack();
      await page.locator('[data-testid="case-id"]', { hasText: caseId }).first().waitFor();
      warm.push(await page.evaluate(openAndWait, caseId));
    }
    return [
      { name: `case detail: sign-in → ${CASES} cases searchable (cold sync)`, value: round(coldMs / 1000), unit: 's' },
      { name: 'case detail: open from the history, first time p95', value: round(percentile(first, 95)), unit: `ms (p50 ${round(percentile(first, 50))}; its records fetched)` },
      { name: 'case detail: open again (replica warm) p95', value: round(percentile(warm, 95)), unit: `ms (p50 ${round(percentile(warm, 50))}, max ${round(Math.max(...warm))})`, target: '≤ 100 ms' },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
