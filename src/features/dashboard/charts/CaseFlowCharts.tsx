import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_MAX_WIDTH } from '../../../domain/ui/uiConstants.ts';
import { chartWindow, FLOW_METRICS, pointLabels } from '../../../domain/dashboard/chartPoints.ts';
import type { CaseFlowChartsProps } from '../main/dashboardTypes.ts';
import { ApexChart } from './ApexChart.tsx';
import { ChartCard, Swatch, type Figures } from './ChartCard.tsx';
import { baseOptions, FLOW_COLORS, numberFormatter, sparseCategoryAxis } from './chartLook.ts';
import { FlowMetricPanel } from './FlowMetricPanel.tsx';

const LINE_HEIGHT = 260;

/**
 * Part 1 §2 charts of created, closed and active cases over the timespan (§9): a line chart of the three, then each
 * one's figures and hourly or daily bar chart. Hours are local 'HH:00', days short local dates; timespans 2 and 3
 * show their last 7 points, and the figures describe exactly the points drawn.
 */
export function CaseFlowCharts({ series, timespan, empty }: CaseFlowChartsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const number = useMemo(() => numberFormatter(locale), [locale]);
  // Keyed by the points' starts, not by `series`: a case write brings new figures but the same points, and labels
  // that stay the same array keep the charts' options equal, so apexcharts repaints the series instead of redrawing
  // every chart from scratch while the new figures arrive.
  const startsKey = series.starts.slice(series.chartFrom).join(',');
  const bucket = series.bucket;
  const labels = useMemo(() => pointLabels(startsKey === '' ? [] : startsKey.split(',').map(Number), bucket, { locale }), [startsKey, bucket, locale]);
  const windows = useMemo(() => Object.fromEntries(FLOW_METRICS.map((metric) => [metric, chartWindow(series, metric)])) as Record<(typeof FLOW_METRICS)[number], ReturnType<typeof chartWindow>>, [series]);
  const unit = t(`dashboardCharts.flow.unit.${series.bucket}`);
  const names = useMemo(() => Object.fromEntries(FLOW_METRICS.map((metric) => [metric, t(`dashboardCharts.flow.series.${metric}`)])) as Record<(typeof FLOW_METRICS)[number], string>, [t]);
  const anything = !empty && FLOW_METRICS.some((metric) => windows[metric].shown.some((value) => value !== 0));

  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(number);
    // The line chart spans the card: up to seven named points, four on a phone.
    const axis = sparseCategoryAxis(labels, 7);
    const phoneAxis = sparseCategoryAxis(labels, 4);
    return {
      ...base,
      colors: FLOW_METRICS.map((metric) => FLOW_COLORS[metric]),
      stroke: { width: 3, curve: 'straight' },
      markers: { size: 4 },
      xaxis: { ...axis.xaxis, title: { text: t(`dashboardCharts.flow.axis.${bucket}`) } },
      yaxis: { labels: { formatter: (value: number) => number(value) }, title: { text: t('dashboardCharts.flow.axis.cases') }, forceNiceScale: true, min: 0 },
      grid: { borderColor: '#e2e8f0', padding: { left: 4, right: 8 } },
      tooltip: { ...base.tooltip, x: axis.tooltip?.x, shared: true, intersect: false },
      responsive: [{ breakpoint: MOBILE_MAX_WIDTH + 1, options: { xaxis: { ...phoneAxis.xaxis, title: { text: t(`dashboardCharts.flow.axis.${bucket}`) } } } }],
    };
  }, [labels, number, bucket, t]);
  const lines = useMemo(() => FLOW_METRICS.map((metric) => ({ name: names[metric], data: windows[metric].shown })), [names, windows]);

  const figures: Figures | null = empty
    ? null
    : {
        caption: t('dashboardCharts.flow.caption', { unit, from: labels[0] ?? '', to: labels.at(-1) ?? '' }),
        columns: [t(`dashboardCharts.flow.axis.${series.bucket}`), ...FLOW_METRICS.map((metric) => names[metric])],
        rows: labels.map((label, i) => ({
          key: String(series.starts[series.chartFrom + i]),
          cells: [label, ...FLOW_METRICS.map((metric) => number(windows[metric].shown[i] ?? 0))],
          attributes: { 'data-point': String(i) },
        })),
      };

  return (
    <ChartCard name="CaseFlowCharts" title={t('dashboardCharts.flow.title')} figures={figures}>
      <div data-timespan={timespan} data-bucket={series.bucket} className="flex min-w-0 flex-col gap-3">
        {series.chartFrom > 0 && <p className="text-sm text-slate-600">{t('dashboardCharts.flow.lastPoints', { count: labels.length })}</p>}
        {anything ? (
          <>
            <ApexChart type="line" label={t('dashboardCharts.flow.overview', { unit })} series={lines} options={options} height={LINE_HEIGHT} />
            <ul aria-label={t('dashboardCharts.legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
              {FLOW_METRICS.map((metric) => (
                <li key={metric} className="flex items-center gap-2">
                  <Swatch color={FLOW_COLORS[metric]} />
                  {names[metric]}
                </li>
              ))}
            </ul>
          </>
        ) : (
          !empty && <p className="py-6 text-center text-slate-600">{t('dashboardCharts.noData')}</p>
        )}
        <div className="grid min-w-0 gap-3 lg:grid-cols-3">
          {FLOW_METRICS.map((metric) => (
            <FlowMetricPanel key={metric} metric={metric} shown={windows[metric].shown} before={windows[metric].before} labels={labels} bucket={series.bucket} empty={empty} number={number} />
          ))}
        </div>
      </div>
    </ChartCard>
  );
}
