import { useTranslation } from 'react-i18next';
import { teamsSummary } from '../../../domain/dashboard/ticketHealth.ts';
import { teamColorSlot } from '../../../domain/tickets/inboxRules.ts';
import { Badge } from '../../../ui/Badge.tsx';
import type { TeamCardData, TeamsStatusProps } from '../main/dashboardTypes.ts';
import { CardMessage, HealthBadge, LightsTable, PeopleCard, useNumber } from './peopleParts.tsx';

/** The team's colour (classes color1 to color6, part 1 §9) as the card's left edge. */
const ACCENT: Record<number, string> = {
  1: 'border-l-sky-500',
  2: 'border-l-emerald-500',
  3: 'border-l-amber-500',
  4: 'border-l-rose-500',
  5: 'border-l-violet-500',
  6: 'border-l-teal-500',
};

const TOTAL_TONE = { healthy: 'bg-green-100 text-green-900', warning: 'bg-yellow-100 text-yellow-900', critical: 'bg-red-100 text-red-900' } as const;
const TOTAL_DOT = { healthy: 'bg-green-600', warning: 'bg-yellow-500', critical: 'bg-red-600' } as const;

/**
 * Part 1 §2 Teams status card: the teams by health (§4), then one card per team with its assigned and unassigned
 * open tickets by light, its workload (assigned share of its open tickets) and the urgent badge.
 */
export function TeamsStatusCard({ mine, state, teams }: TeamsStatusProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const summary = teamsSummary(teams.map((team) => team.dashboard));
  const ready = state === 'ready' && teams.length > 0;
  const overall = ready ? <HealthBadge health={summary.overall} field="overall" label={t('dashboardPeople.teams.overall', { state: t(`dashboardPeople.health.${summary.overall}`) })} /> : undefined;
  return (
    <PeopleCard card="teams-status" title={t(mine ? 'dashboardPeople.teams.titleMine' : 'dashboardPeople.teams.title')} state={state} aside={overall}>
      {state === 'loading' && <CardMessage kind="loading" text={t('dashboardPeople.teams.loading')} />}
      {state === 'error' && <CardMessage kind="error" text={t('dashboardPeople.teams.failed')} />}
      {state === 'ready' && teams.length === 0 && <CardMessage kind="empty" text={t('dashboardPeople.teams.empty')} />}
      {ready && (
        <>
          <dl aria-label={t('dashboardPeople.teams.totals')} className="flex flex-wrap gap-2" data-testid="teams-totals">
            {(['healthy', 'warning', 'critical'] as const).map((health) => (
              <div key={health} className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm ${TOTAL_TONE[health]}`}>
                <dt className="inline-flex items-center gap-1.5 font-medium">
                  <span aria-hidden="true" className={`h-2 w-2 rounded-full ${TOTAL_DOT[health]}`} />
                  {t(`dashboardPeople.health.${health}`)}
                </dt>
                <dd className="font-bold tabular-nums" data-field={health}>
                  {number(summary[health])}
                </dd>
              </div>
            ))}
          </dl>
          <ul aria-label={t('dashboardPeople.teams.list')} className="grid min-w-0 gap-3 @xl:grid-cols-2">
            {teams.map((team) => (
              <TeamItem key={team.id} team={team} />
            ))}
          </ul>
        </>
      )}
    </PeopleCard>
  );
}

function TeamItem({ team }: { team: TeamCardData }) {
  const { t } = useTranslation();
  const number = useNumber();
  const d = team.dashboard;
  const titleId = `team-status-${team.id}`;
  return (
    <li aria-labelledby={titleId} data-team-id={team.id} data-health={d.health} className={`flex min-w-0 flex-col gap-2 rounded-lg border border-l-4 border-slate-200 p-3 ${ACCENT[teamColorSlot(team.color)] ?? ACCENT[1]}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="min-w-0 font-semibold [overflow-wrap:anywhere] text-slate-900">
          {team.name}
        </h3>
        <span className="flex flex-wrap items-center gap-1.5">
          {d.urgent && (
            <span data-field="urgent">
              <Badge tone="red">{t('dashboardPeople.teams.urgent')}</Badge>
            </span>
          )}
          <HealthBadge health={d.health} field="health" />
        </span>
      </div>
      <LightsTable
        caption={t('dashboardPeople.teams.ticketsOf', { team: team.name })}
        rowHeader={t('dashboardPeople.teams.tickets')}
        rows={[
          { key: 'assigned', label: t('dashboardPeople.teams.assigned'), lights: d.assignedBreakdown, field: 'assigned' },
          { key: 'unassigned', label: t('dashboardPeople.teams.unassigned'), lights: d.unassignedBreakdown, field: 'unassigned' },
        ]}
      />
      <div className="flex flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="text-slate-700">{t('dashboardPeople.teams.workload')}</span>
          <span className="font-semibold text-slate-900 tabular-nums" data-field="workload">{`${number(d.workloadPercentage)}%`}</span>
        </div>
        <div
          role="progressbar"
          aria-label={t('dashboardPeople.teams.workloadOf', { team: team.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={d.workloadPercentage}
          aria-valuetext={`${number(d.workloadPercentage)}%`}
          className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={`h-full rounded-full bg-brand`} style={{ width: `${Math.min(100, Math.max(0, d.workloadPercentage))}%` }} />
        </div>
      </div>
    </li>
  );
}
