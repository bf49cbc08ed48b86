import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { businessCalendarOf } from '../../domain/engine/appList.ts';
import { nextFireTimes } from '../../domain/engine/eventRules.ts';
import type { CalendarDoc } from '../../domain/sync/documents.gen.ts';
import { formatDate } from '../../domain/ui/dateFormat.ts';

const PREVIEW_COUNT = 5;

/**
 * The next five times the rule fires, in the calendar's time zone, skipping its days off as the scheduler does,
 * each with its weekday so "09:00 on working days" can be checked at a glance.
 */
export function FirePreview({ rule, calendar }: { rule: string; calendar: CalendarDoc }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const times = useMemo(() => nextFireTimes(rule, calendar.timeZone, new Date(), PREVIEW_COUNT, businessCalendarOf(calendar)), [rule, calendar]);
  const weekday = useMemo(() => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: calendar.timeZone }), [locale, calendar.timeZone]);
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3" data-testid="fire-preview">
      <p className="text-sm font-semibold text-slate-800">{t('apps.eventForm.preview', { zone: calendar.timeZone })}</p>
      {times.length === 0 ? (
        <p className="text-sm text-slate-700">{t('apps.eventForm.previewNone')}</p>
      ) : (
        <ol className="list-decimal pl-5 text-sm text-slate-800">
          {times.map((time) => (
            <li key={time.getTime()}>
              <time dateTime={time.toISOString()}>
                {weekday.format(time)} {formatDate(time.getTime(), { locale, timeZone: calendar.timeZone })}
              </time>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
