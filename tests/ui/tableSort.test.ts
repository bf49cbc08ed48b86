import { describe, expect, it } from 'vitest';
import { nextSort, sortRows } from '../../src/ui/tableSort.ts';

type Row = { id: string; name: string | null; count: number };
const rows: Row[] = [
  { id: 'a', name: 'flow 10', count: 3 },
  { id: 'b', name: 'Flow 2', count: 1 },
  { id: 'c', name: null, count: 2 },
  { id: 'd', name: 'alpha', count: 1 },
];

describe('table sorting', () => {
  it('sorts text naturally and case-insensitively, empty values last', () => {
    expect(sortRows(rows, (row) => row.name, 'asc').map((row) => row.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(sortRows(rows, (row) => row.name, 'desc').map((row) => row.id)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('sorts numbers and keeps the given order of equal values', () => {
    expect(sortRows(rows, (row) => row.count, 'asc').map((row) => row.id)).toEqual(['b', 'd', 'c', 'a']);
  });

  it.each([
    [null, 'name', { key: 'name', direction: 'asc' }],
    [{ key: 'name', direction: 'asc' }, 'name', { key: 'name', direction: 'desc' }],
    [{ key: 'name', direction: 'desc' }, 'name', null],
    [{ key: 'name', direction: 'desc' }, 'count', { key: 'count', direction: 'asc' }],
  ] as const)('a header click goes from %j on %s to %j', (current, key, expected) => {
    expect(nextSort(current, key)).toEqual(expected);
  });
});
