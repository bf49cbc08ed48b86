export type SortDirection = 'asc' | 'desc';
export type SortState = { key: string; direction: SortDirection } | null;

export type SortValue = string | number | null | undefined;

/** Stable sort: equal values keep their order; empty values sink to the end in either direction. */
export function sortRows<T>(rows: readonly T[], sortValue: ((row: T) => SortValue) | undefined, direction: SortDirection): T[] {
  if (sortValue === undefined) return [...rows];
  const factor = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValue(row) }))
    .sort((a, b) => {
      const aEmpty = a.value === null || a.value === undefined || a.value === '';
      const bEmpty = b.value === null || b.value === undefined || b.value === '';
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      const order =
        typeof a.value === 'number' && typeof b.value === 'number'
          ? a.value - b.value
          : String(a.value).localeCompare(String(b.value), undefined, { numeric: true, sensitivity: 'base' });
      return order === 0 ? a.index - b.index : order * factor;
    })
    .map((entry) => entry.row);
}

export function nextSort(current: SortState, key: string): SortState {
  if (current?.key !== key) return { key, direction: 'asc' };
  return current.direction === 'asc' ? { key, direction: 'desc' } : null;
}
