import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACE_STATUSES, type TraceStatus } from '../../domain/traces/traceQueries.ts';
import { responseTone, traceDuration } from '../../domain/traces/traceDisplay.ts';
import { Badge, type BadgeTone } from '../../ui/Badge.tsx';

export const FIELD = 'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-focus';
export const LABEL = 'text-sm font-semibold text-slate-800';

type Range = { startDate?: string | undefined; endDate?: string | undefined };

/** The status filter and the two dates (part 2 §5: a range applies once both are chosen, sent as YYYY-MM-DD). */
export function StatusAndDates({ status, days, rangeIncomplete, onChange }: { status: string | undefined; days: Range; rangeIncomplete: boolean; onChange: (patch: { status?: string; startDate?: string; endDate?: string }) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-status`} className={LABEL}>
          {t('traces.status')}
        </label>
        <select id={`${id}-status`} className={FIELD} value={status ?? ''} onChange={(e) => onChange({ status: e.target.value })}>
          <option value="">{t('traces.anyStatus')}</option>
          {TRACE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`traces.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-start`} className={LABEL}>
          {t('traces.startDate')}
        </label>
        <input id={`${id}-start`} type="date" className={FIELD} value={days.startDate ?? ''} onChange={(e) => onChange({ startDate: e.target.value })} aria-describedby={rangeIncomplete ? `${id}-range` : undefined} />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={`${id}-end`} className={LABEL}>
          {t('traces.endDate')}
        </label>
        <input id={`${id}-end`} type="date" className={FIELD} value={days.endDate ?? ''} onChange={(e) => onChange({ endDate: e.target.value })} aria-describedby={rangeIncomplete ? `${id}-range` : undefined} />
      </div>
      {rangeIncomplete && (
        <p id={`${id}-range`} className="col-span-full text-sm text-slate-700">
          {t('traces.rangeHint')}
        </p>
      )}
    </>
  );
}

const STATUS_TONES: Record<TraceStatus, BadgeTone> = { processing: 'yellow', success: 'green', error: 'red' };

export function TraceStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (TRACE_STATUSES as readonly string[]).includes(status) ? (status as TraceStatus) : null;
  return <Badge tone={known ? STATUS_TONES[known] : 'neutral'}>{known ? t(`traces.statuses.${known}`) : status}</Badge>;
}

const RESPONSE_TONES: Record<ReturnType<typeof responseTone>, BadgeTone> = { success: 'green', redirect: 'orange', failure: 'red', none: 'neutral' };

/** Part 2 §9: 2xx green, 3xx orange, 4xx and above red. */
export function ResponseStatus({ status }: { status: number | null }) {
  if (status === null) return <span className="text-slate-600">—</span>;
  return <Badge tone={RESPONSE_TONES[responseTone(status)]}>{status}</Badge>;
}

/** Part 2 §9: ms under 1,000 ms, else seconds; highlighted above 5,000 ms. */
export function DurationText({ ms }: { ms: number | null }) {
  const { t } = useTranslation();
  const duration = traceDuration(ms);
  if (duration === null) return <span className="text-slate-600">—</span>;
  const text = duration.unit === 'ms' ? t('traces.ms', { value: duration.value }) : t('traces.seconds', { value: duration.value });
  return duration.slow ? (
    <span className="rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-900" title={t('traces.slow')} data-slow="true">
      {text}
    </span>
  ) : (
    <span>{text}</span>
  );
}
