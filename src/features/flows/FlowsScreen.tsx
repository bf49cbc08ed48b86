import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowRows, type FlowRow } from '../../domain/engine/flowList.ts';
import { clampPage } from '../../domain/ui/paging.ts';
import type { FlowDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Table, type TableColumn } from '../../ui/Table.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { usePendingIds } from '../settings/usePendingIds.ts';
import { openFlowSearch, validateFlowsSearch } from './flowsSearch.ts';
import { FlowCards } from './FlowCards.tsx';
import { useMediaQuery } from '../../app/shell/useMediaQuery.ts';
import { MOBILE_MAX_WIDTH } from '../../domain/ui/uiConstants.ts';
import { NewFlowDialog } from './NewFlowDialog.tsx';
import { useFlowsData } from './useFlowsData.ts';
import { usePrefetchModeler } from './usePrefetchModeler.ts';

type Row = FlowRow<FlowDoc>;

/**
 * Part 1 §2 Flows list: index, Workflow ID, Flow and Description, all sortable; the search (700 ms, in `?q=`),
 * pages of 10 (in `?page=`), 'New workflow', and 'No flows found!'. A row or its link opens the modeler.
 */
export function FlowsScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('flows.title'));
  const { loading, flows } = useFlowsData();
  usePrefetchModeler();
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateFlowsSearch(raw);
  const q = search.q ?? '';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const pending = usePendingIds(['flow.'], ['id']);
  const rows = useMemo(() => flowRows(flows, q), [flows, q]);
  const phone = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const onSearch = useCallback((text: string) => void navigate({ to: '/flows', search: text === '' ? {} : { q: text }, replace: true }), [navigate]);
  const onPage = (page: number) => void navigate({ to: '/flows', search: { ...search, page: page + 1 }, replace: true });

  const columns: TableColumn<Row>[] = [
    { key: 'index', header: t('flows.columns.index'), cell: (row) => row.index, sortValue: (row) => row.index },
    { key: 'id', header: t('flows.columns.id'), cell: (row) => <span className="font-mono text-xs break-all">{row.flow.id}</span>, sortValue: (row) => row.flow.id },
    {
      key: 'name',
      header: t('flows.columns.name'),
      cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link to="/flows/flow" search={openFlowSearch(row.flow.id)} className="font-semibold break-words text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus" aria-label={t('flows.openNamed', { name: row.flow.name })}>
            {row.flow.name}
          </Link>
          {pending.has(row.flow.id) && <Badge tone="yellow">{t('flows.pending')}</Badge>}
        </span>
      ),
      sortValue: (row) => row.flow.name.toLowerCase(),
    },
    { key: 'description', header: t('flows.columns.description'), cell: (row) => <span className="break-words">{row.flow.description}</span>, sortValue: (row) => row.flow.description.toLowerCase() },
  ];

  return (
    <section aria-labelledby="flows-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="flows-title" className="text-2xl font-semibold text-slate-900">
          {t('flows.title')}
        </h1>
        <Button onClick={() => setCreating(true)}>{t('flows.newFlow')}</Button>
      </div>
      <div className="max-w-md">
        <SearchBox label={t('flows.search')} value={q} onSearch={onSearch} />
      </div>
      {loading ? (
        <p role="status" className="text-slate-600">
          {t('flows.loading')}
        </p>
      ) : phone ? (
        <FlowCards rows={rows} page={clampPage((search.page ?? 1) - 1, rows.length)} onPage={onPage} pending={pending} />
      ) : (
        <Table
          caption={t('flows.caption')}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.flow.id}
          emptyText={t('flows.none')}
          rowAttributes={(row) => ({ 'data-flow-id': row.flow.id })}
          onRowClick={(row) => void navigate({ to: '/flows/flow', search: openFlowSearch(row.flow.id) })}
          page={(search.page ?? 1) - 1}
          onPage={onPage}
        />
      )}
      <NewFlowDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
