import { useTranslation } from 'react-i18next';
import { clampPage, DEFAULT_PAGE_SIZE, needsPaginator, pageRows } from '../../domain/ui/paging.ts';
import { AgeBadge } from '../../ui/AgeBadge.tsx';
import { Paginator } from '../../ui/Paginator.tsx';
import { ColorBadge } from './ColorBadge.tsx';
import { teamBadgeClass } from './badgeColors.ts';
import { TicketActions } from './TicketActions.tsx';
import { TicketAssignee } from './TicketAssignee.tsx';
import { TicketCaseLink } from './TicketCaseLink.tsx';
import { TicketCondition } from './TicketCondition.tsx';
import type { TicketListProps } from './TicketList.tsx';

/**
 * One ticket list as cards, below the tablet breakpoint (part 1 §9: 900 px): each card shows the Case ID link,
 * condition, age, description, team and assignee, with its actions in reach — nothing past the right edge.
 */
export function TicketCards({ caption, tickets, view, page, onPage }: TicketListProps) {
  const { t } = useTranslation();
  const { data, now } = view;
  const current = clampPage(page, tickets.length);
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={caption} className="flex flex-col gap-2" data-testid="ticket-cards">
        {pageRows(tickets, current).map((ticket) => {
          const team = data.teamsById.get(ticket.teamId);
          return (
            <li
              key={ticket.id}
              data-ticket-row={ticket.id}
              className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 focus-within:border-focus focus-within:ring-1 focus-within:ring-focus"
            >
              <div className="flex flex-wrap items-start justify-between gap-2">
                <TicketCaseLink ticket={ticket} view={view} />
                <span className="flex items-center gap-1.5">
                  <TicketCondition ticket={ticket} view={view} />
                  <AgeBadge createdAt={ticket.createdAt} now={now} />
                </span>
              </div>
              <p className="text-sm break-words text-slate-800">{ticket.description}</p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                {team !== undefined && <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} />}
                <TicketAssignee ticket={ticket} view={view} />
                {ticket.contactName !== null && <span className="text-slate-700">{ticket.contactName}</span>}
              </div>
              <TicketActions ticket={ticket} userId={data.userId} isAdmin={view.isAdmin} ctrlHeld={view.ctrlHeld} teams={data.listedTeams} />
            </li>
          );
        })}
      </ul>
      {tickets.length === 0 && <p className="text-sm text-slate-600">{t('tickets.noMore')}</p>}
      {needsPaginator(tickets.length) && <Paginator rows={tickets.length} page={current} pageSize={DEFAULT_PAGE_SIZE} onPage={onPage} label={caption} />}
    </div>
  );
}
