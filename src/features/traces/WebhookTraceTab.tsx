import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTracePage } from '../../data/tracePages.ts';
import type { WebhookExecutionDoc } from '../../domain/sync/documents.gen.ts';
import { dayFilters, webhookFiltersOf } from '../../domain/traces/traceSearch.ts';
import { webhookTraceScope } from '../../domain/traces/traceScope.ts';
import { searchText } from '../../domain/ui/urlSearch.ts';
import { Button } from '../../ui/Button.tsx';
import type { TableColumn } from '../../ui/Table.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { TraceDetailDialog } from './TraceDetailDialog.tsx';
import { DurationText, FIELD, LABEL, ResponseStatus, StatusAndDates, TraceStatusBadge } from './TraceFields.tsx';
import { TracePageView } from './TracePageView.tsx';
import { useTraceSearch } from './useTraceSearch.ts';

/** Webhook Trace (part 2 §2): status, webhook id and a date range; a page of executions; a row opens its detail. */
export function WebhookTraceTab() {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateFormat();
  const { search, set, paging, closeTrace } = useTraceSearch();
  const filters = webhookFiltersOf(search);
  const scope = webhookTraceScope(filters);
  const state = useTracePage<WebhookExecutionDoc>(scope);
  const days = { startDate: searchText(search.startDate), endDate: searchText(search.endDate) };
  const openId = searchText(search.trace);
  const open = state.rows.find((row) => row.id === openId) ?? null;

  const columns = useMemo<TableColumn<WebhookExecutionDoc>[]>(
    () => [
      {
        key: 'date',
        header: t('traces.webhook.columns.date'),
        cell: (row) => (
          <button type="button" className="text-left font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus" onClick={() => set({ trace: row.id }, { keepPage: true })} aria-label={t('traces.open', { date: formatDate(row.executedAt) })}>
            {formatDate(row.executedAt)}
          </button>
        ),
      },
      { key: 'webhook', header: t('traces.webhook.columns.webhook'), cell: (row) => <span className="break-all">{row.webhookId}</span> },
      { key: 'status', header: t('traces.webhook.columns.status'), cell: (row) => <TraceStatusBadge status={row.status} /> },
      { key: 'response', header: t('traces.webhook.columns.response'), cell: (row) => <ResponseStatus status={row.responseStatus} /> },
      { key: 'time', header: t('traces.webhook.columns.time'), cell: (row) => <DurationText ms={row.responseTimeMs} /> },
      { key: 'error', header: t('traces.webhook.columns.error'), cell: (row) => <span className="line-clamp-2 break-all">{row.errorMessage ?? ''}</span> },
    ],
    [t, formatDate, set],
  );

  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t('traces.filters')} className="grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 min-[360px]:grid-cols-2 lg:grid-cols-5">
        <StatusAndDates status={filters.status} days={days} rangeIncomplete={dayFilters(search).incomplete} onChange={(patch) => set(patch)} />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-webhook`} className={LABEL}>
            {t('traces.webhookId')}
          </label>
          <input id={`${id}-webhook`} className={FIELD} defaultValue={filters.webhookId ?? ''} key={filters.webhookId ?? ''} onBlur={(e) => set({ webhookId: e.target.value.trim() })} onKeyDown={(e) => e.key === 'Enter' && set({ webhookId: e.currentTarget.value.trim() })} />
        </div>
        <div className="flex items-end">
          <Button variant="ghost" onClick={() => set({ status: undefined, webhookId: undefined, startDate: undefined, endDate: undefined })}>
            {t('traces.clear')}
          </Button>
        </div>
      </section>
      <TracePageView
        state={state}
        caption={t('traces.webhook.caption')}
        emptyText={t('traces.webhook.none')}
        columns={columns}
        {...paging(filters)}
        testId="webhook-trace"
      />
      {open !== null && (
        <TraceDetailDialog
          open
          onClose={closeTrace}
          title={t('traces.detail.webhookTitle')}
          fields={[
            [t('traces.detail.id'), open.id],
            [t('traces.webhookId'), open.webhookId],
            [t('traces.detail.status'), <TraceStatusBadge key="s" status={open.status} />],
            [t('traces.detail.responseStatus'), <ResponseStatus key="r" status={open.responseStatus} />],
            [t('traces.detail.responseTime'), <DurationText key="d" ms={open.responseTimeMs} />],
            [t('traces.detail.error'), open.errorMessage ?? '—'],
            [t('traces.detail.date'), formatDate(open.executedAt)],
            [t('traces.url'), `${open.requestMethod} ${open.requestUrl}`],
          ]}
          request={{ headers: open.requestHeaders, body: open.requestBody }}
          response={{ headers: open.responseHeaders, body: open.responseBody }}
        />
      )}
    </div>
  );
}
