import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { ColorBadge } from './ColorBadge.tsx';
import { idBadgeClass } from './badgeColors.ts';
import type { InboxView } from './inboxView.ts';

/** Who holds the ticket, or 'Waiting for operator'. */
export function TicketAssignee({ ticket, view }: { ticket: TicketDoc; view: InboxView }) {
  const { t } = useTranslation();
  const { data } = view;
  if (ticket.status !== 'assigned') return <span className="text-slate-600 italic">{t('tickets.waiting')}</span>;
  const member =
    (ticket.assigneeMemberId === null ? undefined : data.membersById.get(ticket.assigneeMemberId)) ??
    (ticket.assigneeUserId === null ? undefined : data.membersByUserId.get(ticket.assigneeUserId));
  return member === undefined ? <span>—</span> : <ColorBadge label={member.name} colorClass={idBadgeClass(member.id)} />;
}
