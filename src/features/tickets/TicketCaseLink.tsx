import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import type { InboxView } from './inboxView.ts';
import { rememberOpenedTicket } from './ticketFocus.ts';

type Props = { ticket: TicketDoc; view: InboxView };

/**
 * A ticket's Case ID as a real link to the ticket: Ctrl/Cmd-click and middle-click open it in a new tab, and it is
 * the row's one tab stop. Its pending mark and the server's refusal sit next to it.
 */
export function TicketCaseLink({ ticket, view }: Props) {
  const { t } = useTranslation();
  const rejection = ticket.assigneeUserId === view.data.userId ? undefined : view.rejections.get(ticket.id);
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex flex-wrap items-center gap-1.5">
        <Link
          to="/tickets/$ticketId"
          params={{ ticketId: ticket.id }}
          data-ticket-link={ticket.id}
          onClick={() => rememberOpenedTicket(ticket.id)}
          className="rounded font-mono text-sm font-semibold text-brand underline decoration-slate-400 underline-offset-2 hover:decoration-brand focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <span data-testid="ticket-case-id" className="whitespace-nowrap">
            {ticket.operation}
          </span>
        </Link>
        {view.pendingIds.has(ticket.id) && (
          <span data-testid="pending-mark" className="rounded-full bg-yellow-100 px-1.5 text-[11px] font-semibold text-yellow-900">
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
}
