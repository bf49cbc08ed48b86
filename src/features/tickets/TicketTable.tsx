import { useMemo } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { AgeBadge } from '../../ui/AgeBadge.tsx';
import { Table } from '../../ui/Table.tsx';
import type { TableColumn } from '../../ui/Table.tsx';
import { ColorBadge } from './ColorBadge.tsx';
import { teamBadgeClass } from './badgeColors.ts';
import { TicketActions } from './TicketActions.tsx';
import { TicketAssignee } from './TicketAssignee.tsx';
import { TicketCaseLink } from './TicketCaseLink.tsx';
import { TicketCondition } from './TicketCondition.tsx';
import type { TicketListProps } from './TicketList.tsx';

/** One ticket list as a table (tablet width and up): 10 rows a page, a paginator only above 10. */
export function TicketTable({ caption, tickets, view, page, onPage }: TicketListProps) {
  const { t } = useTranslation();
  const { data, now } = view;
  const columns = useMemo<TableColumn<TicketDoc>[]>(
    () => [
      { key: 'caseId', header: t('tickets.columns.caseId'), sortValue: (ticket) => ticket.operation, cell: (ticket) => <TicketCaseLink ticket={ticket} view={view} /> },
      { key: 'description', header: t('tickets.columns.description'), cell: (ticket) => ticket.description },
      { key: 'contact', header: t('tickets.columns.contact'), sortValue: (ticket) => ticket.contactName, cell: (ticket) => ticket.contactName ?? '—' },
      {
        key: 'team',
        header: t('tickets.columns.team'),
        cell: (ticket) => {
          const team = data.teamsById.get(ticket.teamId);
          return team === undefined ? '—' : <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} />;
        },
      },
      { key: 'assignee', header: t('tickets.columns.assignee'), cell: (ticket) => <TicketAssignee ticket={ticket} view={view} /> },
      { key: 'condition', header: t('tickets.columns.condition'), sortValue: (ticket) => ticket.dueAt, cell: (ticket) => <TicketCondition ticket={ticket} view={view} /> },
      { key: 'age', header: t('tickets.columns.age'), sortValue: (ticket) => ticket.createdAt, cell: (ticket) => <AgeBadge createdAt={ticket.createdAt} now={now} /> },
      {
        key: 'actions',
        header: t('tickets.columns.actions'),
        cell: (ticket) => <TicketActions ticket={ticket} userId={data.userId} isAdmin={view.isAdmin} ctrlHeld={view.ctrlHeld} teams={data.listedTeams} />,
      },
    ],
    [t, data, now, view],
  );
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={tickets}
      rowKey={(ticket) => ticket.id}
      rowAttributes={(ticket) => ({ 'data-ticket-row': ticket.id })}
      emptyText={t('tickets.noMore')}
      page={page}
      onPage={onPage}
      onRowClick={(ticket, event: MouseEvent) => view.openTicket(ticket.id, event.ctrlKey || event.metaKey || event.button === 1)}
    />
  );
}
