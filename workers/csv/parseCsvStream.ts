import Papa from 'papaparse';
import { encodingVerdict, isBlankRecord, lineProblem, readHeader, readLine, type BatchLineDraft, type CsvFileError, type LineProblem } from '../../src/domain/batches/batchLines.ts';
import { BATCH_MESSAGES, BATCH_PREVIEW_PAGE_SIZE, isCsvFileName } from '../../src/domain/batches/batchRules.ts';
import { ENCODING_SAMPLE_BYTES, chooseDelimiter, decodeWindows1252, detectEncoding, detectNewline, validUtf8Length, type CsvDelimiter, type CsvNewline, type TextEncodingLabel } from '../../src/domain/batches/csvText.ts';
import { PROBLEMS_IN_SUMMARY, type CsvParseEvent, type CsvParseSummary } from './api.ts';

/**
 * A small first read gets the header and the preview page on screen at once; later reads are larger, as fewer
 * reads parse faster and the page is free either way (this runs in the worker).
 */
export const FIRST_CHUNK_BYTES = 64 * 1024;
export const CHUNK_BYTES = 1024 * 1024;
export const PROGRESS_EVERY_MS = 100;

export type ParseCsvOptions = {
  parseId: number;
  onEvent: (event: CsvParseEvent) => void;
  signal?: AbortSignal;
  firstChunkBytes?: number;
  chunkBytes?: number;
  now?: () => number;
};

export type ParsedCsv = { summary: CsvParseSummary; rows: BatchLineDraft[]; problems: LineProblem[] };

class FileRefused extends Error {
  constructor(readonly refusal: CsvFileError) {
    super(refusal.message);
  }
}

const refuse = (refusal: CsvFileError): never => {
  throw new FileRefused(refusal);
};

/** Bytes to text, chunk after chunk; null when UTF-8 bytes are broken (the file is refused, not garbled). */
function textDecoder(label: TextEncodingLabel): (bytes: Uint8Array, last: boolean) => string | null {
  if (label === 'windows-1252') return (bytes) => decodeWindows1252(bytes);
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return (bytes, last) => {
    try {
      return utf8.decode(bytes, { stream: !last });
    } catch (_broken) {
      return null;
    }
  };
}

/** How many complete records `text` holds (to name the line where UTF-8 breaks). */
const completeRecords = (text: string, delimiter: CsvDelimiter, newline: CsvNewline): number =>
  (new Papa.Parser({ delimiter, newline, quoteChar: '"' }).parse(text, 0, true) as Papa.ParseResult<string[]>).data.length;

/**
 * Reads a CSV file as a stream and makes batch line drafts of it (part 2 §5). The bytes are decoded here with one
 * streaming TextDecoder, not by papaparse's file reader: that one decodes each slice of the file on its own and
 * breaks a UTF-8 character cut by a slice's end. Papaparse's parser then splits the decoded text, chunk after chunk,
 * keeping a line cut by a chunk's end for the next one. A refused file ends with its code and message, never a throw.
 */
