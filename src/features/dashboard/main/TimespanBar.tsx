import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TIMESPANS, type Timespan } from '../../../domain/dashboard/dashboardConstants.ts';

type Props = {
  timespan: Timespan;
  from: string | undefined;
  to: string | undefined;
  onChange: (next: { span: Timespan; from?: string; to?: string }) => void;
};

/**
 * Part 1 §9 timespan filter: 24 hours, 7 days (the default), 30 days, 90 days or a custom range. A row of radio
 * buttons (arrow keys move between them) and, for the custom range, two date fields.
 */
export function TimespanBar({ timespan, from, to, onChange }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" data-testid="timespan-bar">
      <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap items-center gap-1 rounded-lg border border-slate-200 bg-white p-1">
        <span id={labelId} className="px-2 text-sm font-semibold text-slate-700">
          {t('dashboard.timespan.label')}
        </span>
        {TIMESPANS.map((span) => (
          <label key={span} className="cursor-pointer rounded-md px-2.5 py-1.5 text-sm text-slate-800 has-checked:bg-brand has-checked:font-semibold has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-focus">
            <input type="radio" name="dashboard-timespan" className="sr-only" value={span} checked={span === timespan} onChange={() => onChange({ span })} />
            {t(`dashboard.timespan.options.${span}`)}
          </label>
        ))}
      </div>
      {timespan === 5 && (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t('dashboard.timespan.from')}
            <input type="date" className="rounded-lg border border-slate-300 px-2 py-1.5 font-normal" value={from ?? ''} max={to} onChange={(e) => onChange({ span: 5, from: e.target.value || undefined, to })} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold text-slate-800">
            {t('dashboard.timespan.to')}
            <input type="date" className="rounded-lg border border-slate-300 px-2 py-1.5 font-normal" value={to ?? ''} min={from} onChange={(e) => onChange({ span: 5, from, to: e.target.value || undefined })} />
          </label>
        </div>
      )}
    </div>
  );
}
