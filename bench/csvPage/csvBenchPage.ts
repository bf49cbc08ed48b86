/**
 * The bench's page (bench/csv.ts): the console's CSV client parses a file in the real worker while the page shows
 * the first preview page and the progress as the wizard will, and records the main thread's long tasks.
 */
import { csvRows, parseCsv, type CsvParseEvent } from '../../src/data/csvParser.ts';

export type CsvBenchRun = { firstPreviewMs: number; parsedMs: number; rowCount: number; problemCount: number; progressEvents: number; longestTaskMs: number; longTasks: number; longestFrameGapMs: number };

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));

function showPreview(event: Extract<CsvParseEvent, { type: 'preview' }>, columns: string[]) {
  const table = document.getElementById('preview')!;
  table.replaceChildren(
    ...event.rows.map((row) => {
      const tr = document.createElement('tr');
      for (const column of columns) {
        const td = document.createElement('td');
        td.textContent = row.values[column] ?? '';
        tr.append(td);
      }
      return tr;
    }),
  );
}

async function runOnce(url: string): Promise<CsvBenchRun> {
  const blob = await (await fetch(url)).blob();
  const file = new File([blob], 'bench.csv', { type: 'text/csv' });
  // Without long task timing the bench would report 0 ms for a page it cannot see.
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) throw new Error('this browser does not report long tasks');
  const longTasks: PerformanceEntry[] = [];
  const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries()));
  observer.observe({ type: 'longtask' });
  // Frame gaps show the page's responsiveness below the 50 ms a long task needs to be reported.
  let lastFrame = await nextFrame();
  let longestFrameGapMs = 0;
  let parsing = true;
  const frames = (async () => {
    while (parsing) {
      const at = await nextFrame();
      longestFrameGapMs = Math.max(longestFrameGapMs, at - lastFrame);
      lastFrame = at;
    }
  })();

  let columns: string[] = [];
  let progressEvents = 0;
  let resolvePreview: (at: number) => void = () => undefined;
  const previewShown = new Promise<number>((resolve) => (resolvePreview = resolve));
  const started = performance.now();
  const summary = await parseCsv(file, (event) => {
    if (event.type === 'header') columns = event.columns;
    if (event.type === 'preview') {
      showPreview(event, columns);
      // Shown: the rows are in the document and the next frame has been painted.
      void nextFrame().then(() => resolvePreview(performance.now()));
    }
    if (event.type === 'progress') {
      progressEvents += 1;
      document.getElementById('progress')!.textContent = `${Math.round((100 * event.bytesRead) / event.totalBytes)}% · ${event.rows} lines · ${event.problems} problems`;
    }
  });
  const parsedAt = performance.now();
  const previewAt = await previewShown;
  parsing = false;
  await frames;
  observer.disconnect();
  if (!summary.ok) throw new Error(`the bench file was refused: ${summary.message}`);
  const during = longTasks.filter((t) => t.startTime + t.duration >= started && t.startTime <= parsedAt);
  return {
    firstPreviewMs: previewAt - started,
    parsedMs: parsedAt - started,
    rowCount: summary.rowCount,
    problemCount: summary.problemCount,
    progressEvents,
    longestTaskMs: Math.max(0, ...during.map((t) => t.duration)),
    longTasks: during.length,
    longestFrameGapMs,
  };
}

/**
 * The worker's contract end to end: a second file chosen while the first is read cancels the first, and the lines
 * of the second are read back by page (the preview's second page: its 6th to 10th lines, file lines 7–11).
 */
async function checkReplaceAndPages(url: string): Promise<{ first: string; second: string; secondPage: number[] }> {
  const blob = await (await fetch(url)).blob();
  const first = parseCsv(new File([blob], 'first.csv'), () => undefined);
  const second = await parseCsv(new File(['id,name\n' + Array.from({ length: 12 }, (_, i) => `${i + 1},n${i + 1}\n`).join('')], 'second.csv'), () => undefined);
  const firstSummary = await first;
  const secondPage = second.ok ? await csvRows(second.parseId, 5, 5) : [];
  return { first: firstSummary.ok ? 'ok' : firstSummary.code, second: second.ok ? `ok ${second.rowCount}` : second.code, secondPage: secondPage.map((row) => row.line) };
}

Object.assign(window, { runCsvBench: runOnce, checkReplaceAndPages });
