import type { BatchLineDraft, CsvFileError, LineProblem } from '../../src/domain/batches/batchLines.ts';
import type { CsvDelimiter, TextEncodingLabel } from '../../src/domain/batches/csvText.ts';

/** What a parse reports while it runs, in this order: the header, the first preview page, then progress. */
export type CsvParseEvent =
  | { type: 'header'; parseId: number; columns: string[]; delimiter: CsvDelimiter; encoding: TextEncodingLabel; totalBytes: number }
  /** The first preview page (part 2 §9: 5 rows), sent as soon as it is parsed; fewer rows when the file has fewer. */
  | { type: 'preview'; parseId: number; rows: BatchLineDraft[] }
  /** At most every ~100 ms while the file is read. */
  | { type: 'progress'; parseId: number; bytesRead: number; totalBytes: number; rows: number; problems: number };

/**
 * The end of a parse. The lines stay in the worker and are read by page (`rows`): a 100,000-line file is some
 * 100 MB of objects, and cloning them into the page at once would block it for seconds; a preview page or a chunk
 * to send is cloned in well under a millisecond. Only the first `PROBLEMS_IN_SUMMARY` problems come with the
 * summary, for the same reason (a file of ragged lines has as many problems as lines); `problems` pages the rest.
 */
export type CsvParseSummary =
  | {
      ok: true;
      parseId: number;
      columns: string[];
      delimiter: CsvDelimiter;
      encoding: TextEncodingLabel;
      totalBytes: number;
      rowCount: number;
      problemCount: number;
      problems: LineProblem[];
    }
  | ({ ok: false; parseId: number } & CsvFileError);

export const PROBLEMS_IN_SUMMARY = 1_000;

/**
 * The whole contract of the CSV worker, as Comlink exposes it; the page imports this type, never the worker's
 * code. `onEvent` must be wrapped with Comlink.proxy. One parse at a time: a new `parse` cancels the running one
 * (it ends with the code 'cancelled') and forgets the previous file's lines.
 */
export type CsvWorkerApi = {
  parse(file: Blob, onEvent: (event: CsvParseEvent) => void): Promise<CsvParseSummary>;
  cancel(): Promise<void>;
  /** Lines `offset`…`offset + limit - 1` of parse `parseId`; none when that parse is no longer the last one. */
  rows(parseId: number, offset: number, limit: number): Promise<BatchLineDraft[]>;
  problems(parseId: number, offset: number, limit: number): Promise<LineProblem[]>;
};
