import * as Comlink from 'comlink';
import type { BatchLineDraft, LineProblem } from '../domain/batches/batchLines.ts';
import type { CsvParseEvent, CsvParseSummary, CsvWorkerApi } from '../../workers/csv/api.ts';

export type { CsvParseEvent, CsvParseSummary } from '../../workers/csv/api.ts';

type Running = { worker: Worker; api: Comlink.Remote<CsvWorkerApi> };
let running: Running | null = null;

/**
 * The CSV worker, started on first use. Only the batches wizard imports this module, so papaparse and the worker
 * never weigh on the other routes.
 */
function csvWorker(): Running {
  if (running) return running;
  const worker = new Worker(new URL('../../workers/csv/csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' });
  running = { worker, api: Comlink.wrap<CsvWorkerApi>(worker) };
  return running;
}

/** Starts the worker ahead of the first file (when the wizard opens), so choosing a file does not wait for it. */
export function prepareCsvParser(): void {
  csvWorker();
}

/**
 * Parses a CSV file in the worker: `onProgress` gets the header, then the first preview page as soon as it is
 * parsed, then progress at most every ~100 ms; the promise ends with the summary or the file's refusal. A new call
 * cancels the one running (it ends with the code 'cancelled').
 */
export function parseCsv(file: Blob, onProgress: (event: CsvParseEvent) => void): Promise<CsvParseSummary> {
  return csvWorker().api.parse(file, Comlink.proxy(onProgress));
}

/** A page of the parsed lines (the preview's pages, or chunks of lines to send). */
export function csvRows(parseId: number, offset: number, limit: number): Promise<BatchLineDraft[]> {
  return csvWorker().api.rows(parseId, offset, limit);
}

export function csvProblems(parseId: number, offset: number, limit: number): Promise<LineProblem[]> {
  return csvWorker().api.problems(parseId, offset, limit);
}

export function cancelCsvParse(): Promise<void> {
  return running ? running.api.cancel() : Promise.resolve();
}

/** Ends the worker and frees the parsed file (the wizard closed). */
export function stopCsvParser(): void {
  running?.api[Comlink.releaseProxy]();
  running?.worker.terminate();
  running = null;
}
