import { BATCH_MESSAGES } from './batchRules.ts';
import type { CsvEncoding, TextEncodingLabel } from './csvText.ts';

/**
 * Part 2 §5: the first line of the CSV is the header, every other line is a batch line whose values are keyed by
 * the header's column names, and empty cells are omitted.
 *
 * Line numbers are the CSV's records counted from 1 with the header as line 1, as a spreadsheet numbers its rows:
 * a quoted value spanning several text lines stays one line, and blank lines are skipped but keep their number, so
 * a problem's line is the row the person finds when they open the file.
 */

/** A line of the file ready to become a batch line: its number and its non-empty values by column name. */
export type BatchLineDraft = { line: number; values: Record<string, string> };

export type LineProblemCode = 'ragged' | 'unclosed-quote' | 'malformed-quote';
/** The figures a message is made of, so a screen can say it in the user's language. */
export type MessageParams = Record<string, string | number>;
/** A line left out of the batch, and why (`params`: a ragged line's values and the header's columns). */
export type LineProblem = { line: number; code: LineProblemCode; message: string; params?: MessageParams };

/** Why a whole file is refused; each code carries its message so it survives the worker boundary. */
export type CsvFileErrorCode =
  | 'not-csv'
  | 'empty-file'
  | 'no-header'
  | 'header-name-missing'
  | 'header-name-repeated'
  | 'utf-16'
  | 'not-utf8'
  | 'read-failed'
  | 'cancelled';
export type CsvFileError = { code: CsvFileErrorCode; message: string; params?: MessageParams };

export type HeaderVerdict = { ok: true; columns: string[] } | ({ ok: false } & CsvFileError);

/**
 * The header's column names, trimmed. Empty names at the end are dropped (spreadsheets export a trailing
 * delimiter); an empty name before a named column, or a name used twice, refuses the file: its values could not be
 * told apart.
 */
export function readHeader(cells: readonly string[]): HeaderVerdict {
  const names = cells.map((cell) => cell.trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  if (names.length === 0) return { ok: false, code: 'no-header', message: BATCH_MESSAGES.noHeader };
  const seen = new Set<string>();
  for (const [index, name] of names.entries()) {
    if (name === '') return { ok: false, code: 'header-name-missing', message: BATCH_MESSAGES.headerNameMissing(index + 1), params: { column: index + 1 } };
    if (seen.has(name)) return { ok: false, code: 'header-name-repeated', message: BATCH_MESSAGES.headerNameRepeated(name), params: { name } };
    seen.add(name);
  }
  return { ok: true, columns: names };
}

/** A record with nothing but blanks: an empty line, such as the one after the last line break. */
export const isBlankRecord = (cells: readonly string[]): boolean => cells.every((cell) => cell.trim() === '');

export function lineProblem(code: LineProblemCode, line: number, detail?: { values: number; columns: number }): LineProblem {
  switch (code) {
    case 'ragged': {
      const params = { values: detail?.values ?? 0, columns: detail?.columns ?? 0 };
      return { line, code, message: BATCH_MESSAGES.raggedLine(line, params.values, params.columns), params };
    }
    case 'unclosed-quote':
      return { line, code, message: BATCH_MESSAGES.unclosedQuote(line) };
    case 'malformed-quote':
      return { line, code, message: BATCH_MESSAGES.malformedQuote(line) };
  }
}

/**
 * One record as a batch line: values trimmed and keyed by column, empty cells omitted (part 2 §5). A record with
 * fewer cells than the header, or with non-empty cells past its last column, is ragged: its values cannot be
 * matched to columns with confidence, so it is a problem instead of a line. Empty cells past the last column are
 * a trailing delimiter and are ignored.
 */
export function readLine(columns: readonly string[], cells: readonly string[], line: number): { ok: true; draft: BatchLineDraft } | { ok: false; problem: LineProblem } {
  const extraFilled = cells.length > columns.length && cells.slice(columns.length).some((cell) => cell.trim() !== '');
  if (cells.length < columns.length || extraFilled) {
    let values = cells.length;
    while (extraFilled && cells[values - 1]!.trim() === '') values -= 1;
    return { ok: false, problem: lineProblem('ragged', line, { values, columns: columns.length }) };
  }
  // No prototype: a column named "__proto__" or "constructor" is a value like any other.
  const values: Record<string, string> = Object.create(null);
  for (let i = 0; i < columns.length; i += 1) {
    const value = cells[i]!.trim();
    if (value !== '') values[columns[i]!] = value;
  }
  return { ok: true, draft: { line, values } };
}

/** What the reader does with an encoding: decode it (skipping a byte order mark), or refuse the file. */
export function encodingVerdict(encoding: CsvEncoding): { ok: true; label: TextEncodingLabel; skipBytes: number } | ({ ok: false } & CsvFileError) {
  switch (encoding.kind) {
    case 'utf-8':
      return { ok: true, label: 'utf-8', skipBytes: encoding.bomBytes };
    case 'windows-1252':
      return { ok: true, label: 'windows-1252', skipBytes: 0 };
    case 'utf-16':
      return { ok: false, code: 'utf-16', message: BATCH_MESSAGES.utf16 };
    case 'empty':
      return { ok: false, code: 'empty-file', message: BATCH_MESSAGES.emptyFile };
    case 'binary':
      // A picture or an archive renamed .csv: the spec's own words for a file that is not a CSV.
      return { ok: false, code: 'not-csv', message: BATCH_MESSAGES.onlyCsv };
  }
}
