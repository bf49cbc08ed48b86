import { describe, expect, it } from 'vitest';
import { parseCount, readGenerateForm, rowValue, stageRowDisplay, valuePairs } from '../../../src/domain/engine/instanceValues.ts';

const form = (over: Partial<Parameters<typeof readGenerateForm>[0]> = {}) => ({ count: '3', mode: 'rows' as const, rows: [], json: '', ...over });

describe('generate instances form', () => {
  it.each([
    ['1', 1],
    ['50', 50],
    [' 7 ', 7],
    ['0', null],
    ['51', null],
    ['2.5', null],
    ['-1', null],
    ['', null],
    ['ten', null],
  ])('count %j reads %j', (text, count) => {
    expect(parseCount(text)).toBe(count);
  });

  it('reads rows as JSON literals where they are, text otherwise', () => {
    expect(rowValue('42')).toBe(42);
    expect(rowValue('true')).toBe(true);
    expect(rowValue('{"a":1}')).toEqual({ a: 1 });
    expect(rowValue('ABC-123')).toBe('ABC-123');
    expect(rowValue('  ')).toBe('');
    const read = readGenerateForm(form({ rows: [{ name: ' plate ', value: 'ABC-123' }, { name: 'amount', value: '1200' }, { name: '', value: '' }] }));
    expect(read).toEqual({ ok: true, count: 3, values: { plate: 'ABC-123', amount: 1200 } });
  });

  it('names each problem: a value without a name, a repeated name, a bad count', () => {
    const read = readGenerateForm(form({ count: '99', rows: [{ name: '', value: 'x' }, { name: 'a', value: '1' }, { name: 'a', value: '2' }] }));
    expect(read).toEqual({
      ok: false,
      problems: [
        { field: 'count', code: 'count-range' },
        { field: 'rows', code: 'name-missing', row: 0 },
        { field: 'rows', code: 'name-repeated', row: 2 },
      ],
    });
  });

  it.each([
    ['', { ok: true, count: 3, values: {} }],
    ['{"plate":"ABC","n":[1,2]}', { ok: true, count: 3, values: { plate: 'ABC', n: [1, 2] } }],
    ['{plate: 1}', { ok: false, problems: [{ field: 'json', code: 'json-invalid' }] }],
    ['[1,2]', { ok: false, problems: [{ field: 'json', code: 'json-not-object' }] }],
    ['"text"', { ok: false, problems: [{ field: 'json', code: 'json-not-object' }] }],
    [JSON.stringify({ big: 'x'.repeat(20_001) }), { ok: false, problems: [{ field: 'values', code: 'too-large' }] }],
  ])('JSON %s', (json, expected) => {
    expect(readGenerateForm(form({ mode: 'json', json }))).toEqual(expected);
  });
});

describe('stage values and display status (instance detail)', () => {
  it('lists values by name, text as is and the rest as JSON', () => {
    expect(valuePairs({ b: { x: 1 }, a: 'text', c: null, d: true })).toEqual([
      { name: 'a', value: 'text' },
      { name: 'b', value: '{"x":1}' },
      { name: 'c', value: 'null' },
      { name: 'd', value: 'true' },
    ]);
    expect(valuePairs([1, 2])).toEqual([]);
    expect(valuePairs(null)).toEqual([]);
  });

  it.each([
    ['success', 'success'],
    ['failed', 'failed'],
    ['waiting', 'waiting'],
    ['running', 'waiting'],
    ['canceled', 'unknown'],
    ['', 'unknown'],
  ])('a %j stage reads %s', (status, display) => {
    expect(stageRowDisplay(status)).toBe(display);
  });
});
