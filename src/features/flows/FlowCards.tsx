import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pageRows } from '../../domain/ui/paging.ts';
import type { FlowRow } from '../../domain/engine/flowList.ts';
import type { FlowDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { openFlowSearch } from './flowsSearch.ts';

type Props = { rows: readonly FlowRow<FlowDoc>[]; page: number; onPage: (page: number) => void; pending: ReadonlySet<string> };

/** The Flows list on a phone: a card per flow (a table's four columns do not fit 390 px), 10 a page, in name order. */
export function FlowCards({ rows, page, onPage, pending }: Props) {
  const { t } = useTranslation();
  if (rows.length === 0) return <EmptyState title={t('flows.none')} />;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-col gap-2" aria-label={t('flows.caption')}>
        {pageRows(rows, page).map(({ index, flow }) => (
          <li key={flow.id} className="flex min-w-0 flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3" data-flow-id={flow.id}>
            <div className="flex flex-wrap items-baseline gap-2">
              <span className="text-sm text-slate-600">{index}.</span>
              <Link to="/flows/flow" search={openFlowSearch(flow.id)} className="font-semibold break-words text-brand underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus" aria-label={t('flows.openNamed', { name: flow.name })}>
                {flow.name}
              </Link>
              {pending.has(flow.id) && <Badge tone="yellow">{t('flows.pending')}</Badge>}
            </div>
            <p className="font-mono text-xs break-all text-slate-600">{flow.id}</p>
            {flow.description !== '' && <p className="text-sm break-words text-slate-800">{flow.description}</p>}
          </li>
        ))}
      </ul>
      {rows.length > 10 && <Paginator rows={rows.length} page={page} pageSize={10} onPage={onPage} label={t('flows.caption')} />}
    </div>
  );
}
