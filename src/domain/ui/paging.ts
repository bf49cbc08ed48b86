/** Table paging (part 1 §9, part 2 §9): 10 rows a page, and a paginator only when there are more rows than that. */
export const DEFAULT_PAGE_SIZE = 10;

export const pageCount = (rows: number, pageSize = DEFAULT_PAGE_SIZE) => Math.max(1, Math.ceil(rows / pageSize));

export const needsPaginator = (rows: number, pageSize = DEFAULT_PAGE_SIZE) => rows > pageSize;

/** The page index clamped into range, so a shrinking list never leaves the table on an empty page. */
export const clampPage = (page: number, rows: number, pageSize = DEFAULT_PAGE_SIZE) =>
  Math.min(Math.max(0, Math.floor(page)), pageCount(rows, pageSize) - 1);

export function pageRows<T>(rows: readonly T[], page: number, pageSize = DEFAULT_PAGE_SIZE): T[] {
  const current = clampPage(page, rows.length, pageSize);
  return rows.slice(current * pageSize, current * pageSize + pageSize);
}
