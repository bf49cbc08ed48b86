/**
 * How a CSV file's bytes become text and how its text is split: the encoding decided from the first bytes, the
 * line break and the delimiter guessed from the first lines. Pure, so the worker and the wizard decide alike.
 */

/** How many bytes the encoding is decided on; enough for hundreds of lines, small enough to read at once. */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

export type CsvEncoding =
  | { kind: 'utf-8'; bomBytes: 0 | 3 }
  /** Not UTF-8 but text: a spreadsheet's "CSV" export on Windows, read as windows-1252 (a superset of Latin-1). */
  | { kind: 'windows-1252' }
  | { kind: 'utf-16' }
  | { kind: 'binary' }
  | { kind: 'empty' };

/** The text decoder label of an encoding the worker reads. */
export type TextEncodingLabel = 'utf-8' | 'windows-1252';

/** Formats whose first bytes say they are not text (images, archives, PDF, office files, executables). */
const BINARY_SIGNATURES: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x50, 0x4b, 0x03, 0x04], // zip, xlsx, docx
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x1f, 0x8b], // gzip
  [0xd0, 0xcf, 0x11, 0xe0], // old Office (xls)
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // Windows executable
];

const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** Control bytes that text files do not hold (tab, line feed, form feed and carriage return are text). */
const isControlByte = (b: number) => (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f;
/** Bytes windows-1252 leaves undefined: a "text" holding them is something else. */
const isUndefinedIn1252 = (b: number) => b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d;

/** More than one odd byte in a thousand is not a text file that a person saved. */
const looksLikeText = (bytes: Uint8Array, oddByte: (b: number) => boolean): boolean => {
  let odd = 0;
  for (const b of bytes) if (oddByte(b)) odd += 1;
  return odd * 1000 <= bytes.length;
};

/**
 * How many bytes from the start of `bytes` are well-formed UTF-8 (all of them when it is valid). When the bytes
 * are only the start of the file (`complete` false), a sequence cut by their end is not held against them.
 */
export function validUtf8Length(bytes: Uint8Array, complete: boolean): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    let length: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [length, min] = [2, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [length, min] = [3, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [length, min] = [4, 0x10000];
    else return i;
    if (i + length > bytes.length) {
      // Cut by the end of the bytes: those that are there must still be continuation bytes.
      for (let j = i + 1; j < bytes.length; j += 1) if ((bytes[j]! & 0xc0) !== 0x80) return i;
      return complete ? i : bytes.length;
    }
    let code = b & (0xff >> (length + 1));
    for (let j = 1; j < length; j += 1) {
      const next = bytes[i + j]!;
      if ((next & 0xc0) !== 0x80) return i;
      code = (code << 6) | (next & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8.
    if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    i += length;
  }
  return bytes.length;
}

export const isValidUtf8 = (bytes: Uint8Array, complete: boolean): boolean => validUtf8Length(bytes, complete) === bytes.length;

/** windows-1252's 0x80–0x9F; the other bytes are their own code points (as in Latin-1). */
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const WINDOWS_1252 = Uint16Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(b - 0x80) : b));

/**
 * Decodes windows-1252 bytes. Written out because Node's TextDecoder reads that label as Latin-1 (the euro sign
 * becomes U+0080) where browsers do not; this way the worker and its tests read a file alike.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const codes = new Uint16Array(Math.min(bytes.length, 8192));
  for (let start = 0; start < bytes.length; start += codes.length) {
    const end = Math.min(bytes.length, start + codes.length);
    for (let i = start; i < end; i += 1) codes[i - start] = WINDOWS_1252[bytes[i]!]!;
    parts.push(String.fromCharCode(...codes.subarray(0, end - start)));
  }
  return parts.join('');
}

/**
 * Decides how to read a file from its first bytes (`ENCODING_SAMPLE_BYTES`; `complete` when they are the whole file):
 * UTF-8 with or without a byte order mark; otherwise windows-1252 when the bytes look like text; UTF-16 is named
 * so the person can be told how to save the file; NUL bytes or a known binary signature make it not a CSV.
 */
export function detectEncoding(firstBytes: Uint8Array, complete: boolean): CsvEncoding {
  if (firstBytes.length === 0) return { kind: 'empty' };
  if (startsWith(firstBytes, [0xef, 0xbb, 0xbf])) {
    const rest = firstBytes.subarray(3);
    return isValidUtf8(rest, complete) && looksLikeText(rest, isControlByte) ? { kind: 'utf-8', bomBytes: 3 } : { kind: 'binary' };
  }
  if (startsWith(firstBytes, [0xff, 0xfe]) || startsWith(firstBytes, [0xfe, 0xff])) return { kind: 'utf-16' };
  if (firstBytes.includes(0) || BINARY_SIGNATURES.some((signature) => startsWith(firstBytes, signature))) return { kind: 'binary' };
  if (isValidUtf8(firstBytes, complete)) return looksLikeText(firstBytes, isControlByte) ? { kind: 'utf-8', bomBytes: 0 } : { kind: 'binary' };
  return looksLikeText(firstBytes, (b) => isControlByte(b) || isUndefinedIn1252(b)) ? { kind: 'windows-1252' } : { kind: 'binary' };
}

export type CsvNewline = '\r\n' | '\n' | '\r';

/**
 * Calls `onRecord(start, end)` for each record of `text`, split at line breaks outside quoted values, until it
 * answers false. The text after the last line break is a record only when `complete` (else it may be cut).
 */
function eachRecord(text: string, complete: boolean, onRecord: (start: number, end: number) => boolean): void {
  let inQuotes = false;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (c === '\n' || c === '\r')) {
      if (!onRecord(start, i)) return;
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      start = i + 1;
    }
  }
  if (complete && start < text.length) onRecord(start, text.length);
}

