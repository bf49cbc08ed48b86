import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useTracePage } from '../../data/tracePages.ts';
import type { ApiExecutionDoc } from '../../domain/sync/documents.gen.ts';
import { activeQuickRange, QUICK_RANGES, quickRangeDays, type QuickRange } from '../../domain/traces/traceDisplay.ts';
import { TRACE_METHODS } from '../../domain/traces/traceQueries.ts';
import { apiFiltersOf, dayFilters } from '../../domain/traces/traceSearch.ts';
import { apiTraceScope } from '../../domain/traces/traceScope.ts';
import { searchText } from '../../domain/ui/urlSearch.ts';
import { Button } from '../../ui/Button.tsx';
import type { TableColumn } from '../../ui/Table.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { TraceDetailDialog } from './TraceDetailDialog.tsx';
import { DurationText, FIELD, LABEL, ResponseStatus, StatusAndDates, TraceStatusBadge } from './TraceFields.tsx';
import { TracePageView } from './TracePageView.tsx';
import { useTraceSearch } from './useTraceSearch.ts';

/**
 * API Calls (part 2 §2): status, methods (multi-select), url, a date range and the quick filters (last hour, today
 * 24 h, last 7 days); a page of external calls (API stages and POST /call-external-api); a row opens its detail.
 */
export function ApiCallsTab() {
  const { t } = useTranslation();
  const id = useId();
  const formatDate = useDateFormat();
  const { search, set, paging, closeTrace } = useTraceSearch();
  const filters = apiFiltersOf(search);
  const scope = apiTraceScope(filters);
  const state = useTracePage<ApiExecutionDoc>(scope);
  const days = { startDate: searchText(search.startDate), endDate: searchText(search.endDate) };
  const quick = activeQuickRange(filters.startDate, filters.endDate, Date.now(), searchText(search.quick));
  const methods = filters.methods ?? [];
  const openId = searchText(search.trace);
  const open = state.rows.find((row) => row.id === openId) ?? null;

  const columns = useMemo<TableColumn<ApiExecutionDoc>[]>(
    () => [
      {
        key: 'date',
        header: t('traces.api.columns.date'),
        cell: (row) => (
          <button type="button" className="text-left font-medium text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus" onClick={() => set({ trace: row.id }, { keepPage: true })} aria-label={t('traces.open', { date: formatDate(row.executedAt) })}>
            {formatDate(row.executedAt)}
          </button>
        ),
      },
      { key: 'method', header: t('traces.api.columns.method'), cell: (row) => <span className="font-mono text-xs">{row.requestMethod}</span> },
      { key: 'url', header: t('traces.api.columns.url'), cell: (row) => <span className="line-clamp-2 break-all">{row.requestUrl}</span> },
      { key: 'status', header: t('traces.api.columns.status'), cell: (row) => <TraceStatusBadge status={row.status} /> },
      { key: 'response', header: t('traces.api.columns.response'), cell: (row) => <ResponseStatus status={row.responseStatus} /> },
      { key: 'duration', header: t('traces.api.columns.duration'), cell: (row) => <DurationText ms={row.durationMs} /> },
    ],
    [t, formatDate, set],
  );

  const toggleMethod = (method: (typeof TRACE_METHODS)[number]) => {
    const next = methods.includes(method) ? methods.filter((m) => m !== method) : [...methods, method];
    set({ method: TRACE_METHODS.filter((m) => next.includes(m)).join(',') });
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-label={t('traces.filters')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-4">
          <StatusAndDates status={filters.status} days={days} rangeIncomplete={dayFilters(search).incomplete} onChange={(patch) => set(patch)} />
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-url`} className={LABEL}>
              {t('traces.url')}
            </label>
            <input id={`${id}-url`} className={FIELD} defaultValue={filters.url ?? ''} key={filters.url ?? ''} onBlur={(e) => set({ url: e.target.value.trim() })} onKeyDown={(e) => e.key === 'Enter' && set({ url: e.currentTarget.value.trim() })} />
          </div>
        </div>
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <legend className={`${LABEL} mb-1`}>{t('traces.method')}</legend>
          {TRACE_METHODS.map((method) => (
            <label key={method} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
              <input type="checkbox" className="h-4 w-4 accent-brand" checked={methods.includes(method)} onChange={() => toggleMethod(method)} />
              {method}
            </label>
          ))}
        </fieldset>
        <div role="group" aria-label={t('traces.quick')} className="flex flex-wrap items-center gap-2">
          <span className={LABEL} aria-hidden="true">
            {t('traces.quick')}
          </span>
          {(Object.keys(QUICK_RANGES) as QuickRange[]).map((range) => (
            <Button key={range} variant={quick === range ? 'primary' : 'secondary'} size="sm" aria-pressed={quick === range} onClick={() => set({ ...quickRangeDays(range, Date.now()), quick: range })}>
              {t(`traces.quickRanges.${range}`)}
            </Button>
          ))}
          <Button variant="ghost" size="sm" onClick={() => set({ status: undefined, method: undefined, url: undefined, startDate: undefined, endDate: undefined, quick: undefined })}>
            {t('traces.clear')}
          </Button>
        </div>
      </section>
      <TracePageView
        state={state}
        caption={t('traces.api.caption')}
        emptyText={t('traces.api.none')}
        columns={columns}
        {...paging(filters)}
        testId="api-trace"
      />
      {open !== null && (
        <TraceDetailDialog
          open
          onClose={closeTrace}
          title={t('traces.detail.apiTitle')}
          fields={[
            [t('traces.detail.id'), open.id],
            [t('traces.url'), `${open.requestMethod} ${open.requestUrl}`],
            [t('traces.detail.status'), <TraceStatusBadge key="s" status={open.status} />],
            [t('traces.detail.responseStatus'), <ResponseStatus key="r" status={open.responseStatus} />],
            [t('traces.detail.duration'), <DurationText key="d" ms={open.durationMs} />],
            [t('traces.detail.error'), open.errorMessage ?? '—'],
            [t('traces.detail.errorCode'), open.errorCode ?? '—'],
            [t('traces.detail.date'), formatDate(open.executedAt)],
            [t('traces.detail.initiatedBy'), open.initiatedBy ?? '—'],
            [t('traces.detail.clientIp'), open.clientIp ?? '—'],
            [t('traces.detail.userAgent'), open.userAgent ?? '—'],
          ]}
          request={{ headers: open.requestHeaders, body: open.requestBody }}
          response={{ headers: open.responseHeaders, body: open.responseBody }}
        />
      )}
    </div>
  );
}
