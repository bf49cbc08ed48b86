import type { ApexOptions } from 'apexcharts';
import { useEffect, useId, useMemo, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/Badge.tsx';
import type { CaseDistributionProps, Slice } from '../main/dashboardTypes.ts';
import { ApexChart } from './ApexChart.tsx';
import { ChartCard, Swatch, type Figures } from './ChartCard.tsx';
import { baseOptions, colorAt, numberFormatter, TREEMAP_COLORS } from './chartLook.ts';

const CHART_HEIGHT = 280;
const ITEM = 'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm text-slate-800';

/**
 * Part 1 §2 treemap of open cases per case type (eight fixed colours). A section — or its entry in the list below,
 * the keyboard's way in — drills into that type's states; in the drilled view a click on the chart or "Back to all
 * types" returns. No drilling on mobile. A treemap cannot draw a zero, so zero-count slices are left out.
 */
export function CaseDistributionTreemap({ types, statesOf, sample, drillable, drilledTypeId, onDrill }: CaseDistributionProps) {
  const { t, i18n } = useTranslation();
  const number = useMemo(() => numberFormatter(i18n.language), [i18n.language]);
  const hintId = useId();
  const drilledName = drilledTypeId === null ? null : (types.find((type) => type.id === drilledTypeId)?.name ?? drilledTypeId);
  const slices = useMemo(() => (drilledTypeId === null ? types : statesOf(drilledTypeId)).filter((slice) => slice.count > 0), [types, statesOf, drilledTypeId]);

  // Focus follows the reader: drilling from a list entry lands on "Back"; going back lands on the type left.
  const focusNext = useRef<string | null>(null);
  const backRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'back') backRef.current?.focus();
    else if (target !== null) listRef.current?.querySelector<HTMLButtonElement>(`button[data-slice-id="${CSS.escape(target)}"]`)?.focus();
  }, [drilledTypeId]);

  const drill = (typeId: string, fromKeyboardList: boolean) => {
    if (fromKeyboardList) focusNext.current = 'back';
    onDrill(typeId);
  };
  const back = () => {
    focusNext.current = drilledTypeId;
    onDrill(null);
  };

  // The chart's click handler reads the latest props through a ref, so the options stay equal between renders and
  // react-apexcharts does not redraw the chart each time the screen renders.
  const latest = useRef({ slices, drillable, drilledTypeId, onDrill });
  useEffect(() => {
    latest.current = { slices, drillable, drilledTypeId, onDrill };
  });
  const options = useMemo<ApexOptions>(() => {
    const base = baseOptions(number);
    return {
      ...base,
      chart: {
        ...base.chart,
        events: {
          dataPointSelection: (_event, _chart, config) => {
            const now = latest.current;
            const index = config?.dataPointIndex;
            const slice = index === undefined ? undefined : now.slices[index];
            if (now.drilledTypeId !== null) now.onDrill(null);
            else if (now.drillable && slice !== undefined) now.onDrill(slice.id);
          },
        },
      },
      colors: [...TREEMAP_COLORS],
      plotOptions: { treemap: { distributed: true, enableShades: false } },
      dataLabels: { enabled: true, style: { fontSize: '14px', colors: ['#ffffff'] } },
    };
  }, [number]);

  const series = useMemo(() => [{ name: t('dashboardCharts.distribution.cases'), data: slices.map((slice) => ({ x: slice.name, y: slice.count })) }], [slices, t]);

  const figures: Figures = {
    caption: drilledName === null ? t('dashboardCharts.distribution.caption') : t('dashboardCharts.distribution.captionOf', { type: drilledName }),
    columns: [drilledName === null ? t('dashboardCharts.distribution.type') : t('dashboardCharts.distribution.state'), t('dashboardCharts.distribution.cases')],
    rows: slices.map((slice) => ({ key: slice.id, cells: [slice.name, number(slice.count)], attributes: { 'data-slice-id': slice.id } })),
  };

  return (
    <ChartCard
      name="CaseDistributionTreemap"
      title={drilledName === null ? t('dashboardCharts.distribution.title') : t('dashboardCharts.distribution.titleOf', { type: drilledName })}
      actions={
        sample ? (
          <Badge tone="yellow" title={t('dashboard.sample.note')}>
            <span data-field="sample">{t('dashboard.sample.label')}</span>
          </Badge>
        ) : undefined
      }
      figures={figures}
    >
      {sample && <p className="text-sm text-slate-600">{t('dashboard.sample.note')}</p>}
      {drilledTypeId !== null && (
        <div>
          <button
            ref={backRef}
            type="button"
            onClick={back}
            className="rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-semibold text-brand hover:border-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
            data-action="back-to-types"
          >
            ← {t('dashboardCharts.distribution.back')}
          </button>
        </div>
      )}
      {slices.length === 0 ? (
        <p className="py-8 text-center text-slate-600" data-field="empty">
          {drilledTypeId === null ? t('dashboardCharts.noData') : t('dashboardCharts.distribution.noStates')}
        </p>
      ) : (
        <>
          <ApexChart
            type="treemap"
            label={drilledName === null ? t('dashboardCharts.distribution.chart') : t('dashboardCharts.distribution.chartOf', { type: drilledName })}
            series={series}
            options={options}
            height={CHART_HEIGHT}
          />
          {drillable && drilledTypeId === null && (
            <p id={hintId} className="text-sm text-slate-600">
              {t('dashboardCharts.distribution.drillHint')}
            </p>
          )}
          <SliceList
            listRef={listRef}
            slices={slices}
            number={number}
            label={t('dashboardCharts.legend')}
            drill={drillable && drilledTypeId === null ? (id) => drill(id, true) : null}
            hintId={hintId}
            idAttribute={drilledTypeId === null ? 'data-slice-id' : 'data-state-id'}
          />
        </>
      )}
    </ChartCard>
  );
}

type SliceListProps = {
  listRef: RefObject<HTMLUListElement | null>;
  slices: Slice[];
  number: (n: number) => string;
  label: string;
  /** Set when an entry drills: the entries are buttons. */
  drill: ((id: string) => void) | null;
  /** The hint that says what an entry does when pressed. */
  hintId: string;
  idAttribute: 'data-slice-id' | 'data-state-id';
};

/** The treemap's colour key, which is also the keyboard's way to drill. */
function SliceList({ listRef, slices, number, label, drill, hintId, idAttribute }: SliceListProps) {
  return (
    <ul ref={listRef} aria-label={label} className="grid grid-cols-1 gap-1 sm:grid-cols-2">
      {slices.map((slice, i) => {
        const content = (
          <>
            <Swatch color={colorAt(TREEMAP_COLORS, i)} />
            <span className="min-w-0 flex-1 break-words">{slice.name}</span>
            <span className="shrink-0 tabular-nums" data-field="count">
              {number(slice.count)}
            </span>
          </>
        );
        return (
          <li key={slice.id}>
            {drill === null ? (
              <div className={ITEM} {...{ [idAttribute]: slice.id }}>
                {content}
              </div>
            ) : (
              <button
                type="button"
                onClick={() => drill(slice.id)}
                aria-describedby={hintId}
                className={`${ITEM} hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus`}
                {...{ [idAttribute]: slice.id }}
              >
                {content}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
