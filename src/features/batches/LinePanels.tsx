import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoc, useQuery } from '../../data/replica.ts';
import { lineValueEntries } from '../../domain/batches/batchDetail.ts';
import type { BatchDoc, BatchLineDoc, CaseDoc, CaseHistoryDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { useCaseTypes } from '../cases/useCaseTypes.ts';
import { BatchStatusChip } from './BatchStatusChip.tsx';

function Facts({ rows, label, testId }: { rows: [string, ReactNode][]; label: string; testId: string }) {
  return (
    <dl aria-label={label} className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]" data-testid={testId}>
      {rows.map(([name, value], index) => (
        <div key={`${index}-${name}`} className="contents">
          <dt className="font-semibold [overflow-wrap:anywhere] text-slate-700">{name}</dt>
          <dd className="mb-1 min-w-0 [overflow-wrap:anywhere] text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The line's values as the file gave them (part 2 §3 data), column by column. */
export function LineValues({ batch, line }: { batch: BatchDoc; line: BatchLineDoc }) {
  const { t } = useTranslation();
  const values = lineValueEntries(line.data, batch.header);
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
 * Case Info (part 2 §3): module A is the line's side (batchID, state, status, created, data) and module B the
 * case's own fields, read from the replica's case once the line has one; before that module B has no info.
 */
export function LineCaseInfo({ batch, line }: { batch: BatchDoc; line: BatchLineDoc }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const types = useCaseTypes();
  const doc = useDoc('cases', line.caseId) as CaseDoc | null | undefined;
  const none = '—';
  const when = (at: number) => <time dateTime={new Date(at).toISOString()}>{formatDate(at)}</time>;
  const moduleA: [string, ReactNode][] = [
    [t('caseDetail.info.batchId'), <span className="font-mono">{batch.id}</span>],
    [t('caseDetail.info.state'), line.state ?? none],
    [t('caseDetail.info.status'), <BatchStatusChip status={line.status} />],
    [t('caseDetail.info.created'), when(line.createdAt)],
  ];
  const data = lineValueEntries(line.data, batch.header);
  const type = doc ? types.typeById.get(doc.caseTypeId) : undefined;
  const moduleB: [string, ReactNode][] = doc
    ? [
        [t('caseDetail.info.caseId'), <span className="font-mono">{doc.id}</span>],
        [t('caseDetail.info.customerId'), <span className="font-mono">{doc.customerId ?? none}</span>],
        [t('caseDetail.info.caseType'), type === undefined ? doc.caseTypeId : type.description || type.code],
        [t('caseDetail.info.state'), (doc.stateId === null ? undefined : types.stateById.get(doc.stateId)?.description) ?? doc.stateId ?? none],
        [t('caseDetail.info.status'), <BatchStatusChip status={doc.status} />],
        [t('caseDetail.info.category'), doc.category ?? none],
        [t('caseDetail.info.description'), doc.description || none],
        [t('caseDetail.info.lastUpdate'), when(doc.updatedAt)],
        [t('caseDetail.info.closing'), doc.closing === null ? none : when(doc.closing)],
      ]
    : [];
  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2" data-testid="line-case-info">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('caseDetail.info.moduleA')}</h3>
        <Facts rows={moduleA} label={t('caseDetail.info.moduleA')} testId="line-module-a" />
        <h4 className="mt-1 text-sm font-semibold text-slate-700">{t('caseDetail.info.data')}</h4>
        {data.length === 0 ? <p className="text-sm text-slate-600">{t('caseDetail.info.noData')}</p> : <Facts rows={data} label={t('caseDetail.info.data')} testId="line-data" />}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('caseDetail.info.moduleB')}</h3>
        {moduleB.length === 0 ? (
          <div className="flex flex-col gap-1 text-sm">
            <p className="text-slate-700">{t('batchDetail.line.noInfo')}</p>
            {line.caseId === null && <p className="text-slate-600">{t('batchDetail.line.noCase')}</p>}
          </div>
        ) : (
          <Facts rows={moduleB} label={t('caseDetail.info.moduleB')} testId="line-module-b" />
        )}
      </div>
    </div>
  );
}
