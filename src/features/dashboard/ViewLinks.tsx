import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ActivityView } from '../../domain/cases/caseActivity.ts';

const LINK = 'rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus';

/**
 * Active cases or the whole history of the type: links, so each view has its own URL (the search in the hash
 * stays with it). The current one is marked for screen readers with aria-current.
 */
export function ViewLinks({ caseTypeId, view, hash }: { caseTypeId: string; view: ActivityView; hash: string }) {
  const { t } = useTranslation();
  const item = (target: ActivityView, label: string) => (
    <Link
      to="/dashboard/$caseTypeId/activity"
      params={{ caseTypeId }}
      search={target === 'history' ? { view: 'history' } : {}}
      hash={hash}
      replace
      aria-current={view === target ? 'page' : undefined}
      className={`${LINK} ${view === target ? 'bg-brand text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label={t('caseActivity.activity.views')} className="flex gap-1 self-start rounded-lg border border-slate-200 bg-white p-1">
      {item('active', t('caseActivity.activity.active'))}
      {item('history', t('caseActivity.activity.history'))}
    </nav>
  );
}
