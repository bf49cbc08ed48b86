import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../../../app/shell/useMediaQuery.ts';
import { useNow } from '../../../app/shell/useNow.ts';
import { caseSeries, resolutionTimes } from '../../../domain/dashboard/caseSeries.ts';
import { RESOLUTION_PERIOD_DAYS } from '../../../domain/dashboard/statsSchemas.ts';
import { customRange, timespanOf, validateDashboardSearch, type DashboardSearch } from '../../../domain/dashboard/dashboardSearch.ts';
import { distributionOrSample } from '../../../domain/dashboard/sampleData.ts';
import { MOBILE_MAX_WIDTH } from '../../../domain/ui/uiConstants.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../../ui/useDocumentTitle.ts';
import { loadCharts } from '../charts/ApexChart.tsx';
import { CaseDistributionTreemap } from '../charts/CaseDistributionTreemap.tsx';
import { CaseFlowCharts } from '../charts/CaseFlowCharts.tsx';
import { CaseStatesPie } from '../charts/CaseStatesPie.tsx';
import { ResolutionTimeCard } from '../charts/ResolutionTimeCard.tsx';
import { HumansStatusCard } from '../people/HumansStatusCard.tsx';
import { TeamsStatusCard } from '../people/TeamsStatusCard.tsx';
import type { ScreenProps } from '../../shell/ComingSoonScreen.tsx';
import { CaseTypeStatePanel } from './CaseTypeStatePanel.tsx';
import { DashboardFreshness } from './DashboardFreshness.tsx';
import type { ResolutionPeriod } from './dashboardTypes.ts';
import { TimespanBar } from './TimespanBar.tsx';
import { useDashboardData } from './useDashboardData.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const offsetAt = (ms: number) => -new Date(ms).getTimezoneOffset();

/**
 * Part 1 §2 Main dashboard (/dashboard, module DASHBOARD), the landing screen: every figure is computed from the
 * replica's aggregate documents (src/domain/dashboard), so it opens without the network and says how fresh it is.
 * The timespan and the chosen case type live in the URL.
 */
export function DashboardScreen(_props: ScreenProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('dashboard.title'));
  const raw: Record<string, unknown> = useSearch({ strict: false });
  const search = validateDashboardSearch(raw);
  const navigate = useNavigate();
  // Normalised as a link would be: the default timespan and a range of another timespan leave the URL.
  const go = useCallback((next: DashboardSearch) => void navigate({ to: '/dashboard', search: validateDashboardSearch(next) as Record<string, unknown>, replace: true }), [navigate]);
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`);
  const now = Math.floor(useNow(MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  const data = useDashboardData(t('dashboard.typePanel.noState'));
  // The chart chunk is fetched while the replica is read, not after: the charts draw as soon as the figures are in.
  useEffect(() => void loadCharts(), []);
  const timespan = timespanOf(search);

  const distribution = useMemo(() => distributionOrSample(data.types, data.hasCases, (n) => t('dashboard.sample.type', { n })), [data.types, data.hasCases, t]);
  const selectedTypeId = search.type !== undefined && data.typeName(search.type) !== null ? search.type : null;
  const { from, to } = search;
  const series = useMemo(
    () => caseSeries(data.flows, { timespan, nowMs: now, offsetAt, ...(timespan === 5 ? { range: customRange({ from, to }, now, offsetAt) } : {}) }),
    [data.flows, timespan, now, from, to],
  );
  const computeResolution = useCallback(
    (period: ResolutionPeriod) => {
      const days = RESOLUTION_PERIOD_DAYS[period];
      const today = Math.floor(now / DAY_MS) * DAY_MS;
      return resolutionTimes(data.flows, today - (days - 1) * DAY_MS, days, selectedTypeId ?? undefined);
    },
    [data.flows, now, selectedTypeId],
  );
  const selectType = (typeId: string | null) => go({ ...search, type: typeId ?? undefined });

  if (data.loading) {
    return (
      <section aria-labelledby="screen-title" className="flex flex-col gap-4">
        <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">{t('dashboard.title')}</h1>
        <p role="status" className="text-slate-600">{t('dashboard.loading')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4" data-testid="dashboard">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">{t('dashboard.title')}</h1>
        <DashboardFreshness figuresAt={data.figuresAt} />
      </div>
      {!data.hasCases && data.types.length === 0 && !data.hasTeams && <EmptyState title={t('dashboard.noData')} />}
      <TimespanBar timespan={timespan} from={search.from} to={search.to} onChange={({ span, from, to }) => go({ ...search, span, from, to })} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <CaseDistributionTreemap
          types={distribution.slices}
          statesOf={data.statesOf}
          sample={distribution.sample}
          drillable={!mobile && !distribution.sample}
          drilledTypeId={mobile || distribution.sample ? null : selectedTypeId}
          onDrill={selectType}
        />
        <CaseTypeStatePanel types={data.types} statesOf={data.statesOf} selectedTypeId={selectedTypeId} onSelectType={selectType} sample={distribution.sample} />
      </div>
      <CaseFlowCharts series={series} timespan={timespan} empty={!data.hasCases} />
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <TeamsStatusCard mine={data.mine} state="ready" teams={data.teams} />
        <HumansStatusCard mine={data.mine} state="ready" humans={data.humans} />
      </div>
      <div className="grid min-w-0 gap-4 xl:grid-cols-2">
        <CaseStatesPie types={data.types} statesOf={data.statesOf} selectedTypeId={selectedTypeId} onSelectType={selectType} />
        <ResolutionTimeCard compute={computeResolution} caseTypeName={selectedTypeId === null ? null : data.typeName(selectedTypeId)} />
      </div>
    </section>
  );
}
