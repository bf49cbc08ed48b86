/**
 * What the main dashboard's screen hands its cards: plain figures computed in src/domain/dashboard from the
 * replica's aggregates. The cards draw; they never read the replica or the network.
 */
import type { CaseSeries } from '../../../domain/dashboard/caseSeries.ts';
import type { Timespan } from '../../../domain/dashboard/dashboardConstants.ts';
import type { Slice } from '../../../domain/dashboard/sampleData.ts';
import type { HumanStats, TeamDashboard } from '../../../domain/dashboard/ticketHealth.ts';

export type { Slice };
export type LoadState = 'loading' | 'ready' | 'error';

export type CaseDistributionProps = {
  /** Every listed case type with its live cases — or, on an empty workspace only, a sample (`sample`). */
  types: Slice[];
  /** A type's states with their live cases ('No state' first when cases have none yet). */
  statesOf: (typeId: string) => Slice[];
  sample: boolean;
  /** False below 570 px: no drilling on mobile (part 1 §2). */
  drillable: boolean;
  drilledTypeId: string | null;
  onDrill: (typeId: string | null) => void;
};

export type CaseFlowChartsProps = {
  series: CaseSeries;
  timespan: Timespan;
  /** The workspace has no case at all: the charts show their §8 empty texts. */
  empty: boolean;
};

export type CaseStatesPieProps = {
  types: Slice[];
  statesOf: (typeId: string) => Slice[];
  selectedTypeId: string | null;
  onSelectType: (typeId: string) => void;
};

export type ResolutionPeriod = 'WEEK' | 'MONTH' | 'QUARTER';
export type ResolutionFigures = { starts: number[]; closed: number[]; averageHours: number[] };
export type ResolutionTimeProps = { compute: (period: ResolutionPeriod) => ResolutionFigures; caseTypeName: string | null };

export type TeamCardData = { id: string; name: string; color: string; dashboard: TeamDashboard };
export type TeamsStatusProps = { mine: boolean; state: LoadState; teams: TeamCardData[] };

export type HumanCardData = { id: string; name: string; email: string; stats: HumanStats; teamNames: ReadonlyMap<string, string> };
export type HumansStatusProps = { mine: boolean; state: LoadState; humans: HumanCardData[] };
