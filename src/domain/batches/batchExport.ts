/**
 * A batch written back as a file (part 2 §7 GET /download/batches/{id}): the header line, then each line's values
 * in the header's order, RFC 4180 quoting (a field with a comma, a quote, a line break or surrounding spaces is
 * quoted, quotes doubled), CRLF line ends. An omitted cell (part 2 §5: empty cells are omitted) is written empty.
 */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export const exportField = (value: string): string => (NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

export const exportRecord = (fields: readonly string[]): string => `${fields.map(exportField).join(',')}\r\n`;

/** One line's record: its values in the header's order. */
export const exportLine = (header: readonly string[], values: Readonly<Record<string, string>>): string => exportRecord(header.map((column) => values[column] ?? ''));

/** The header of a batch made before headers were kept: its lines' columns in order of first appearance. */
export function columnsOf(rows: ReadonlyArray<Readonly<Record<string, string>>>): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) seen.add(column);
  return [...seen];
}
