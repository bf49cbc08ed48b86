import { describe, expect, it } from 'vitest';
import { batchCsv, batchFileName, batchHeaderActions, lineValueEntries, nextDetailSearch, readDetailSearch } from '../../../src/domain/batches/batchDetail.ts';

describe('lineValueEntries', () => {
  it('lists an object in its own order and writes non-text values as JSON', () => {
    expect(lineValueEntries({ b: '2', a: 'x', n: 3, o: { k: 1 }, z: null })).toEqual([
      ['b', '2'],
      ['a', 'x'],
      ['n', '3'],
      ['o', '{"k":1}'],
      ['z', ''],
    ]);
  });
  it('follows the batch header, then the columns it does not name', () => {
    expect(lineValueEntries({ plan: 'Basic', extra: 'e', email: 'a@x.io', customerName: 'Ana' }, ['customerName', 'email', 'plan'])).toEqual([
      ['customerName', 'Ana'],
      ['email', 'a@x.io'],
      ['plan', 'Basic'],
      ['extra', 'e'],
    ]);
    expect(lineValueEntries({ b: '1', a: '2' }, [])).toEqual([
      ['b', '1'],
      ['a', '2'],
    ]);
  });
  it('has nothing for data that is not an object', () => {
    expect(lineValueEntries(null)).toEqual([]);
    expect(lineValueEntries(['a'])).toEqual([]);
    expect(lineValueEntries('text')).toEqual([]);
  });
});

describe('batchCsv', () => {
  it('writes the kept header, then each line in the header order, omitted cells empty, CRLF ends', () => {
    const csv = batchCsv(['name', 'email', 'plan'], [{ data: { email: 'a@x.io', name: 'Ana' } }, { data: { name: 'Bo, Jr.', plan: 'say "hi"' } }]);
    expect(csv).toBe('name,email,plan\r\nAna,a@x.io,\r\n"Bo, Jr.",,"say ""hi"""\r\n');
  });
  it('takes the columns from the lines when no header was kept', () => {
    expect(batchCsv([], [{ data: { a: '1' } }, { data: { b: '2', a: '3' } }])).toBe('a,b\r\n1,\r\n3,2\r\n');
    expect(batchCsv(null, [{ data: { a: '1' } }])).toBe('a\r\n1\r\n');
    expect(batchCsv([1, 2], [{ data: { a: '1' } }])).toBe('a\r\n1\r\n');
  });
  it('is only the header for a batch without lines', () => {
    expect(batchCsv(['a', 'b'], [])).toBe('a,b\r\n');
  });
});

describe('batchFileName', () => {
  it('is the batch id with .csv', () => {
    expect(batchFileName('bat-demo-0001')).toBe('bat-demo-0001.csv');
    expect(batchFileName('a/b:c')).toBe('a_b_c.csv');
  });
});

describe('batchHeaderActions', () => {
  it('offers Play only on a batch not started to someone who may act on it', () => {
    expect(batchHeaderActions({ status: 'UNPROCESSED' }, true)).toEqual({ play: true, cannotStop: false });
    expect(batchHeaderActions({ status: 'UNPROCESSED' }, false)).toEqual({ play: false, cannotStop: false });
    expect(batchHeaderActions({ status: 'DONE' }, true)).toEqual({ play: false, cannotStop: false });
  });
  it('says an ongoing batch cannot be stopped', () => {
    expect(batchHeaderActions({ status: 'ONGOING' }, true)).toEqual({ play: false, cannotStop: true });
    expect(batchHeaderActions({ status: 'ONGOING' }, false)).toEqual({ play: false, cannotStop: true });
  });
});

describe('nextDetailSearch', () => {
  it('goes back to the first page on a new tab or search and keeps the open line', () => {
    expect(nextDetailSearch({ status: 'DONE', page: 3, line: '4' }, { status: 'ERROR' })).toEqual({ status: 'ERROR', line: '4' });
    expect(nextDetailSearch({ q: 'a', page: 2 }, { q: '' })).toEqual({});
  });
  it('moves pages, leaving the first out', () => {
    expect(nextDetailSearch({ status: 'DONE' }, { page: 2 })).toEqual({ status: 'DONE', page: 2 });
    expect(nextDetailSearch({ status: 'DONE', page: 2 }, { page: 0 })).toEqual({ status: 'DONE' });
  });
  it('opens and closes a line without moving the page', () => {
    expect(nextDetailSearch({ page: 1 }, { line: '7' })).toEqual({ page: 1, line: '7' });
    expect(nextDetailSearch({ page: 1, line: '7' }, { line: undefined })).toEqual({ page: 1 });
  });
});

describe('readDetailSearch', () => {
  it('reads a line or a search the router parsed as a number as text', () => {
    expect(readDetailSearch({ line: 2, q: 12, page: 1, status: 'DONE' })).toEqual({ line: '2', q: '12', page: 1, status: 'DONE' });
    expect(readDetailSearch({ line: '7', status: 'NOPE', other: 'x' })).toEqual({ line: '7' });
  });
});
