/**
 * `npm run bench -- csv`: issue 17's CSV figures. A generated 100,000-line, ~20 MB CSV (bench/csvFile.ts) is parsed
 * in the real CSV worker in headless Chromium: the console's client (src/data/csvParser.ts) and worker built by Vite
 * for production into a small page (bench/csvPage) that shows the preview and the progress as the wizard will.
 * Each run reloads the page, so the worker starts cold with the file, as when a person chooses one; the file is
 * fetched into the page before the clock starts. The bench fails unless a second file chosen during a parse
 * cancels it and its lines read back by page.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import type { CsvBenchRun } from './csvPage/csvBenchPage.ts';
import { CSV_BENCH_LINES, benchCsv } from './csvFile.ts';
import type { BenchResult } from './run.ts';
import { CHROMIUM_ARGS, percentile, round } from './volumeServer.ts';

const RUNS = Number(process.env.BENCH_CSV_RUNS ?? 5);
/** The port kept for a second checkout's browser checks (E2E_PORT), 4314 by default. */
const PORT = Number(process.env.E2E_PORT ?? 4314);

export async function run(): Promise<BenchResult[]> {
  const outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-csv-'));
  const root = fileURLToPath(new URL('./csvPage/', import.meta.url));
  await build({ configFile: false, root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const csv = benchCsv();
  await fs.writeFile(path.join(outDir, 'bench.csv'), csv);
  const server = await preview({ configFile: false, root, logLevel: 'warn', build: { outDir }, preview: { port: PORT, strictPort: true, host: '127.0.0.1' } });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const runs: CsvBenchRun[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.goto(`http://127.0.0.1:${PORT}/`);
      await page.waitForFunction(() => 'runCsvBench' in window);
      runs.push(await page.evaluate((url) => (window as unknown as { runCsvBench: (url: string) => Promise<CsvBenchRun> }).runCsvBench(url), '/bench.csv'));
    }
    const replaced = await page.evaluate((url) => (window as unknown as { checkReplaceAndPages: (url: string) => Promise<unknown> }).checkReplaceAndPages(url), '/bench.csv');
    const expected = { first: 'cancelled', second: 'ok 12', secondPage: [7, 8, 9, 10, 11] };
    if (JSON.stringify(replaced) !== JSON.stringify(expected)) throw new Error(`a new file should cancel the running parse: ${JSON.stringify(replaced)}`);
    const rowCounts = new Set(runs.map((r) => r.rowCount));
    if (rowCounts.size !== 1 || !rowCounts.has(CSV_BENCH_LINES)) throw new Error(`expected ${CSV_BENCH_LINES} lines, parsed ${[...rowCounts].join(', ')}`);
    const of = (pick: (r: CsvBenchRun) => number) => runs.map(pick);
    const mb = round(Buffer.byteLength(csv) / 1e6);
    return [
      { name: `file: ${CSV_BENCH_LINES} lines, ${mb} MB, lines parsed / problems`, value: runs[0]!.rowCount, unit: `lines / ${runs[0]!.problemCount} problems` },
      { name: `first preview page shown, median of ${RUNS} (ms)`, value: round(percentile(of((r) => r.firstPreviewMs), 50)), unit: 'ms', target: '≤ 500' },
      { name: `first preview page shown, worst of ${RUNS} (ms)`, value: round(Math.max(...of((r) => r.firstPreviewMs))), unit: 'ms', target: '≤ 500' },
      { name: `whole file parsed in the worker, median of ${RUNS} (ms)`, value: round(percentile(of((r) => r.parsedMs), 50)), unit: 'ms', target: '≤ 5000' },
      { name: `whole file parsed in the worker, worst of ${RUNS} (ms)`, value: round(Math.max(...of((r) => r.parsedMs))), unit: 'ms', target: '≤ 5000' },
      { name: 'longest main-thread task during a parse (ms, 0 = none ≥ 50)', value: round(Math.max(...of((r) => r.longestTaskMs))), unit: 'ms', target: '≤ 50' },
      { name: 'main-thread long tasks during all parses', value: runs.reduce((n, r) => n + r.longTasks, 0), unit: 'tasks' },
      { name: 'longest gap between frames during a parse (ms)', value: round(Math.max(...of((r) => r.longestFrameGapMs))), unit: 'ms' },
      { name: 'progress reports per parse, median', value: percentile(of((r) => r.progressEvents), 50), unit: 'reports' },
    ];
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
    await fs.rm(outDir, { recursive: true, force: true });
  }
}
