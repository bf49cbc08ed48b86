import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { ticketLight } from '../../domain/tickets/inboxRules.ts';
import { AgeBadge } from '../../ui/AgeBadge.tsx';
import { Table } from '../../ui/Table.tsx';
import type { TableColumn } from '../../ui/Table.tsx';
import { ColorBadge } from './ColorBadge.tsx';
import { LIGHT_CLASSES, idBadgeClass, teamBadgeClass } from './badgeColors.ts';
import type { InboxView } from './inboxView.ts';
import { TicketActions } from './TicketActions.tsx';

type Props = { caption: string; tickets: readonly TicketDoc[]; view: InboxView };

/** One ticket list: 10 rows a page, a paginator only above 10; a row opens the ticket. */
export function TicketTable({ caption, tickets, view }: Props) {
  const { t, i18n } = useTranslation();
  const { data, now } = view;
  const columns = useMemo<TableColumn<TicketDoc>[]>(
    () => [
      {
        key: 'caseId',
        header: t('tickets.columns.caseId'),
        sortValue: (ticket) => ticket.operation,
        cell: (ticket) => {
          const rejection = ticket.assigneeUserId === data.userId ? undefined : view.rejections.get(ticket.id);
          return (
            <span className="flex flex-col gap-0.5">
              <span className="flex items-center gap-1.5 font-mono text-xs font-semibold">
                <span data-testid="ticket-case-id" className="whitespace-nowrap">{ticket.operation}</span>
                {view.pendingIds.has(ticket.id) && (
                  <span data-testid="pending-mark" title={t('tickets.pending')} className="rounded-full bg-yellow-100 px-1.5 font-sans text-[11px] text-yellow-900">
                    {t('tickets.pending')}
                  </span>
                )}
              </span>
              {rejection !== undefined && (
                <span className="text-xs text-red-800" data-testid="ticket-rejection">
                  {rejection.message}
                </span>
              )}
            </span>
          );
        },
      },
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
      {
        key: 'assignee',
        header: t('tickets.columns.assignee'),
        cell: (ticket) => {
          const member =
            (ticket.assigneeMemberId === null ? undefined : data.membersById.get(ticket.assigneeMemberId)) ??
            (ticket.assigneeUserId === null ? undefined : data.membersByUserId.get(ticket.assigneeUserId));
          if (ticket.status !== 'assigned') return <span className="text-slate-600 italic">{t('tickets.waiting')}</span>;
          return member === undefined ? '—' : <ColorBadge label={member.name} colorClass={idBadgeClass(member.id)} />;
        },
      },
      {
        key: 'condition',
        header: t('tickets.columns.condition'),
        sortValue: (ticket) => ticket.dueAt,
        cell: (ticket) => {
          const light = ticketLight(ticket, data.thresholdsOf, now);
          return (
            <span
              data-light={light}
              title={new Date(ticket.dueAt).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' })}
              className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${LIGHT_CLASSES[light]}`}>
              {t(`tickets.light.${light}`)}
            </span>
          );
        },
      },
      { key: 'age', header: t('tickets.columns.age'), sortValue: (ticket) => ticket.createdAt, cell: (ticket) => <AgeBadge createdAt={ticket.createdAt} now={now} /> },
      {
        key: 'actions',
        header: t('tickets.columns.actions'),
        cell: (ticket) => <TicketActions ticket={ticket} userId={data.userId} isAdmin={view.isAdmin} ctrlHeld={view.ctrlHeld} teams={data.listedTeams} />,
      },
    ],
    [t, i18n.language, data, now, view],
  );
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={tickets}
      rowKey={(ticket) => ticket.id}
      emptyText={t('tickets.noMore')}
      onRowClick={(ticket) => view.openTicket(ticket.id)}
    />
  );
}
