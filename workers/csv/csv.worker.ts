/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import type { BatchLineDraft, LineProblem } from '../../src/domain/batches/batchLines.ts';
import type { CsvWorkerApi } from './api.ts';
import { parseCsvStream } from './parseCsvStream.ts';

/** The last file parsed: its lines and problems stay here and are read by page (see CsvParseSummary). */
let last: { parseId: number; rows: BatchLineDraft[]; problems: LineProblem[] } | null = null;
let running: AbortController | null = null;
let nextParseId = 1;

const page = <T>(items: T[], offset: number, limit: number): T[] => items.slice(Math.max(0, offset), Math.max(0, offset) + Math.max(0, limit));

const api: CsvWorkerApi = {
  async parse(file, onEvent) {
    running?.abort();
    const controller = new AbortController();
    running = controller;
    const parseId = nextParseId++;
    last = null;
    try {
      const parsed = await parseCsvStream(file, { parseId, onEvent, signal: controller.signal });
      if (running === controller) last = { parseId, rows: parsed.rows, problems: parsed.problems };
      return parsed.summary;
    } finally {
      if (running === controller) running = null;
      // The callback is a MessagePort held open by Comlink until released.
      (onEvent as unknown as Comlink.Remote<unknown>)[Comlink.releaseProxy]?.();
    }
  },
  async cancel() {
    running?.abort();
    running = null;
    last = null;
  },
  async rows(parseId, offset, limit) {
    return last?.parseId === parseId ? page(last.rows, offset, limit) : [];
  },
  async problems(parseId, offset, limit) {
    return last?.parseId === parseId ? page(last.problems, offset, limit) : [];
  },
};

Comlink.expose(api);
