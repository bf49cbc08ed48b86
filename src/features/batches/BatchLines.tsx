import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { nextDetailSearch } from '../../domain/batches/batchDetail.ts';
import { lineStatusGroups, visibleLines, type BatchDetailSearch } from '../../domain/batches/batchViews.ts';
import type { BatchDoc, BatchLineDoc } from '../../domain/sync/documents.gen.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Table, type TableColumn } from '../../ui/Table.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { TEXT_LINK } from '../apps/linkClasses.ts';
import { BatchStatusChip } from './BatchStatusChip.tsx';

type Change = Partial<Record<keyof BatchDetailSearch, string | number | undefined>>;
type Props = { batch: BatchDoc; lines: readonly BatchLineDoc[]; loading: boolean; search: BatchDetailSearch; onChange: (patch: Change) => void };

/**
 * The batch's lines (part 2 §2): tabs by status (All first, then each status its lines have, with counts), a
 * search by line id, and a table of 10 a page; tab, search, page and the open line live in the URL. The line id
 * is a real link that opens the line's details.
 */
export function BatchLines({ batch, lines, loading, search, onChange }: Props) {
  const { t } = useTranslation();
  const groups = useMemo(() => lineStatusGroups(lines), [lines]);
  const shown = useMemo(() => visibleLines(lines, { status: search.status, q: search.q }), [lines, search.status, search.q]);
  const tabs = [{ status: undefined, label: t('batchDetail.lines.all', { count: lines.length }) }, ...groups.map((group) => ({ status: group.status as string | undefined, label: t('batchDetail.lines.group', { status: statusWord(t, group.status), count: group.count }) }))];
  // A status no line has (any more) still gets its tab, so the URL's choice is never silently dropped.
  if (search.status !== undefined && !groups.some((group) => group.status === search.status)) tabs.push({ status: search.status, label: t('batchDetail.lines.group', { status: statusWord(t, search.status), count: 0 }) });
  const selected = Math.max(0, tabs.findIndex((tab) => tab.status === search.status));
  const onSearch = useCallback((q: string) => onChange({ q: q === '' ? undefined : q }), [onChange]);

  const content = loading ? (
    <p role="status" className="text-slate-600">
      {t('batchDetail.lines.loading')}
    </p>
  ) : shown.length === 0 ? (
    <EmptyState icon={search.q === undefined ? 'empty' : 'search'} title={t('batchDetail.lines.none')} {...(search.q === undefined ? {} : { text: t('batchDetail.lines.noMatch', { q: search.q }) })} />
  ) : (
    <LinesTable batch={batch} lines={shown} search={search} onChange={onChange} />
  );

  return (
    <section aria-labelledby="batch-lines-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        <h2 id="batch-lines-title" className="text-lg font-semibold text-slate-900">
          {t('batchDetail.lines.heading')}
        </h2>
        <div className="w-full sm:w-72">
          <SearchBox label={t('batchDetail.lines.search')} value={search.q ?? ''} onSearch={onSearch} />
        </div>
      </div>
      <Tabs
        label={t('batchDetail.lines.tabs')}
        selectedIndex={selected}
        onChange={(index) => onChange({ status: tabs[index]?.status })}
        tabs={tabs.map((tab, index) => ({ key: tab.status ?? 'ALL', label: tab.label, content: index === selected ? content : null }))}
      />
    </section>
  );
}

const statusWord = (t: (key: string) => string, status: string) => {
  const key = `batches.status.${status}`;
  const word = t(key);
  return word === key ? status : word;
};

function LinesTable({ batch, lines, search, onChange }: { batch: BatchDoc; lines: readonly BatchLineDoc[]; search: BatchDetailSearch; onChange: (patch: Change) => void }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const open = (line: BatchLineDoc) => void navigate({ to: '/batches/$batchId', params: { batchId: batch.id }, search: nextDetailSearch(search, { line: line.lineId }) });
  const columns: TableColumn<BatchLineDoc>[] = [
    {
      key: 'lineId',
      header: t('batchDetail.lines.lineId'),
      cell: (line) => (
        <Link to="/batches/$batchId" params={{ batchId: batch.id }} search={nextDetailSearch(search, { line: line.lineId })} aria-label={t('batchDetail.lines.open', { lineId: line.lineId })} className={`${TEXT_LINK} font-mono`}>
          {line.lineId}
        </Link>
      ),
    },
    { key: 'status', header: t('batchDetail.lines.status'), cell: (line) => <BatchStatusChip status={line.status} /> },
    { key: 'state', header: t('batchDetail.lines.state'), cell: (line) => line.state ?? '—' },
    {
      key: 'caseId',
      header: t('batchDetail.lines.caseId'),
      cell: (line) =>
        line.caseId === null ? (
          '—'
        ) : (
          <Link to="/cases/$caseId" params={{ caseId: line.caseId }} className={`${TEXT_LINK} font-mono text-sm break-all`}>
            {line.caseId}
          </Link>
        ),
    },
    { key: 'processed', header: t('batchDetail.lines.processed'), cell: (line) => (line.processedAt === null ? '—' : <time dateTime={new Date(line.processedAt).toISOString()}>{formatDate(line.processedAt)}</time>) },
    { key: 'error', header: t('batchDetail.lines.error'), cell: (line) => (line.error === null ? '—' : <span className="break-words text-red-800">{line.error}</span>) },
  ];
  return (
    <Table
      caption={t('batchDetail.lines.caption', { name: batch.name })}
      columns={columns}
      rows={lines}
      rowKey={(line) => line.id}
      rowAttributes={(line) => ({ 'data-line-id': line.lineId, 'data-status': line.status })}
      emptyText={t('batchDetail.lines.none')}
      onRowClick={open}
      page={search.page ?? 0}
      onPage={(page) => onChange({ page })}
    />
  );
}
