import { describe, expect, it } from 'vitest';
import { encodingVerdict, isBlankRecord, readHeader, readLine } from '../../../src/domain/batches/batchLines.ts';

describe('batch lines from CSV records (part 2 §5)', () => {
  it('header names are trimmed; a trailing delimiter adds no column', () => {
    expect(readHeader([' id ', 'name', '', ' '])).toEqual({ ok: true, columns: ['id', 'name'] });
  });

  it.each([
    [['', ' '], 'no-header', 'The file has no header line: its first line must name the columns.', undefined],
    [['id', '', 'name'], 'header-name-missing', 'Column 2 of the header has no name.', { column: 2 }],
    [['id', 'name', ' id'], 'header-name-repeated', 'The header names the column "id" more than once.', { name: 'id' }],
  ])('header %j is refused: %s', (cells, code, message, params) => {
    expect(readHeader(cells)).toEqual({ ok: false, code, message, ...(params === undefined ? {} : { params }) });
  });

  it('values are keyed by column and trimmed; empty cells are omitted', () => {
    expect(readLine(['id', 'name', 'city'], ['1', ' Ana ', ''], 4)).toEqual({ ok: true, draft: { line: 4, values: { id: '1', name: 'Ana' } } });
    expect(readLine(['id', 'name'], ['1', 'Ana', '', ' '], 2)).toMatchObject({ ok: true, draft: { values: { id: '1', name: 'Ana' } } });
  });

  it('a column named like an object property is an ordinary value', () => {
    const read = readLine(['__proto__', 'constructor'], ['x', 'y'], 2);
    expect(read.ok && Object.entries(read.draft.values)).toEqual([
      ['__proto__', 'x'],
      ['constructor', 'y'],
    ]);
  });

  it.each([
    [['1', 'Ana'], 'Line 7 has 2 values; the header has 3 columns.', 2],
    [['1', 'Ana', 'x', 'extra', ''], 'Line 7 has 4 values; the header has 3 columns.', 4],
  ])('a ragged line %j is a problem naming its line', (cells, message, values) => {
    expect(readLine(['id', 'name', 'city'], cells, 7)).toEqual({ ok: false, problem: { line: 7, code: 'ragged', message, params: { values, columns: 3 } } });
  });

  it('blank records are the empty lines that are skipped', () => {
    expect([[''], [' ', '\t'], ['', 'x']].map(isBlankRecord)).toEqual([true, true, false]);
  });

  it('what each encoding becomes: decoded, or refused with a message', () => {
    expect(encodingVerdict({ kind: 'utf-8', bomBytes: 3 })).toEqual({ ok: true, label: 'utf-8', skipBytes: 3 });
    expect(encodingVerdict({ kind: 'windows-1252' })).toEqual({ ok: true, label: 'windows-1252', skipBytes: 0 });
    expect(encodingVerdict({ kind: 'binary' })).toEqual({ ok: false, code: 'not-csv', message: 'Only files in CSV format are allowed!' });
    expect(encodingVerdict({ kind: 'empty' })).toMatchObject({ ok: false, code: 'empty-file' });
    expect(encodingVerdict({ kind: 'utf-16' })).toMatchObject({ ok: false, code: 'utf-16' });
  });
});
