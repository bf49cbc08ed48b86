import type { ApexOptions } from 'apexcharts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sharePercent } from '../../../domain/dashboard/caseDistribution.ts';
import { Select } from '../../../ui/Select.tsx';
import type { CaseStatesPieProps } from '../main/dashboardTypes.ts';
import { ApexChart } from './ApexChart.tsx';
import { ChartCard, Swatch, type Figures } from './ChartCard.tsx';
import { baseOptions, colorAt, numberFormatter, PIE_ANIMATION_MS, PIE_COLORS } from './chartLook.ts';

const CHART_HEIGHT = 260;

/**
 * Part 1 §2 Case States Distribution: a pie of one case type's cases per state (twelve colours, 800 ms animation,
 * §9) with a case-type selector — the chosen type, else the first with cases — and a legend of each state with its
 * count and share to one decimal.
 */
export function CaseStatesPie({ types, statesOf, selectedTypeId, onSelectType }: CaseStatesPieProps) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  const share = useMemo(() => numberFormatter(i18n.language, 1), [i18n.language]);
  const typeId = types.some((type) => type.id === selectedTypeId) ? selectedTypeId : (types.find((type) => type.count > 0) ?? types[0])?.id ?? null;
  const typeName = types.find((type) => type.id === typeId)?.name ?? '';
  const states = useMemo(() => (typeId === null ? [] : statesOf(typeId)), [typeId, statesOf]);
  const total = states.reduce((sum, state) => sum + state.count, 0);
  const percentOf = (count: number) => sharePercent(count, total);

  // Keyed by the states' names, not their counts: a case write changes counts only, and options that stay equal
  // let apexcharts repaint the slices instead of redrawing the chart from scratch.
  const namesKey = JSON.stringify(states.map((state) => state.name));
  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(number);
    const names = JSON.parse(namesKey) as string[];
    return {
      ...base,
      chart: { ...base.chart, animations: { enabled: true, speed: PIE_ANIMATION_MS } },
      labels: names,
      colors: names.map((_, i) => colorAt(PIE_COLORS, i)),
      dataLabels: { enabled: true, formatter: (value: number) => `${share(value)}%`, dropShadow: { enabled: false }, style: { colors: ['#ffffff'] } },
      stroke: { width: 1, colors: ['#ffffff'] },
    };
  }, [number, share, namesKey]);
  const series = useMemo(() => states.map((state) => state.count), [states]);

  const figures: Figures | null =
    total === 0
      ? null
      : {
          caption: t('dashboardCharts.pie.caption', { type: typeName }),
          columns: [t('dashboardCharts.pie.state'), t('dashboardCharts.pie.cases'), t('dashboardCharts.pie.share')],
          rows: states.map((state) => ({
            key: state.id,
            cells: [state.name, number(state.count), t('dashboardCharts.pie.percent', { value: share(percentOf(state.count)) })],
            attributes: { 'data-state-id': state.id },
          })),
        };

  const selector =
    types.length > 0 && typeId !== null ? (
      <div className="min-w-44">
        <Select label={t('dashboardCharts.pie.type')} hideLabel value={typeId} options={types.map((type) => ({ value: type.id, label: type.name }))} onChange={onSelectType} />
      </div>
    ) : undefined;

  let body;
  if (types.length === 0) body = <Empty text={t('dashboardCharts.pie.noTypes')} />;
  else if (states.length === 0) body = <Empty text={t('dashboardCharts.pie.noStates')} />;
  else if (total === 0) body = <Empty text={t('dashboardCharts.pie.noStatesAvailable')} />;
  else
    body = (
      <div className="grid min-w-0 items-center gap-3 sm:grid-cols-2">
        <ApexChart type="pie" label={t('dashboardCharts.pie.chart', { type: typeName })} series={series} options={options} height={CHART_HEIGHT} />
        <ul aria-label={t('dashboardCharts.pie.legend', { type: typeName })} className="flex min-w-0 flex-col gap-1" data-field="legend">
          {states.map((state, i) => (
            <li key={state.id} className="flex items-center gap-2 px-1 py-1 text-sm text-slate-800" data-state-id={state.id}>
              <Swatch color={colorAt(PIE_COLORS, i)} />
              <span className="min-w-0 flex-1 break-words">{state.name}</span>
              <span className="shrink-0 tabular-nums" data-field="count">
                {number(state.count)}
              </span>
              <span className="w-16 shrink-0 text-right text-slate-600 tabular-nums" data-field="percent" data-value={percentOf(state.count).toFixed(1)}>
                {t('dashboardCharts.pie.percent', { value: share(percentOf(state.count)) })}
              </span>
            </li>
          ))}
        </ul>
      </div>
    );

  return (
    <ChartCard name="CaseStatesPie" title={t('dashboardCharts.pie.title')} actions={selector} figures={figures}>
      <div data-type-id={typeId ?? ''}>{body}</div>
    </ChartCard>
  );
}

function Empty({ text }: { text: string }) {
  return (
    <p className="py-8 text-center text-slate-600" data-field="empty">
      {text}
    </p>
  );
}
