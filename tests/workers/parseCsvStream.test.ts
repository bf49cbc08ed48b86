import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, BATCH_PREVIEW_PAGE_SIZE } from '../../src/domain/batches/batchRules.ts';
import type { CsvParseEvent } from '../../workers/csv/api.ts';
import { parseCsvStream, type ParseCsvOptions } from '../../workers/csv/parseCsvStream.ts';

const fixture = (name: string) => new File([fs.readFileSync(new URL(`../fixtures/csv/${name}`, import.meta.url))], name);

async function parse(file: Blob, options: Partial<ParseCsvOptions> = {}) {
  const events: CsvParseEvent[] = [];
  const parsed = await parseCsvStream(file, { parseId: 7, onEvent: (event) => events.push(event), ...options });
  return { ...parsed, events };
}

/** The real-world files of tests/fixtures/csv: each gives the right lines or the spec's error, never a throw. */
describe('reading CSV files into batch lines', () => {
  it('UTF-8 with a byte order mark and CRLF: the mark is not part of the first column, accents survive', async () => {
    const { summary, rows } = await parse(fixture('bom-crlf.csv'));
    expect(summary).toMatchObject({ ok: true, columns: ['customer_id', 'name', 'city', 'amount'], delimiter: ',', encoding: 'utf-8', rowCount: 3, problemCount: 0 });
    expect(rows).toEqual([
      { line: 2, values: { customer_id: 'C-001', name: 'José Núñez', city: 'Bogotá', amount: '120.50' } },
      { line: 3, values: { customer_id: 'C-002', name: 'Zoë Müller', city: 'Köln', amount: '80' } },
      { line: 4, values: { customer_id: 'C-003', name: 'Ana Lima', city: 'São Paulo', amount: '15.25' } },
    ]);
  });

  it('quoted values keep their commas, line breaks and doubled quotes; a quoted empty value is omitted', async () => {
    const { summary, rows } = await parse(fixture('quoted-fields.csv'));
    expect(summary).toMatchObject({ ok: true, rowCount: 3, problemCount: 0 });
    expect(rows).toEqual([
      { line: 2, values: { id: '1', name: 'Pérez, Juan', address: 'Calle 5, 12\nPiso 3', note: 'He said "call me" twice' } },
      { line: 3, values: { id: '2', name: 'Smith, Ann', address: '1 Main St', note: 'multi\r\nline, with comma' } },
      { line: 4, values: { id: '3', name: 'Plain', note: '"' } },
    ]);
  });

  it('a semicolon-delimited export (decimal commas) is read with ";"', async () => {
    const { summary, rows } = await parse(fixture('semicolon.csv'));
    expect(summary).toMatchObject({ ok: true, delimiter: ';', columns: ['policy', 'holder', 'premium', 'start'] });
    expect(rows).toEqual([
      { line: 2, values: { policy: 'P-10', holder: 'Grüber', premium: '1.234,56', start: '01.02.2026' } },
      { line: 3, values: { policy: 'P-11', holder: 'Müller; Hans', premium: '99,90', start: '15.03.2026' } },
    ]);
  });

  it('a tab-delimited file is read with tabs, commas stay in the values', async () => {
    const { summary, rows } = await parse(fixture('tab-delimited.csv'));
    expect(summary).toMatchObject({ ok: true, delimiter: '\t', rowCount: 2 });
    expect(rows).toEqual([
      { line: 2, values: { ticket: 'T-1', subject: 'Printer, 3rd floor', priority: 'high' } },
      { line: 3, values: { ticket: 'T-2', subject: 'Tab\there', priority: 'low' } },
    ]);
  });

  it('empty cells (and cells of spaces) are omitted from a line\'s values (part 2 §5)', async () => {
    const { rows } = await parse(fixture('empty-cells.csv'));
    expect(rows).toEqual([
      { line: 2, values: { id: '1', first: 'Ana', last: 'Lima', email: 'ana@example.com' } },
      { line: 3, values: { id: '2', last: 'Ruiz' } },
      { line: 4, values: { id: '3', first: 'Bo', middle: 'X' } },
    ]);
  });

  it('a trailing empty line is not a line', async () => {
    const { summary, rows } = await parse(fixture('trailing-empty-line.csv'));
    expect(summary).toMatchObject({ ok: true, rowCount: 2, problemCount: 0 });
    expect(rows.map((r) => r.values)).toEqual([{ id: '1', value: 'a' }, { id: '2', value: 'b' }]);
  });

  it('ragged lines are problems naming their line; a trailing delimiter is not', async () => {
    const { summary, rows } = await parse(fixture('ragged-row.csv'));
    expect(rows).toEqual([
      { line: 2, values: { id: '1', name: 'Ana', amount: '10' } },
      { line: 5, values: { id: '4', name: 'Di', amount: '40' } },
    ]);
    expect(summary).toMatchObject({
      ok: true,
      rowCount: 2,
      problemCount: 2,
      problems: [
        { line: 3, code: 'ragged', message: 'Line 3 has 4 values; the header has 3 columns.' },
        { line: 4, code: 'ragged', message: 'Line 4 has 2 values; the header has 3 columns.' },
      ],
    });
  });

  it('a Windows "CSV" export in Latin-1 is read as windows-1252, accents and the euro sign intact', async () => {
    const { summary, rows } = await parse(fixture('latin1-accents.csv'));
    expect(summary).toMatchObject({ ok: true, encoding: 'windows-1252', delimiter: ';' });
    expect(rows.map((r) => r.values)).toEqual([
      { nombre: 'José Peña', ciudad: 'Cádiz', importe: '10 €' },
      { nombre: 'François Müller', ciudad: 'Zürich', importe: '5' },
    ]);
  });

  it('old Mac line endings (CR alone) split lines', async () => {
    const { rows } = await parse(fixture('cr-line-endings.csv'));
    expect(rows.map((r) => r.values)).toEqual([{ id: '1', name: 'Old Mac' }, { id: '2', name: 'Export' }]);
  });

  it.each([
    ['picture-renamed.csv', 'not-csv', BATCH_MESSAGES.onlyCsv],
    ['archive-renamed.csv', 'not-csv', BATCH_MESSAGES.onlyCsv],
    ['empty.csv', 'empty-file', BATCH_MESSAGES.emptyFile],
    ['utf16.csv', 'utf-16', BATCH_MESSAGES.utf16],
  ])('%s is refused with %s', async (name, code, message) => {
    const { summary, rows, events } = await parse(fixture(name));
    expect(summary).toEqual({ ok: false, parseId: 7, code, message });
    expect(rows).toEqual([]);
    expect(events).toEqual([]);
  });

  it('a file not named .csv is refused with the spec\'s message, whatever it holds', async () => {
    const { summary } = await parse(new File(['a,b\n1,2\n'], 'data.xlsx'));
    expect(summary).toMatchObject({ ok: false, code: 'not-csv', message: 'Only files in CSV format are allowed!' });
  });

  it('a header without lines parses to no lines (the wizard then says the batch has no case)', async () => {
    const { summary, events } = await parse(fixture('header-only.csv'));
    expect(summary).toMatchObject({ ok: true, columns: ['customer_id', 'name', 'amount'], rowCount: 0, problemCount: 0 });
    expect(events.map((e) => e.type)).toEqual(['header', 'preview']);
  });

  it('a header naming a column twice, or leaving a name empty, refuses the file', async () => {
    expect((await parse(new File(['id,name,id\n1,a,2\n'], 'x.csv'))).summary).toMatchObject({ ok: false, code: 'header-name-repeated', message: 'The header names the column "id" more than once.' });
    expect((await parse(new File(['id,,name\n1,a,2\n'], 'x.csv'))).summary).toMatchObject({ ok: false, code: 'header-name-missing', message: 'Column 2 of the header has no name.' });
  });

  it('an unclosed quote is a problem on its line, not a crash', async () => {
    const { summary, rows } = await parse(new File(['id,name\n1,Ana\n2,"Bo\n3,Cy\n'], 'x.csv'));
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(summary).toMatchObject({ ok: true, problems: [{ line: 3, code: 'unclosed-quote' }] });
  });

  it('UTF-8 bytes broken past the first 64 KB refuse the file with the line instead of garbling it', async () => {
    const head = 'id,name\n' + Array.from({ length: 5000 }, (_, i) => `${i},name ${i}\n`).join('');
    const bytes = new Uint8Array([...new TextEncoder().encode(head), 0x39, 0x2c, 0xe9, 0x0a]);
    const { summary } = await parse(new File([bytes], 'x.csv'));
    expect(summary).toMatchObject({ ok: false, code: 'not-utf8' });
    expect(summary.ok ? '' : summary.message).toMatch(/at line 500[12]/);
  });
});

