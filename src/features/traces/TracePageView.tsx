import { Fragment, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnection, useSyncStatus } from '../../data/replica.ts';
import type { TracePageState } from '../../data/tracePages.ts';
import type { ApiExecutionDoc, WebhookExecutionDoc } from '../../domain/sync/documents.gen.ts';
import { TRACE_PAGE_SIZES } from '../../domain/traces/traceQueries.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FreshnessNote } from '../../ui/FreshnessNote.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { Table, type TableColumn } from '../../ui/Table.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { FIELD, LABEL } from './TraceFields.tsx';

type Props<Row extends WebhookExecutionDoc | ApiExecutionDoc> = {
  state: TracePageState<Row>;
  caption: string;
  emptyText: string;
  columns: readonly TableColumn<Row>[];
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
  onOpen: (row: Row) => void;
  testId: string;
};

/**
 * A lazy trace table (part 2 §2, §9), cards of the same columns below 900 px: the one page the replica holds for
 * these filters, its total and its age, Refresh, the page size (25/50/100) and a paginator over the server's total.
 * Offline it shows the page as this device last read it, with when; a page never read shows the empty list
 * (part 2 §8: a failed fetch empties it silently) and, offline, says why.
 */
export function TracePageView<Row extends WebhookExecutionDoc | ApiExecutionDoc>(props: Props<Row>) {
  const { state, caption, emptyText, columns, page, limit, onPage, onLimit, onOpen, testId } = props;
  const { t } = useTranslation();
  const status = useSyncStatus();
  const offline = useConnection() === 'offline';
  const formatDate = useDateFormat();
  const sizeId = useId();
  const readAt = state.page?.readAt ?? null;
  const offlineText = offline ? (readAt === null ? t('traces.offlineNever') : t('traces.offline', { date: formatDate(readAt) })) : null;
  const total = state.page?.total ?? 0;
  let body: ReactNode;
  if (state.loading) body = <p className="py-8 text-center text-slate-600" role="status">{t('traces.loading')}</p>;
  else if (state.rows.length === 0) body = <EmptyState title={emptyText} />;
  else
    body = (
      <>
        <div className="hidden min-[900px]:block">
          <Table caption={caption} columns={columns} rows={state.rows} rowKey={(row) => row.id} emptyText={emptyText} onRowClick={(row) => onOpen(row)} pageSize={limit} rowAttributes={(row) => ({ 'data-trace-id': row.id })} />
        </div>
        {/* Below 900 px each execution is a card of the same columns, so nothing scrolls sideways. */}
        <ul aria-label={caption} className="flex flex-col gap-2 min-[900px]:hidden">
          {state.rows.map((row) => (
            <li
              key={row.id}
              data-trace-id={row.id}
              className="cursor-pointer rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a, button') !== null)) onOpen(row);
              }}
            >
              <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                {columns.map((column) => (
                  <Fragment key={column.key}>
                    <dt className="font-medium text-slate-600">{column.header}</dt>
                    <dd className="min-w-0 break-words text-slate-800">{column.cell(row)}</dd>
                  </Fragment>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </>
    );
  return (
    <section aria-label={caption} className="flex flex-col gap-3" data-testid={testId}>
      {offlineText !== null && <FreshnessNote text={offlineText} online={false} testId={`${testId}-freshness`} />}
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
        <p>
          {state.page !== null && <span>{t('traces.total', { count: total })}</span>}
          {readAt !== null && status.online && <span className="ml-3 text-slate-600" data-testid={`${testId}-read-at`}>{t('traces.readAt', { date: formatDate(readAt) })}</span>}
        </p>
        <div className="flex items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={sizeId} className={LABEL}>
              {t('traces.pageSize')}
            </label>
            <select id={sizeId} className={FIELD} value={limit} onChange={(e) => onLimit(Number(e.target.value))}>
              {TRACE_PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" onClick={state.refresh} disabled={!status.online}>
            {t('traces.refresh')}
          </Button>
        </div>
      </div>
      {body}
      {total > limit && <Paginator rows={total} page={page - 1} pageSize={limit} onPage={(index) => onPage(index + 1)} label={caption} />}
    </section>
  );
}
