import type { ApexOptions } from 'apexcharts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { summarize, type SeriesSummary } from '../../../domain/dashboard/caseSeries.ts';
import type { FlowMetric } from '../../../domain/dashboard/chartPoints.ts';
import { ApexChart } from './ApexChart.tsx';
import { baseOptions, FLOW_COLORS, sparseCategoryAxis } from './chartLook.ts';

const BAR_HEIGHT = 200;

type Props = {
  metric: FlowMetric;
  /** The points drawn, and as many just before them (chartPoints.ts chartWindow). */
  shown: number[];
  before: number[];
  labels: string[];
  bucket: 'hour' | 'day';
  /** The workspace has no case at all. */
  empty: boolean;
  number: (n: number) => string;
};

/**
 * One of the created / closed / active figures (part 1 §2): Peak, Average, Total and the trend against the previous
 * period, the hourly or daily bar chart, and the insights (peak, average, lowest, and §4's trend of the last two
 * points). Active cases are a level: their total is the last point.
 */
export function FlowMetricPanel({ metric, shown, before, labels, bucket, empty, number }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const summary = useMemo(() => summarize(shown, before, metric === 'active'), [shown, before, metric]);
  const nothing = empty || shown.every((value) => value === 0);
  const unit = t(`dashboardCharts.flow.unit.${bucket}`);
  const metricName = t(`dashboardCharts.flow.metric.${metric}`);

  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(number);
    const axis = sparseCategoryAxis(labels, 4);
    return {
      ...base,
      colors: [FLOW_COLORS[metric]],
      plotOptions: { bar: { columnWidth: '70%', borderRadius: 2 } },
      xaxis: axis.xaxis,
      tooltip: { ...base.tooltip, x: axis.tooltip?.x },
      yaxis: { labels: { formatter: (value: number) => number(value) }, forceNiceScale: true, min: 0 },
      grid: { borderColor: '#e2e8f0', padding: { left: 4, right: 4 } },
    };
  }, [labels, metric, number]);
  const series = useMemo(() => [{ name: metricName, data: shown }], [metricName, shown]);

  return (
    <article aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3" data-metric={metric}>
      <h3 id={titleId} className="font-semibold text-slate-900">
        {metricName}
      </h3>
      {nothing ? (
        <p className="py-6 text-center text-slate-600" data-field="empty">
          {t(`dashboardCharts.flow.empty.${metric}`)}
        </p>
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2">
            <Figure name={t('dashboardCharts.flow.peak')} value={number(summary.peak)} field="peak" />
            <Figure name={t('dashboardCharts.flow.average')} value={number(summary.average)} field="average" />
            <Figure name={t('dashboardCharts.flow.total')} value={number(summary.total)} field="total" />
          </dl>
          <p className="text-sm text-slate-700" data-field="trend" data-trend={summary.againstPrevious}>
            <TrendText summary={summary} />
          </p>
          <ApexChart type="bar" label={t('dashboardCharts.flow.metricChart', { metric: metricName, unit })} series={series} options={options} height={BAR_HEIGHT} />
          <div>
            <h4 className="text-sm font-semibold text-slate-700">{t('dashboardCharts.flow.insights')}</h4>
            <ul className="list-disc pl-5 text-sm text-slate-700" data-field="insights">
              <li data-insight="peak">{t('dashboardCharts.flow.insight.peak', { value: number(summary.peak), point: labels[shown.indexOf(summary.peak)] ?? '' })}</li>
              <li data-insight="average">{t('dashboardCharts.flow.insight.average', { value: number(summary.average), unit })}</li>
              <li data-insight="lowest">{t('dashboardCharts.flow.insight.lowest', { value: number(summary.lowest), point: labels[shown.indexOf(summary.lowest)] ?? '' })}</li>
              <li data-insight="latest" data-trend={summary.trend}>
                {t(`dashboardCharts.flow.insight.latest.${summary.trend}`)}
              </li>
            </ul>
          </div>
        </>
      )}
    </article>
  );
}

function Figure({ name, value, field }: { name: string; value: string; field: string }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs font-semibold text-slate-600 uppercase">{name}</dt>
      <dd className="text-xl font-semibold text-slate-900 tabular-nums" data-field={field}>
        {value}
      </dd>
    </div>
  );
}

function TrendText({ summary }: { summary: SeriesSummary }) {
  const { t, i18n } = useTranslation();
  const { againstPrevious, changePercent } = summary;
  if (againstPrevious === 'stable') return <>{t('dashboardCharts.flow.trend.stable')}</>;
  if (changePercent === null) return <>{t('dashboardCharts.flow.trend.upFromNone')}</>;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(Math.abs(changePercent) / 100);
  return <>{t(`dashboardCharts.flow.trend.${againstPrevious}`, { percent })}</>;
}
