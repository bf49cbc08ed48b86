import { useMemo, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, clampPage, needsPaginator, pageRows } from '../domain/ui/paging.ts';
import { EmptyState } from './EmptyState.tsx';
import { Icon } from './Icon.tsx';
import { Paginator } from './Paginator.tsx';
import { nextSort, sortRows } from './tableSort.ts';
import type { SortState, SortValue } from './tableSort.ts';

export type TableColumn<T> = {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Makes the column sortable by this value. */
  sortValue?: (row: T) => SortValue;
};

type Props<T> = {
  caption: string;
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  emptyText: string;
  /**
   * A click on the row outside its links and buttons. The row is not a tab stop: each row that opens something
   * carries a real link (its id), which is how keyboards, middle-click and Ctrl/Cmd-click reach it.
   */
  onRowClick?: (row: T, event: MouseEvent<HTMLTableRowElement>) => void;
  /** Extra attributes of a row (data-* hooks). */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  pageSize?: number;
  initialSort?: SortState;
  /** A controlled page (0-based), when the page lives somewhere else (the URL); otherwise the table keeps its own. */
  page?: number;
  onPage?: (page: number) => void;
};

/** Clicks on these inside a row are theirs, not the row's. */
const INTERACTIVE = 'a, button, input, select, textarea, label, [role="menu"], [role="menuitem"], [role="dialog"]';

/**
 * A sortable table with the spec's paging: 10 rows a page and a paginator only when there are more.
 * Header buttons sort ascending, then descending, then back to the given order.
 */
export function Table<T>(props: Props<T>) {
  const { caption, columns, rows, rowKey, emptyText, onRowClick, rowAttributes, pageSize = DEFAULT_PAGE_SIZE, initialSort = null } = props;
  const { t } = useTranslation();
  const [sort, setSort] = useState<SortState>(initialSort);
  const [ownPage, setOwnPage] = useState(0);
  const page = props.page ?? ownPage;
  const setPage = props.onPage ?? setOwnPage;

  const sorted = useMemo(() => {
    if (sort === null) return [...rows];
    return sortRows(rows, columns.find((column) => column.key === sort.key)?.sortValue, sort.direction);
  }, [rows, columns, sort]);
  const current = clampPage(page, sorted.length, pageSize);
  const visible = pageRows(sorted, current, pageSize);

  if (rows.length === 0) return <EmptyState title={emptyText} />;

  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : null;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className="px-4 py-3 font-semibold"
                  aria-sort={direction === null ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
                >
                  {column.sortValue === undefined ? (
                    column.header
                  ) : (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-focus"
                      onClick={() => setSort((state) => nextSort(state, column.key))}
                      aria-label={t('table.sortBy', { column: column.header })}
                    >
                      {column.header}
                      <Icon name={direction === 'asc' ? 'sortAsc' : direction === 'desc' ? 'sortDesc' : 'sortNone'} className="h-3.5 w-3.5" />
                    </button>
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {visible.map((row) => (
            <tr
              key={rowKey(row)}
              {...rowAttributes?.(row)}
              className={`border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 ${onRowClick === undefined ? '' : 'cursor-pointer hover:bg-blue-50'}`}
              onClick={
                onRowClick === undefined
                  ? undefined
                  : (event) => {
                      if (event.target instanceof Element && event.target.closest(INTERACTIVE) !== null) return;
                      onRowClick(row, event);
                    }
              }
            >
              {columns.map((column) => (
                <td key={column.key} className="px-4 py-3 text-slate-800">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {needsPaginator(rows.length, pageSize) && (
        <div className="border-t border-slate-100 px-4">
          <Paginator rows={rows.length} page={current} pageSize={pageSize} onPage={setPage} label={caption} />
        </div>
      )}
    </div>
  );
}
