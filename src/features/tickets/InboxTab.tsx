import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CaseTypeDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { groupByTeam, lightCounts, type InboxTab as Tab } from '../../domain/tickets/inboxRules.ts';
import type { TeamThresholds } from '../../domain/tickets/lightIndicator.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { BadgeFilters, type BadgeKind, type BadgeSelection } from './BadgeFilters.tsx';
import { ColorBadge } from './ColorBadge.tsx';
import { teamBadgeClass } from './badgeColors.ts';
import { InboxSection } from './InboxSection.tsx';
import type { InboxView } from './inboxView.ts';
import { LightCounts } from './LightCounts.tsx';
import { TicketList, type TicketListProps } from './TicketList.tsx';

/** The key of the Personal tab's one list in the URL's pages. */
export const PERSONAL_LIST = 'all';

type Props = {
  tab: Tab;
  /** The tab's tickets before and after the search, team and badge filters. */
  allTickets: readonly TicketDoc[];
  tickets: readonly TicketDoc[];
  view: InboxView;
  /** The case type of each ticket's case, for the case-type badges; it grows while the cases arrive. */
  caseTypeOfCase: ReadonlyMap<string, CaseTypeDoc>;
  selection: BadgeSelection;
  onToggle: (kind: BadgeKind, id: string) => void;
  onRefresh: () => void;
  /** The page (0-based) of a list, by its key (a team id, or PERSONAL_LIST), as the URL holds it. */
  pageOf: (list: string) => number;
  onPage: (list: string, page: number) => void;
};

/**
 * One tab of the inbox: the ticket manager accordion (ticket lists, operators, teams, case types). Personal is one
 * list of the user's tickets; Manager and External have a list per team. Memoised: it renders again only when its
 * tickets, view, filters or case types do, and then its lists and light counts only when theirs do.
 */
export const InboxTab = memo(function InboxTab({ tab, allTickets, tickets, view, caseTypeOfCase, selection, onToggle, onRefresh, pageOf, onPage }: Props) {
  const { t } = useTranslation();
  const { listedTeams } = view.data;
  // The same groups while the tickets and teams are: each group's list and light counts then skip their render.
  const groups = useMemo(() => (tab === 'personal' ? [] : groupByTeam(tickets, listedTeams.map((team) => team.id))), [tab, tickets, listedTeams]);
  const refresh = (
    <Button variant="secondary" onClick={onRefresh}>
      {t('tickets.refreshInbox')}
    </Button>
  );
  if (allTickets.length === 0) return <EmptyState title={t('tickets.emptyTitle')} action={refresh} />;

  const counts = (list: readonly TicketDoc[]) => <ListLightCounts tickets={list} thresholdsOf={view.data.thresholdsOf} now={view.now} />;
  const list = (key: string, caption: string, listed: readonly TicketDoc[]) => (
    <PagedList listKey={key} caption={caption} tickets={listed} view={view} page={pageOf(key)} onPage={onPage} />
  );

  return (
    <div className="flex flex-col gap-3" data-tab={tab}>
      <InboxSection id="ticket-manager" title={t('tickets.sections.manager')} summary={counts(tickets)}>
        {tickets.length === 0 ? (
          <EmptyState title={t('tickets.noMore')} action={refresh} />
        ) : tab === 'personal' ? (
          list(PERSONAL_LIST, t('tickets.personalCaption'), tickets)
        ) : (
          <div className="flex flex-col gap-3">
            {groups.map((group) => {
              const team = view.data.teamsById.get(group.teamId);
              const name = team?.name ?? group.teamId;
              return (
                <InboxSection
                  key={group.teamId}
                  id="ticket"
                  title={team === undefined ? name : <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} />}
                  summary={counts(group.tickets)}
                >
                  {list(group.teamId, t('tickets.tableCaption', { name }), group.tickets)}
                </InboxSection>
              );
            })}
          </div>
        )}
      </InboxSection>
      <div className="grid gap-3 lg:grid-cols-3">
        {(['operators', 'teams', 'cases'] as const).map((kind) => (
          <InboxSection key={kind} id={kind} title={t(`tickets.sections.${kind}`)}>
            <BadgeFilters kind={kind} tickets={allTickets} view={view} caseTypeOfCase={caseTypeOfCase} selection={selection} onToggle={onToggle} />
          </InboxSection>
        ))}
      </div>
    </div>
  );
});

type PagedListProps = Omit<TicketListProps, 'onPage'> & { listKey: string; onPage: (list: string, page: number) => void };

/**
 * A list of the tab, memoised on its own props: the tab renders again as the case-type badges' figures grow (a page
 * of cases at a time on a cold device), and its lists need not.
 */
const PagedList = memo(function PagedList({ listKey, onPage, ...list }: PagedListProps) {
  return <TicketList {...list} onPage={(page) => onPage(listKey, page)} />;
});

type CountsProps = { tickets: readonly TicketDoc[]; thresholdsOf: (teamId: string) => TeamThresholds | null; now: number };

/**
 * A list's light counts, worked out in a render of their own: React can yield between one and the next, where in the
 * tab's render the counts and the grouping of 10,000 tickets made one unit of 50–70 ms on a cold device. Only what
 * the counts read is a prop, so a render of the tab for anything else does not count 10,000 tickets again.
 */
const ListLightCounts = memo(function ListLightCounts({ tickets, thresholdsOf, now }: CountsProps) {
  return <LightCounts counts={lightCounts(tickets, thresholdsOf, now)} />;
});
