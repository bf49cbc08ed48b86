import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoc, useQuery } from '../../data/replica.ts';
import { lineValueEntries } from '../../domain/batches/batchDetail.ts';
import type { BatchDoc, BatchLineDoc, CaseDoc, CaseHistoryDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { CaseInfoPanel } from '../cases/CaseInfoPanel.tsx';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { BatchStatusChip } from './BatchStatusChip.tsx';

function Facts({ rows, label, testId }: { rows: [string, ReactNode][]; label: string; testId: string }) {
  return (
    <dl aria-label={label} className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]" data-testid={testId}>
      {rows.map(([name, value], index) => (
        <div key={`${index}-${name}`} className="contents">
          <dt className="font-semibold break-words text-slate-700">{name}</dt>
          <dd className="mb-1 min-w-0 break-all text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The line's values as the file gave them (part 2 §3 data), column by column. */
export function LineValues({ line }: { line: BatchLineDoc }) {
  const { t } = useTranslation();
  const values = lineValueEntries(line.data);
  if (values.length === 0) return <p className="text-sm text-slate-600">{t('batchDetail.line.noValues')}</p>;
  return <Facts rows={values} label={t('batchDetail.line.valuesCaption', { lineId: line.lineId })} testId="line-values" />;
}

/** The case's history (the states it went through), newest first, from the case scope the dialog keeps open. */
export function LineCaseHistory({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const { docs, loading } = useQuery('caseRecords', { selector: { caseId, kind: 'caseHistory' } });
  const entries = (docs as CaseHistoryDoc[]).filter((entry) => !entry.deleted).sort((a, b) => b.transactionDate - a.transactionDate);
  if (loading) return <p className="text-sm text-slate-600">{t('caseDetail.loading')}</p>;
  if (entries.length === 0) return <p className="text-sm text-slate-600">{t('batchDetail.line.noHistory')}</p>;
  return (
    <ol className="flex flex-col gap-2" data-testid="line-history">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <time className="text-xs text-slate-600" dateTime={new Date(entry.transactionDate).toISOString()}>
            {formatDate(entry.transactionDate)}
          </time>
          <p className="font-semibold break-words text-slate-900">{entry.eventDescription || entry.eventType}</p>
          {entry.eventDetails !== '' && <p className="break-words text-slate-700">{entry.eventDetails}</p>}
        </li>
      ))}
    </ol>
  );
}

/**
 * Case Info (part 2 §3): module A is the line's side (batch, state, status, created, data) and module B the case's
 * own fields, from the case panel once the replica holds the case; before the line has a case there is no info.
 */
export function LineCaseInfo({ batch, line }: { batch: BatchDoc; line: BatchLineDoc }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const types = useCaseTypes();
  const doc = useDoc('cases', line.caseId) as CaseDoc | null | undefined;
  const moduleA: [string, ReactNode][] = [
    [t('batchDetail.line.batchId'), <span className="font-mono">{batch.id}</span>],
    [t('batchDetail.line.state'), line.state ?? '—'],
    [t('batchDetail.line.status'), <BatchStatusChip status={line.status} />],
    [t('batchDetail.line.created'), <time dateTime={new Date(line.createdAt).toISOString()}>{formatDate(line.createdAt)}</time>],
  ];
  const data = lineValueEntries(line.data);
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="line-case-info">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('batchDetail.line.moduleA')}</h3>
        <Facts rows={moduleA} label={t('batchDetail.line.moduleA')} testId="line-module-a" />
        <h4 className="mt-1 text-sm font-semibold text-slate-700">{t('batchDetail.line.data')}</h4>
        {data.length === 0 ? <p className="text-sm text-slate-600">{t('batchDetail.line.noValues')}</p> : <Facts rows={data} label={t('batchDetail.line.data')} testId="line-data" />}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('batchDetail.line.moduleB')}</h3>
        {line.caseId === null || !doc ? (
          <div className="flex flex-col gap-1 text-sm">
            <p className="text-slate-700">{t('batchDetail.line.noInfo')}</p>
            {line.caseId === null && <p className="text-slate-600">{t('batchDetail.line.noCase')}</p>}
          </div>
        ) : (
          <CaseInfoPanel doc={doc} type={types.typeById.get(doc.caseTypeId)} state={doc.stateId === null ? undefined : types.stateById.get(doc.stateId)} />
        )}
      </div>
    </div>
  );
}
