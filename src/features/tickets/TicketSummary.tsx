import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDoc, useQuery } from '../../data/replica.ts';
import type { MemberDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { ColorBadge } from './ColorBadge.tsx';
import { idBadgeClass, teamBadgeClass } from './badgeColors.ts';
import { usePendingTicketIds } from './useTicketSync.ts';

/** The ticket's facts: Case ID, team, assignee ('Waiting for operator' when none), contact and due date. */
export function TicketSummary({ ticket }: { ticket: TicketDoc }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const team = useDoc('config', ticket.teamId);
  const members = useQuery('config', { selector: { kind: 'member' } }).docs as MemberDoc[];
  const pending = usePendingTicketIds().has(ticket.id);
  const assignee = members.find((member) => member.id === ticket.assigneeMemberId || (ticket.assigneeUserId !== null && member.userId === ticket.assigneeUserId));
  const fact = (label: string, value: ReactNode) => (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold text-slate-600 uppercase">{label}</dt>
      <dd className="text-sm text-slate-900">{value}</dd>
    </div>
  );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="break-words text-slate-800">{ticket.description}</p>
      <dl className="flex flex-wrap gap-x-6 gap-y-2">
        {fact(t('ticket.caseId'), <span className="font-mono" data-testid="ticket-case-id">{ticket.operation}</span>)}
        {fact(t('ticket.team'), team?.kind === 'team' ? <ColorBadge label={team.name} colorClass={teamBadgeClass(team.color)} /> : '—')}
        {fact(
          t('ticket.assignee'),
          ticket.status === 'assigned' ? (
            <span data-testid="ticket-assignee">{assignee === undefined ? '—' : <ColorBadge label={assignee.name} colorClass={idBadgeClass(assignee.id)} />}</span>
          ) : (
            <span data-testid="ticket-assignee" className="italic">
              {t('tickets.waiting')}
            </span>
          ),
        )}
        {fact(t('ticket.contact'), ticket.contactName ?? '—')}
        {fact(t('ticket.due'), <time dateTime={new Date(ticket.dueAt).toISOString()}>{formatDate(ticket.dueAt)}</time>)}
      </dl>
      {pending && (
        <p data-testid="pending-mark" className="self-start rounded-full bg-yellow-100 px-2 text-xs font-semibold text-yellow-900">
          {t('ticket.pending')}
        </p>
      )}
    </div>
  );
}