describe('streaming', () => {
  const bigCsv = (lines: number) => 'id;city;note\r\n' + Array.from({ length: lines }, (_, i) => `${i + 1};Málaga ñ€;"quoted; ""value""\r\nline ${i}"\r\n`).join('');

  it('lines, multi-byte characters and quoted line breaks cut by chunk ends come out whole', async () => {
    const { summary, rows } = await parse(new File([bigCsv(3000)], 'big.csv'), { firstChunkBytes: 7, chunkBytes: 13 });
    expect(summary).toMatchObject({ ok: true, rowCount: 3000, problemCount: 0, delimiter: ';' });
    expect(rows[0]).toEqual({ line: 2, values: { id: '1', city: 'Málaga ñ€', note: 'quoted; "value"\r\nline 0' } });
    expect(rows.every((row, i) => row.line === i + 2 && row.values.id === String(i + 1) && row.values.city === 'Málaga ñ€' && row.values.note === `quoted; "value"\r\nline ${i}`)).toBe(true);
  });

  it('reports the header, then the first preview page as soon as it is parsed, then progress at most every 100 ms', async () => {
    let clock = 0;
    const { events } = await parse(new File([bigCsv(2000)], 'big.csv'), {
      firstChunkBytes: 200,
      chunkBytes: 4096,
      now: () => (clock += 30),
    });
    expect(events[0]).toEqual({ type: 'header', parseId: 7, columns: ['id', 'city', 'note'], delimiter: ';', encoding: 'utf-8', totalBytes: expect.any(Number) });
    expect(events[1]).toMatchObject({ type: 'preview', rows: expect.any(Array) });
    expect(events[1]!.type === 'preview' && events[1]!.rows.map((r) => r.values.id)).toEqual(['1', '2', '3', '4', '5']);
    const progress = events.filter((e) => e.type === 'progress');
    expect(progress.length).toBeGreaterThan(3);
    expect(events.slice(2).every((e) => e.type === 'progress')).toBe(true);
    const reads = progress.map((e) => (e.type === 'progress' ? e.rows : 0));
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
  });

  it('a file with fewer lines than a page sends them all as its preview', async () => {
    const { events } = await parse(fixture('bom-crlf.csv'));
    const preview = events.find((e) => e.type === 'preview');
    expect(preview?.type === 'preview' && preview.rows.length).toBe(3);
    expect(BATCH_PREVIEW_PAGE_SIZE).toBe(5);
  });

  it('a cancelled parse stops with the code "cancelled"', async () => {
    const controller = new AbortController();
    let sent = 0;
    const parsed = await parseCsvStream(new File([bigCsv(3000)], 'big.csv'), {
      parseId: 1,
      chunkBytes: 1024,
      onEvent: (event) => {
        sent += 1;
        if (event.type === 'preview') controller.abort();
      },
      signal: controller.signal,
    });
    expect(parsed.summary).toMatchObject({ ok: false, code: 'cancelled' });
    expect(sent).toBe(2);
  });
});
