import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { byMostRed, foldHumans } from '../../../domain/dashboard/humansOrder.ts';
import { humansOverall, type ScoreCategory } from '../../../domain/dashboard/ticketHealth.ts';
import { Badge, type BadgeTone } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import type { HumanCardData, HumansStatusProps } from '../main/dashboardTypes.ts';
import { CardMessage, HealthBadge, LightChips, LightsTable, PeopleCard, useNumber } from './peopleParts.tsx';

const CATEGORY_TONE: Record<ScoreCategory, BadgeTone> = { neutral: 'neutral', critical: 'red', warning: 'yellow', healthy: 'green' };

/**
 * Part 1 §2 Humans status card: the listed humans' open tickets by light with an overall Performance badge (§4),
 * then each human with their figures, score and per-team breakdown, most tickets running late first; past eight
 * the list folds behind 'Show all'.
 */
export function HumansStatusCard({ mine, state, humans }: HumansStatusProps) {
  const { t } = useTranslation();
  const number = useNumber();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const sorted = useMemo(() => byMostRed(humans), [humans]);
  const { shown, foldable } = foldHumans(sorted, expanded);
  const ready = state === 'ready' && humans.length > 0;
  const totals = humans.reduce(
    (sum, h) => ({
      tickets: sum.tickets + h.stats.summary.totalTickets,
      green: sum.green + h.stats.summary.lightIndicators.green,
      yellow: sum.yellow + h.stats.summary.lightIndicators.yellow,
      red: sum.red + h.stats.summary.lightIndicators.red,
    }),
    { tickets: 0, green: 0, yellow: 0, red: 0 },
  );
  const overall = humansOverall(humans.map((h) => h.stats));
  const badge = ready ? <HealthBadge health={overall} field="performance" label={t('dashboardPeople.humans.performance', { state: t(`dashboardPeople.health.${overall}`) })} /> : undefined;
  const title = t(mine || humans.length === 1 ? 'dashboardPeople.humans.titleMine' : 'dashboardPeople.humans.title');
  return (
    <PeopleCard card="humans-status" title={title} state={state} aside={badge}>
      {state === 'loading' && <CardMessage kind="loading" text={t('dashboardPeople.humans.loading')} />}
      {state === 'error' && <CardMessage kind="error" text={t('dashboardPeople.humans.failed')} detail={t('dashboardPeople.humans.failedDetail')} />}
      {state === 'ready' && humans.length === 0 && <CardMessage kind="empty" text={t(mine ? 'dashboardPeople.humans.emptyMine' : 'dashboardPeople.humans.empty')} />}
      {ready && (
        <>
          <div role="group" aria-label={t('dashboardPeople.humans.totals')} className="flex flex-wrap items-center gap-x-3 gap-y-1.5" data-testid="humans-totals">
            <p className="text-sm text-slate-700">
              {t('dashboardPeople.humans.tickets')}{' '}
              <span className="text-lg font-semibold text-slate-900 tabular-nums" data-field="tickets">
                {number(totals.tickets)}
              </span>
            </p>
            <LightChips lights={totals} />
          </div>
          <ul id={listId} aria-label={t('dashboardPeople.humans.list')} className="grid min-w-0 gap-3 @4xl:grid-cols-2">
            {shown.map((human) => (
              <HumanItem key={human.id} human={human} />
            ))}
          </ul>
          {foldable && (
            <Button variant="secondary" size="sm" className="self-start" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded((open) => !open)}>
              {expanded ? t('dashboardPeople.humans.showFewer') : t('dashboardPeople.humans.showAll', { count: humans.length })}
            </Button>
          )}
        </>
      )}
    </PeopleCard>
  );
}

function HumanItem({ human }: { human: HumanCardData }) {
  const { t } = useTranslation();
  const number = useNumber();
  const { summary, teamBreakdown, alerted } = human.stats;
  const titleId = `human-status-${human.id}`;
  return (
    <li aria-labelledby={titleId} data-member-id={human.id} data-health={human.stats.health} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={titleId} className="font-semibold [overflow-wrap:anywhere] text-slate-900" data-field="name">
            {human.name}
          </h3>
          <p className="text-sm [overflow-wrap:anywhere] text-slate-600" data-field="email">
            {human.email}
          </p>
        </div>
        {alerted && (
          <span data-field="alerted">
            <Badge tone="red">{t('dashboardPeople.humans.alerted')}</Badge>
          </span>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
        <p className="text-slate-700">
          <span className="font-semibold text-slate-900 tabular-nums" data-field="tickets">
            {number(summary.totalTickets)}
          </span>{' '}
          {t('dashboardPeople.ticketsWord', { count: summary.totalTickets })}
        </p>
        <LightChips lights={summary.lightIndicators} />
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          {t('dashboardPeople.humans.score')}
          {summary.performanceScore !== null && summary.scoreCategory !== 'neutral' && (
            <span className="font-semibold text-slate-900 tabular-nums" data-field="score">
              {t('dashboardPeople.humans.scoreValue', { score: number(summary.performanceScore) })}
            </span>
          )}
          <span data-field="category" data-category={summary.scoreCategory}>
            <Badge tone={CATEGORY_TONE[summary.scoreCategory]}>{t(`dashboardPeople.humans.category.${summary.scoreCategory}`)}</Badge>
          </span>
        </p>
      </div>
      {teamBreakdown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('dashboardPeople.humans.noTickets')}</p>
      ) : (
        <LightsTable
          caption={t('dashboardPeople.humans.byTeam', { name: human.name })}
          rowHeader={t('dashboardPeople.humans.team')}
          rows={teamBreakdown.map(({ teamId, tickets }) => ({ key: teamId, label: human.teamNames.get(teamId) ?? teamId, lights: tickets, attrs: { 'data-team-id': teamId } }))}
        />
      )}
    </li>
  );
}
