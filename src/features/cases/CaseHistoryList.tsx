import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import type { CaseTypesData } from './useCaseTypes.ts';

type Props = { caption: string; rows: readonly CaseDoc[]; types: CaseTypesData; busy: boolean };

const LINK = 'font-mono text-sm font-semibold text-brand underline-offset-2 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-focus';
const COLUMNS = ['caseId', 'customerId', 'caseType', 'state', 'status', 'created', 'lastUpdate', 'closing', 'category'] as const;

/**
 * One page of cases (part 2 §3 Case (history list)): a table from 1,024 px and cards below it, as the other list
 * screens do on a phone. The case id is a real link to the case (keyboard Enter, middle-click); a click anywhere
 * else on the row opens it too. Dates go through the one formatter (MM-DD-YYYY HH:mm).
 */
export function CaseHistoryList({ caption, rows, types, busy }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const navigate = useNavigate();
  const open = (doc: CaseDoc) => void navigate({ to: '/cases/$caseId', params: { caseId: doc.id } });
  const onRow = (doc: CaseDoc) => (event: MouseEvent) => {
    if (event.target instanceof Element && event.target.closest('a') !== null) return;
    open(doc);
  };
  const type = (doc: CaseDoc) => {
    const found = types.typeById.get(doc.caseTypeId);
    return found === undefined ? doc.caseTypeId : found.description || found.code;
  };
  const state = (doc: CaseDoc) => (doc.stateId === null ? '—' : (types.stateById.get(doc.stateId)?.description ?? doc.stateId));
  const cell = (doc: CaseDoc, column: (typeof COLUMNS)[number], wrapIds = false) => {
    switch (column) {
      case 'caseId':
        return (
          <Link to="/cases/$caseId" params={{ caseId: doc.id }} className={`${LINK} ${wrapIds ? 'break-all' : 'whitespace-nowrap'}`} data-testid="case-id">
            {doc.id}
          </Link>
        );
      case 'customerId':
        return <span className={`font-mono text-sm ${wrapIds ? 'break-all' : 'whitespace-nowrap'}`}>{doc.customerId ?? '—'}</span>;
      case 'caseType':
        return type(doc);
      case 'state':
        return state(doc);
      case 'status':
        return <StatusChip status={doc.status} />;
      case 'created':
        return <time dateTime={new Date(doc.createdAt).toISOString()}>{formatDate(doc.createdAt)}</time>;
      case 'lastUpdate':
        return <time dateTime={new Date(doc.updatedAt).toISOString()}>{formatDate(doc.updatedAt)}</time>;
      case 'closing':
        return doc.closing === null ? '—' : formatDate(doc.closing);
      case 'category':
        return doc.category ?? '—';
    }
  };

  return (
    <div className={`flex flex-col gap-2 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      <div className="hidden overflow-hidden rounded-xl border border-slate-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column} scope="col" className="px-2.5 py-3 font-semibold">
                  {t(`cases.history.columns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((doc) => (
              <tr key={doc.id} data-case-id={doc.id} className="cursor-pointer border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50 hover:bg-blue-50" onClick={onRow(doc)}>
                {COLUMNS.map((column) => (
                  <td key={column} className="px-2.5 py-2.5 align-top text-slate-800">
                    {cell(doc, column)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 lg:hidden">
        {rows.map((doc) => (
          <li
            key={doc.id}
            data-case-id={doc.id}
            className="flex min-w-0 cursor-pointer flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            onClick={onRow(doc)}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              {cell(doc, 'caseId', true)}
              {cell(doc, 'status')}
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
              {COLUMNS.filter((column) => column !== 'caseId' && column !== 'status').map((column) => (
                <div key={column} className="contents">
                  <dt className="text-slate-600">{t(`cases.history.columns.${column}`)}</dt>
                  <dd className="min-w-0 break-words text-slate-900">{cell(doc, column, true)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
