import { useTranslation } from 'react-i18next';
import { pageCount } from '../domain/ui/paging.ts';
import { Icon } from './Icon.tsx';

type Props = {
  rows: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** What is paged (a table's caption): several paginators on one screen need names of their own. */
  label?: string;
};

/** Previous / next paging with the current page announced; tables show it only above one page of rows. */
export function Paginator({ rows, page, pageSize, onPage, label }: Props) {
  const { t } = useTranslation();
  const pages = pageCount(rows, pageSize);
  const buttonClass =
    'rounded-lg border border-slate-300 p-1.5 text-slate-700 hover:bg-slate-100 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-focus';
  return (
    <nav aria-label={label === undefined ? t('table.page', { page: page + 1, pages }) : t('table.pages', { name: label })} className="flex items-center justify-end gap-3 py-2 text-sm">
      <button type="button" className={buttonClass} disabled={page <= 0} onClick={() => onPage(page - 1)} aria-label={t('table.previous')}>
        <Icon name="chevronLeft" className="h-4 w-4" />
      </button>
      <span aria-live="polite">{t('table.page', { page: page + 1, pages })}</span>
      <button
        type="button"
        className={buttonClass}
        disabled={page >= pages - 1}
        onClick={() => onPage(page + 1)}
        aria-label={t('table.next')}
      >
        <Icon name="chevronRight" className="h-4 w-4" />
      </button>
    </nav>
  );
}
