import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, round } from './volumeServer.ts';

const DOCS = Number(process.env.BENCH_STORAGE_DOCS ?? 20_000);
const PAGE_SIZE = 1000; // the sync worker's pull page (workers/sync/syncEngine.ts)
/** The sync bench's workspace, for the projected floor. */
const CASES = 100_000;
const TICKETS = 10_000;
const DIST = path.resolve(import.meta.dirname, '../.tmp/bench-storage-dist');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript' };

type BenchWindow = { bench: Record<string, (...args: unknown[]) => Promise<unknown>> };
const call = <T>(page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(({ method, args }) => (window as unknown as BenchWindow).bench[method]!(...args), { method, args }) as Promise<T>;

/** Serves the built page; nothing else is needed (no server calls). */
async function serveDist() {
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://bench').pathname;
    const file = path.join(DIST, path.normalize(pathname === '/' ? '/index.html' : pathname));
    readFile(file).then(
      (body) => response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function measure(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'bench' in window);
  const perDoc = async (method: string, ...args: unknown[]) => (await call<number>(page, method, ...args, DOCS, PAGE_SIZE)) / DOCS;
  const measured = {
    none: await perDoc('indexedDb', 'cases', false),
    tickets: await perDoc('indexedDb', 'tickets', true),
    cases: await perDoc('indexedDb', 'cases', true),
    replicaTickets: await perDoc('replica', 'tickets'),
    replicaCases: await perDoc('replica', 'cases'),
    counts: await call<{ tickets: number; cases: number }>(page, 'indexCounts'),
  };
  await page.close();
  return measured;
}

/**
 * What bounds the cold load's "whole replica queryable" (issue 11): the cost of writing a document into IndexedDB
 * in Chromium, with no library, against the sync worker's own write of a pulled page. DOCS case documents in pages
 * of 1000, first in an off-the-record context (IndexedDB in memory, as every other Chromium bench here), then in
 * a profile on disk, as an installed PWA has it. The floor is what IndexedDB alone needs for the sync bench's
 * 100,000 cases and 10,000 tickets with the replica's indexes, before any network, server or library.
 */
export async function run(): Promise<BenchResult[]> {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/storageBound/vite.bench.config.ts'], { stdio: 'inherit' });
  const dist = await serveDist();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'bench-storage-'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: BenchResult[] = [];
  try {
    const onDisk = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
    const runs = [
      ['in memory', await measure(await browser.newContext(), dist.url)],
      ['on disk', await measure(onDisk, dist.url)],
    ] as const;
    await onDisk.close();
    for (const [where, m] of runs) {
      const floor = (CASES * m.cases + TICKETS * m.tickets) / 1000;
      results.push(
        { name: `IndexedDB ${where}, a case, no index`, value: round(m.none * 1000), unit: 'µs' },
        { name: `IndexedDB ${where}, a ticket, its ${m.counts.tickets} indexes`, value: round(m.tickets * 1000), unit: 'µs' },
        { name: `IndexedDB ${where}, a case, its ${m.counts.cases} indexes`, value: round(m.cases * 1000), unit: 'µs' },
        { name: `the worker's write (RxDB on Dexie) ${where}, a ticket`, value: round(m.replicaTickets * 1000), unit: 'µs' },
        { name: `the worker's write (RxDB on Dexie) ${where}, a case`, value: round(m.replicaCases * 1000), unit: 'µs' },
        { name: `IndexedDB floor ${where}, ${CASES} cases + ${TICKETS} tickets`, value: round(floor), unit: 's', target: 'whole replica ≤ 10 s' },
        { name: `the worker's writes ${where}, the same`, value: round((CASES * m.replicaCases + TICKETS * m.replicaTickets) / 1000), unit: 's' },
      );
    }
  } finally {
    await browser.close();
    await dist.close();
    await rm(profile, { recursive: true, force: true });
  }
  return results;
}
