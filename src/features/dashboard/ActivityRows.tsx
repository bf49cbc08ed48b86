import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { canDeleteFromActivity, type ActivityView } from '../../domain/cases/caseActivity.ts';
import type { CaseDoc } from '../../domain/sync/documents.gen.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { TEXT_LINK } from '../apps/linkClasses.ts';
import { CaseStatusBadge } from './CaseStatusBadge.tsx';

type Props = {
  caption: string;
  view: ActivityView;
  rows: readonly CaseDoc[];
  stateNames: ReadonlyMap<string, string>;
  pending: ReadonlySet<string>;
  onDelete: (caseId: string) => void;
};

/**
 * One page of cases: a table from 1,024 px and cards below it, as the other lists do on a phone. The case id is a
 * real link to the case; a PROGRESS case of the active view offers Delete (part 2 §2). Dates are MM-DD-YYYY HH:mm
 * through the one formatter (part 2 §9).
 */
export function ActivityRows({ caption, view, rows, stateNames, pending, onDelete }: Props) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const active = view === 'active';
  const when = (at: number | null) => (at === null ? '—' : formatDate(at));
  const lastColumn = active ? t('caseActivity.activity.columns.updated') : t('caseActivity.activity.columns.closing');
  const lastValue = (c: CaseDoc) => when(active ? c.updatedAt : c.closing);
  const state = (c: CaseDoc) => (c.stateId === null ? t('caseActivity.activity.noState') : (stateNames.get(c.stateId) ?? c.stateId));
  const idLink = (c: CaseDoc) => (
    <Link to="/cases/$caseId" params={{ caseId: c.id }} className={`${TEXT_LINK} font-mono text-sm break-all`}>
      {c.id}
    </Link>
  );
  const status = (c: CaseDoc) => (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <CaseStatusBadge status={c.status} />
      {pending.has(c.id) && <Badge tone="yellow">{t('caseActivity.activity.pending')}</Badge>}
    </span>
  );
  const action = (c: CaseDoc): ReactNode =>
    active && canDeleteFromActivity(c.status) ? (
      <Button variant="secondary" size="sm" className="text-red-800 hover:border-red-700" aria-label={t('caseActivity.delete.buttonLabel', { id: c.id })} onClick={() => onDelete(c.id)}>
        {t('caseActivity.delete.button')}
      </Button>
    ) : null;

  return (
    <>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white lg:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">{t('caseActivity.activity.columns.id')}</th>
              <th scope="col" className="px-3 py-3 font-semibold">{t('caseActivity.activity.columns.customer')}</th>
              <th scope="col" className="px-3 py-3 font-semibold">{t('caseActivity.activity.columns.state')}</th>
              <th scope="col" className="px-3 py-3 font-semibold">{t('caseActivity.activity.columns.status')}</th>
              <th scope="col" className="px-3 py-3 font-semibold">{t('caseActivity.activity.columns.created')}</th>
              <th scope="col" className="px-3 py-3 font-semibold">{lastColumn}</th>
              {active && <th scope="col" className="px-3 py-3 font-semibold"><span className="sr-only">{t('caseActivity.activity.columns.actions')}</span></th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} data-case-id={c.id} className="border-t border-slate-100 even:bg-slate-50/60 focus-within:bg-blue-50">
                <td className="px-3 py-2">{idLink(c)}</td>
                <td className="px-3 py-2 break-all text-slate-800">{c.customerId ?? '—'}</td>
                <td className="px-3 py-2 text-slate-800" data-field="state">{state(c)}</td>
                <td className="px-3 py-2" data-field="status">{status(c)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-800">{when(c.createdAt)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-800">{lastValue(c)}</td>
                {active && <td className="px-3 py-2 text-right">{action(c)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 lg:hidden">
        {rows.map((c) => (
          <li key={c.id} data-case-id={c.id} className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus">
            <div className="flex flex-wrap items-start justify-between gap-2">
              {idLink(c)}
              <span data-field="status">{status(c)}</span>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-slate-600">{t('caseActivity.activity.columns.state')}</dt>
              <dd data-field="state">{state(c)}</dd>
              <dt className="text-slate-600">{t('caseActivity.activity.columns.customer')}</dt>
              <dd className="break-all">{c.customerId ?? '—'}</dd>
              <dt className="text-slate-600">{t('caseActivity.activity.columns.created')}</dt>
              <dd>{when(c.createdAt)}</dd>
              <dt className="text-slate-600">{lastColumn}</dt>
              <dd>{lastValue(c)}</dd>
            </dl>
            {action(c) !== null && <div className="flex justify-end">{action(c)}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}
