import { describe, expect, it } from 'vitest';
import { chooseDelimiter, decodeWindows1252, detectEncoding, detectNewline, isValidUtf8, validUtf8Length } from '../../../src/domain/batches/csvText.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('the encoding of a CSV file, from its first bytes', () => {
  it.each([
    ['UTF-8 with a byte order mark', bytes(0xef, 0xbb, 0xbf, ...utf8('id,nombre\n1,José\n')), { kind: 'utf-8', bomBytes: 3 }],
    ['UTF-8 without one', utf8('id,nombre\n1,José\n'), { kind: 'utf-8', bomBytes: 0 }],
    ['plain ASCII', utf8('a,b\n1,2\n'), { kind: 'utf-8', bomBytes: 0 }],
    ['Latin-1 accents (not UTF-8, but text)', bytes(...utf8('nombre\nJos'), 0xe9, 0x0a, 0x80, 0x0a), { kind: 'windows-1252' }],
    ['UTF-16 little endian', bytes(0xff, 0xfe, 0x61, 0x00), { kind: 'utf-16' }],
    ['UTF-16 big endian', bytes(0xfe, 0xff, 0x00, 0x61), { kind: 'utf-16' }],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), { kind: 'binary' }],
    ['a zip (or xlsx)', bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00), { kind: 'binary' }],
    ['a PDF', utf8('%PDF-1.7\n'), { kind: 'binary' }],
    ['NUL bytes', utf8('a,b\n1,\u0000\n'), { kind: 'binary' }],
    ['control bytes that are not text', bytes(...Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41))), { kind: 'binary' }],
    ['nothing', bytes(), { kind: 'empty' }],
  ])('%s', (_name, sample, encoding) => {
    expect(detectEncoding(sample, true)).toEqual(encoding);
  });

  it('a character cut by the end of the sample is not held against UTF-8, unless the sample is the whole file', () => {
    const cut = utf8('id,nombre\n1,José').subarray(0, -1);
    expect(detectEncoding(cut, false)).toEqual({ kind: 'utf-8', bomBytes: 0 });
    expect(detectEncoding(cut, true)).toEqual({ kind: 'windows-1252' });
  });

  it.each([
    [bytes(0xc0, 0x80), 0], // overlong NUL
    [bytes(0x61, 0xed, 0xa0, 0x80), 1], // a UTF-16 surrogate
    [bytes(0x61, 0x62, 0xf4, 0x90, 0x80, 0x80), 2], // past U+10FFFF
    [bytes(0x61, 0xe2, 0x82), 1], // cut in a complete file
  ])('%j is UTF-8 for its first %i bytes', (sample, valid) => {
    expect(validUtf8Length(sample, true)).toBe(valid);
    expect(isValidUtf8(sample, true)).toBe(false);
  });

  it('windows-1252 decodes the euro sign and curly quotes as browsers do', () => {
    expect(decodeWindows1252(bytes(0x80, 0x20, 0x93, 0x41, 0x94, 0x20, 0xe9, 0xf1, 0x9f))).toBe('€ “A” éñŸ');
    const long = new Uint8Array(20_000).fill(0xe9);
    expect(decodeWindows1252(long)).toBe('é'.repeat(20_000));
  });
});

describe('the line break and the delimiter, from the first lines', () => {
  it.each([
    ['a,b\r\n1,2\r\n', '\r\n'],
    ['a,b\n1,2\n', '\n'],
    ['a,b\r1,2\r', '\r'],
    ['"x\ny",b\r\n1,2', '\r\n'],
    ['a,b', '\n'],
    ['a,b\r', '\r\n'],
  ])('%j breaks lines with %j', (sample, newline) => {
    expect(detectNewline(sample)).toBe(newline);
  });

  it.each([
    ['id,name,amount\n1,Ana,10\n2,Bo,20\n', ','],
    ['id;name;amount\n1;Ana;10,5\n2;Bo;20,25\n', ';'],
    ['id\tname\tnote\n1\tAna\ta, b, c\n', '\t'],
    // Commas inside quotes do not count.
    ['id;name\n1;"Pérez, Juan, hijo"\n2;"Li, Bo, Cy"\n', ';'],
    // A consistent split beats a larger but uneven one.
    ['a,b;c,d\n1,2;3\n4,5;6\n', ';'],
    ['only\n1\n2\n', ','],
    ['', ','],
  ])('%j is split by %j', (sample, delimiter) => {
    expect(chooseDelimiter(sample, true)).toBe(delimiter);
  });

  it('a last line cut by the end of the sample does not count against a delimiter', () => {
    expect(chooseDelimiter('a;b;c\n1;2;3\n4;5', false)).toBe(';');
  });
});