export async function parseCsvStream(file: Blob, options: ParseCsvOptions): Promise<ParsedCsv> {
  const { parseId, onEvent, signal } = options;
  const now = options.now ?? (() => performance.now());
  const rows: BatchLineDraft[] = [];
  const problems: LineProblem[] = [];
  const totalBytes = file.size;
  let columns: string[] | null = null;
  let line = 0;
  let headerSent = false;
  let previewSent = false;

  const checkCancelled = () => {
    if (signal?.aborted) refuse({ code: 'cancelled', message: 'The file was replaced or closed before it was read.' });
  };
  // Nothing is reported once the parse is cancelled: the page has moved on to another file.
  const emit = (event: CsvParseEvent) => {
    checkCancelled();
    onEvent(event);
  };

  const takeRecord = (cells: string[], parseError: string | undefined) => {
    line += 1;
    if (columns === null) {
      if (isBlankRecord(cells)) return;
      const header = readHeader(cells);
      if (!header.ok) return refuse(header);
      columns = header.columns;
      return;
    }
    if (parseError) {
      problems.push(lineProblem(parseError === 'MissingQuotes' ? 'unclosed-quote' : 'malformed-quote', line));
      return;
    }
    if (isBlankRecord(cells)) return;
    const read = readLine(columns, cells, line);
    if (read.ok) rows.push(read.draft);
    else problems.push(read.problem);
  };

  try {
    const name = (file as Partial<File>).name;
    if (typeof name === 'string' && !isCsvFileName(name)) refuse({ code: 'not-csv', message: BATCH_MESSAGES.onlyCsv });
    const sampleEnd = Math.min(totalBytes, ENCODING_SAMPLE_BYTES);
    const sample = new Uint8Array(await file.slice(0, sampleEnd).arrayBuffer());
    checkCancelled();
    const verdict = encodingVerdict(detectEncoding(sample, sampleEnd === totalBytes));
    if (!verdict.ok) return refuse(verdict);
    // Bytes that stop being UTF-8 past the sample refuse the file instead of becoming '�'.
    const decode = textDecoder(verdict.label);

    let delimiter: CsvDelimiter | null = null;
    let newline: CsvNewline = '\n';
    let pending = '';
    let offset = verdict.skipBytes;
    let chunkBytes = options.firstChunkBytes ?? FIRST_CHUNK_BYTES;
    let lastProgress = now();

    for (;;) {
      const end = Math.min(totalBytes, offset + chunkBytes);
      const bytes = offset < end ? new Uint8Array(await file.slice(offset, end).arrayBuffer()) : new Uint8Array(0);
      checkCancelled();
      offset = end;
      chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
      const finished = offset >= totalBytes;
      const decoded = decode(bytes, finished);
      if (decoded === null) {
        const before = pending + (decode(bytes.subarray(0, validUtf8Length(bytes, false)), false) ?? '');
        const records = delimiter === null ? 0 : completeRecords(before, delimiter, newline);
        const badLine = line + records + 1;
        return refuse({ code: 'not-utf8', message: BATCH_MESSAGES.notUtf8(badLine), params: { line: badLine } });
      }
      const text = pending + decoded;
      pending = '';
      // The delimiter and line break are chosen once, on text holding at least a whole first line.
      if (delimiter === null) {
        if (!finished && !/[\r\n]/.test(text)) {
          pending = text;
          continue;
        }
        newline = detectNewline(text);
        delimiter = chooseDelimiter(text, finished);
      }
      const parsed = new Papa.Parser({ delimiter, newline, quoteChar: '"' }).parse(text, 0, !finished) as Papa.ParseResult<string[]>;
      const errorByRow = new Map<number, string>();
      for (const error of parsed.errors) if (!errorByRow.has(error.row ?? -1)) errorByRow.set(error.row ?? -1, error.code);
      for (const [index, cells] of parsed.data.entries()) takeRecord(cells, errorByRow.get(index));
      // Without a complete last line the parser stops before it; that line starts the next chunk.
      if (!finished) pending = text.slice(parsed.meta.cursor);

      if (columns !== null && !headerSent) {
        headerSent = true;
        emit({ type: 'header', parseId, columns, delimiter, encoding: verdict.label, totalBytes });
      }
      if (headerSent && !previewSent && (rows.length >= BATCH_PREVIEW_PAGE_SIZE || finished)) {
        previewSent = true;
        emit({ type: 'preview', parseId, rows: rows.slice(0, BATCH_PREVIEW_PAGE_SIZE) });
      }
      if (!finished && now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = now();
        emit({ type: 'progress', parseId, bytesRead: offset, totalBytes, rows: rows.length, problems: problems.length });
      }
      if (finished) break;
    }
    if (columns === null) return refuse({ code: 'empty-file', message: BATCH_MESSAGES.emptyFile });
    return {
      summary: {
        ok: true,
        parseId,
        columns,
        delimiter: delimiter ?? ',',
        encoding: verdict.label,
        totalBytes,
        rowCount: rows.length,
        problemCount: problems.length,
        problems: problems.slice(0, PROBLEMS_IN_SUMMARY),
      },
      rows,
      problems,
    };
  } catch (error) {
    const refusal: CsvFileError = error instanceof FileRefused ? error.refusal : { code: 'read-failed', message: BATCH_MESSAGES.readFailed };
    return { summary: { ok: false, parseId, ...refusal }, rows: [], problems: [] };
  }
}
