import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CASE_STATUSES, hasCaseFilters, rangeIncomplete, type CaseHistoryFilters as Filters, type CaseStatus } from '../../domain/cases/caseHistoryQuery.ts';
import { Button } from '../../ui/Button.tsx';
import type { CaseTypesData } from './useCaseTypes.ts';

type Props = { filters: Filters; types: CaseTypesData; onChange: (next: Filters) => void };

const FIELD = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-focus disabled:bg-slate-100 disabled:text-slate-600';
const LABEL = 'text-sm font-semibold text-slate-800';

/**
 * The cases history's filters (part 2 §2, §5): a date range of two dates (it applies once both are chosen), the
 * status, the case type (TBD never listed) and a state of that type. Every change goes to the URL at once.
 */
export function CaseHistoryFilters({ filters, types, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (patch: Partial<Filters>) => {
    const next: Filters = { ...filters, ...patch };
    for (const key of Object.keys(next) as (keyof Filters)[]) if (next[key] === undefined || next[key] === '') delete next[key];
    // A state belongs to its case type: a new type drops it.
    if ('type' in patch && patch.type !== filters.type) delete next.state;
    onChange(next);
  };
  const states = filters.type === undefined ? [] : types.statesOf(filters.type);
  const waiting = rangeIncomplete(filters);

  return (
    <section aria-label={t('cases.history.filters')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-5">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-from`} className={LABEL}>
            {t('cases.history.from')}
          </label>
          <input id={`${id}-from`} type="date" className={FIELD} value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} aria-describedby={`${id}-range`} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-to`} className={LABEL}>
            {t('cases.history.to')}
          </label>
          <input id={`${id}-to`} type="date" className={FIELD} value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} aria-describedby={`${id}-range`} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-status`} className={LABEL}>
            {t('cases.history.status')}
          </label>
          <select id={`${id}-status`} className={FIELD} value={filters.status ?? ''} onChange={(e) => set({ status: (e.target.value || undefined) as CaseStatus | undefined })}>
            <option value="">{t('cases.history.all')}</option>
            {CASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-type`} className={LABEL}>
            {t('cases.history.caseType')}
          </label>
          <select id={`${id}-type`} className={FIELD} value={filters.type ?? ''} onChange={(e) => set({ type: e.target.value || undefined })}>
            <option value="">{t('cases.history.all')}</option>
            {types.listed.map((type) => (
              <option key={type.id} value={type.id}>
                {type.description || type.code}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-0 flex-col gap-1 min-[360px]:col-span-2 lg:col-span-1">
          <label htmlFor={`${id}-state`} className={LABEL}>
            {t('cases.history.state')}
          </label>
          <select id={`${id}-state`} className={FIELD} value={filters.state ?? ''} disabled={filters.type === undefined} onChange={(e) => set({ state: e.target.value || undefined })}>
            <option value="">{filters.type === undefined ? t('cases.history.stateNeedsType') : t('cases.history.all')}</option>
            {states.map((state) => (
              <option key={state.id} value={state.id}>
                {state.description || state.stateKey}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-range`} className={`text-xs ${waiting ? 'font-semibold text-amber-900' : 'text-slate-600'}`} aria-live="polite">
          {waiting ? t('cases.history.rangeWaiting') : t('cases.history.rangeHint')}
        </p>
        {hasCaseFilters({ ...filters, q: undefined }) && (
          <Button variant="secondary" onClick={() => onChange(filters.q === undefined ? {} : { q: filters.q })}>
            {t('cases.history.clear')}
          </Button>
        )}
      </div>
    </section>
  );
}
