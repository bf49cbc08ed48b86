import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { ticketLight } from '../../domain/tickets/inboxRules.ts';
import { useDateFormat } from '../../ui/useDateFormat.ts';
import { LIGHT_CLASSES } from './badgeColors.ts';
import type { InboxView } from './inboxView.ts';

/** The light indicator in words (On time / Warning / Running late), with the due date for those who look closer. */
export function TicketCondition({ ticket, view }: { ticket: TicketDoc; view: InboxView }) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const light = ticketLight(ticket, view.data.thresholdsOf, view.now);
  const due = `${t('tickets.columns.due')}: ${formatDate(ticket.dueAt)}`;
  return (
    <span data-light={light} title={due} className={`relative inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${LIGHT_CLASSES[light]}`}>
      {t(`tickets.light.${light}`)}
      <span className="sr-only">, {due}</span>
    </span>
  );
}