/**
 * The file's line break: the first one outside a quoted value (CRLF, LF, or a lone CR as old Mac exports write).
 * A sample ending on a CR cannot tell CR from CRLF; CRLF is the likelier.
 */
export function detectNewline(sample: string): CsvNewline {
  let inQuotes = false;
  for (let i = 0; i < sample.length; i += 1) {
    const c = sample[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && c === '\n') return '\n';
    else if (!inQuotes && c === '\r') return i + 1 < sample.length && sample[i + 1] !== '\n' ? '\r' : '\r\n';
  }
  return '\n';
}

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
/** Lines looked at to choose the delimiter. */
const DELIMITER_SAMPLE_LINES = 50;

/** Occurrences of `delimiter` outside quoted values in text[start, end). */
function countOutsideQuotes(text: string, start: number, end: number, delimiter: string): number {
  let count = 0;
  let inQuotes = false;
  for (let i = start; i < end; i += 1) {
    const c = text[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (!inQuotes && c === delimiter) count += 1;
  }
  return count;
}

/**
 * The delimiter of a CSV sample among `,` `;` and tab: the one that splits the header into the most columns and
 * every following line into as many; failing that, the one that splits the header most; `,` when none does (a
 * one-column file). `complete` says whether the sample holds the whole file (else its last line may be cut).
 */
export function chooseDelimiter(sample: string, complete: boolean): CsvDelimiter {
  const records: [number, number][] = [];
  eachRecord(sample, complete, (start, end) => {
    if (sample.slice(start, end).trim() !== '') records.push([start, end]);
    return records.length < DELIMITER_SAMPLE_LINES;
  });
  if (records.length === 0) return ',';
  let best: { delimiter: CsvDelimiter; columns: number; consistent: boolean } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = records.map(([start, end]) => countOutsideQuotes(sample, start, end, delimiter));
    const columns = counts[0]!;
    if (columns === 0) continue;
    const consistent = counts.every((count) => count === columns);
    if (!best || (consistent && !best.consistent) || (consistent === best.consistent && columns > best.columns)) best = { delimiter, columns, consistent };
  }
  return best?.delimiter ?? ',';
}
