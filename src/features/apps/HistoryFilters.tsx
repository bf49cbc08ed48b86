import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hasHistoryFilters, type HistorySearch, type HistoryStatus } from '../../domain/engine/instanceHistory.ts';
import { HISTORY_FILTER_STATUSES } from '../../domain/engine/instanceStatus.ts';
import { Button } from '../../ui/Button.tsx';

type Props = { search: HistorySearch; onChange: (next: Omit<HistorySearch, 'appId' | 'page'>) => void };

const FIELD = 'rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus-visible:outline-2 focus-visible:outline-focus';

/**
 * App history's filters (part 1 §2, §5): a date range of two date fields (it applies only when both are chosen),
 * the statuses RUNNING, ERROR, HOLD and DONE to choose any of, and Clear filters. Every change goes to the URL.
 */
export function HistoryFilters({ search, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const statuses = search.status ?? [];
  const current = { status: statuses, from: search.from, to: search.to };
  const set = (patch: Partial<typeof current>) => {
    const next = { ...current, ...patch };
    onChange({
      ...(next.status.length > 0 ? { status: next.status } : {}),
      ...(next.from ? { from: next.from } : {}),
      ...(next.to ? { to: next.to } : {}),
    });
  };
  const toggle = (status: HistoryStatus, on: boolean) =>
    set({ status: HISTORY_FILTER_STATUSES.filter((s) => (s === status ? on : statuses.includes(s))) });

  return (
    <section aria-label={t('apps.history.filters')} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-from`} className="text-sm font-semibold text-slate-800">
            {t('apps.history.from')}
          </label>
          <input id={`${id}-from`} type="date" className={FIELD} value={search.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} aria-describedby={`${id}-range`} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-to`} className="text-sm font-semibold text-slate-800">
            {t('apps.history.to')}
          </label>
          <input id={`${id}-to`} type="date" className={FIELD} value={search.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} aria-describedby={`${id}-range`} />
        </div>
        <fieldset className="flex min-w-0 flex-col gap-1" aria-describedby={`${id}-hold`}>
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('apps.history.status')}</legend>
          <div className="flex flex-wrap gap-2">
            {HISTORY_FILTER_STATUSES.map((status) => (
              <label
                key={status}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 has-checked:border-brand has-checked:bg-blue-50 has-focus-visible:outline-2 has-focus-visible:outline-focus"
              >
                <input type="checkbox" className="h-4 w-4 accent-brand" checked={statuses.includes(status)} onChange={(e) => toggle(status, e.target.checked)} />
                {status}
              </label>
            ))}
          </div>
        </fieldset>
        {hasHistoryFilters(search) && (
          <Button variant="secondary" onClick={() => onChange({})}>
            {t('apps.history.clear')}
          </Button>
        )}
      </div>
      <p id={`${id}-range`} className="text-xs text-slate-600">
        {t('apps.history.rangeHint')} <span id={`${id}-hold`}>{t('apps.history.statusHint')}</span>
      </p>
    </section>
  );
}
