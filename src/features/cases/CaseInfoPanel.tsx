import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseDoc, CaseStateDoc, CaseTypeDoc } from '../../domain/sync/documents.gen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';

type Props = { doc: CaseDoc; type: CaseTypeDoc | undefined; state: CaseStateDoc | undefined };

/** At most this many of the case's data fields are listed; the rest is counted (a run may carry many). */
const DATA_FIELDS_SHOWN = 30;

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function Facts({ rows, testId }: { rows: [string, ReactNode][]; testId: string }) {
  return (
    <dl className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]" data-testid={testId}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="mb-1 min-w-0 break-words text-slate-900 sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Case info (part 2 §3): module A, the run's side (batch, state, status, created, data), and module B, the case's
 * own fields. Long ids and values break anywhere, so nothing pushes the page sideways at 320 px.
 */
export function CaseInfoPanel({ doc, type, state }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const data = doc.data !== null && typeof doc.data === 'object' && !Array.isArray(doc.data) ? Object.entries(doc.data) : [];
  const none = '—';
  const moduleA: [string, ReactNode][] = [
    [t('caseDetail.info.batchId'), <span className="font-mono break-all">{doc.batchId ?? none}</span>],
    [t('caseDetail.info.state'), state?.description ?? doc.stateId ?? none],
    [t('caseDetail.info.status'), <StatusChip status={doc.status} />],
    [t('caseDetail.info.created'), <time dateTime={new Date(doc.createdAt).toISOString()}>{formatDate(doc.createdAt)}</time>],
  ];
  const moduleB: [string, ReactNode][] = [
    [t('caseDetail.info.caseId'), <span className="font-mono break-all">{doc.id}</span>],
    [t('caseDetail.info.customerId'), <span className="font-mono break-all">{doc.customerId ?? none}</span>],
    [t('caseDetail.info.caseType'), type === undefined ? doc.caseTypeId : type.description || type.code],
    [t('caseDetail.info.category'), doc.category ?? none],
    [t('caseDetail.info.description'), doc.description || none],
    [t('caseDetail.info.lastUpdate'), <time dateTime={new Date(doc.updatedAt).toISOString()}>{formatDate(doc.updatedAt)}</time>],
    [t('caseDetail.info.closing'), doc.closing === null ? none : formatDate(doc.closing)],
  ];
  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2">
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('caseDetail.info.moduleA')}</h3>
        <Facts rows={moduleA} testId="case-module-a" />
        <h4 className="mt-1 text-sm font-semibold text-slate-700">{t('caseDetail.info.data')}</h4>
        {data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('caseDetail.info.noData')}</p>
        ) : (
          <>
            <Facts rows={data.slice(0, DATA_FIELDS_SHOWN).map(([key, value]) => [key, <span className="break-all">{text(value)}</span>])} testId="case-data" />
            {data.length > DATA_FIELDS_SHOWN && <p className="text-xs text-slate-600">{t('caseDetail.info.moreData', { count: data.length - DATA_FIELDS_SHOWN })}</p>}
          </>
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <h3 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('caseDetail.info.moduleB')}</h3>
        <Facts rows={moduleB} testId="case-module-b" />
      </div>
    </div>
  );
}
