import type { ApexOptions } from 'apexcharts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pointLabels } from '../../../domain/dashboard/chartPoints.ts';
import { Button } from '../../../ui/Button.tsx';
import { Select } from '../../../ui/Select.tsx';
import type { ResolutionPeriod, ResolutionTimeProps } from '../main/dashboardTypes.ts';
import { ApexChart } from './ApexChart.tsx';
import { ChartCard, type Figures } from './ChartCard.tsx';
import { baseOptions, numberFormatter, RESOLUTION_COLOR, sparseCategoryAxis } from './chartLook.ts';

const PERIODS: readonly ResolutionPeriod[] = ['WEEK', 'MONTH', 'QUARTER'];
const CHART_HEIGHT = 240;

/**
 * Part 1 §2 on-demand resolution time chart: nothing is computed until "Show resolution times" is pressed; then the
 * average hours from creation to closing per day of the period (a week by default), with the closed counts in the
 * table. The figures' days are UTC days (caseSeries.ts resolutionTimes), so they are labelled in UTC.
 */
export function ResolutionTimeCard({ compute, caseTypeName }: ResolutionTimeProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const [period, setPeriod] = useState<ResolutionPeriod>('WEEK');
  const [shown, setShown] = useState(false);
  const number = useMemo(() => numberFormatter(locale), [locale]);
  const result = useMemo(() => (shown ? compute(period) : null), [shown, compute, period]);
  const labels = useMemo(() => (result === null ? [] : pointLabels(result.starts, 'day', { locale, timeZone: 'UTC' })), [result, locale]);
  const periodName = t(`dashboardCharts.resolution.periods.${period}`);
  // The button goes away when pressed: focus moves to what replaced it, not to the page's start.
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) resultRef.current?.focus();
  }, [shown]);
  const hasHours = result !== null && result.averageHours.some((hours) => hours > 0);

  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(number);
    const axis = sparseCategoryAxis(labels, 5);
    return {
      ...base,
      colors: [RESOLUTION_COLOR],
      plotOptions: { bar: { columnWidth: '70%', borderRadius: 2 } },
      xaxis: { ...axis.xaxis, title: { text: t('dashboardCharts.resolution.day') } },
      tooltip: { ...base.tooltip, x: axis.tooltip?.x },
      yaxis: { labels: { formatter: (value: number) => number(value) }, title: { text: t('dashboardCharts.resolution.hours') }, forceNiceScale: true, min: 0 },
      grid: { borderColor: '#e2e8f0', padding: { left: 4, right: 8 } },
    };
  }, [labels, number, t]);
  const series = useMemo(() => [{ name: t('dashboardCharts.resolution.hours'), data: result?.averageHours ?? [] }], [result, t]);

  const figures: Figures | null =
    result === null || !hasHours
      ? null
      : {
          caption: t('dashboardCharts.resolution.caption', { period: periodName }),
          columns: [t('dashboardCharts.resolution.day'), t('dashboardCharts.resolution.hours'), t('dashboardCharts.resolution.closed')],
          rows: labels.map((label, i) => ({
            key: String(result.starts[i]),
            cells: [label, number(result.averageHours[i] ?? 0), number(result.closed[i] ?? 0)],
            attributes: { 'data-point': String(i) },
          })),
        };

  const selector = (
    <div className="min-w-36">
      <Select label={t('dashboardCharts.resolution.period')} hideLabel value={period} options={PERIODS.map((value) => ({ value, label: t(`dashboardCharts.resolution.periods.${value}`) }))} onChange={setPeriod} />
    </div>
  );

  return (
    <ChartCard
      name="ResolutionTimeCard"
      title={caseTypeName === null ? t('dashboardCharts.resolution.title') : t('dashboardCharts.resolution.titleOf', { type: caseTypeName })}
      actions={selector}
      figures={figures}
    >
      <p className="text-sm text-slate-600">{t('dashboardCharts.resolution.intro')}</p>
      {result === null ? (
        <div className="flex justify-center py-6">
          <Button variant="secondary" onClick={() => setShown(true)} data-action="show-resolution">
            {t('dashboardCharts.resolution.show')}
          </Button>
        </div>
      ) : (
        <div ref={resultRef} tabIndex={-1} className="min-w-0 rounded-lg focus-visible:outline-2 focus-visible:outline-focus" data-field="resolution" data-period={period}>
          {hasHours ? (
            <ApexChart type="bar" label={t('dashboardCharts.resolution.chart', { period: periodName })} series={series} options={options} height={CHART_HEIGHT} />
          ) : (
            <p className="py-8 text-center text-slate-600" data-field="empty">
              {t('dashboardCharts.resolution.empty')}
            </p>
          )}
        </div>
      )}
    </ChartCard>
  );
}
