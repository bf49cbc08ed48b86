import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { TicketForm } from './TicketForm.tsx';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The ticket to update; none to create one. */
  ticket?: TicketDoc | null;
};

/**
 * The ticket form of part 2 §2 in a dialog ('Create Ticket' or 'Update Ticket'), for ADMIN and OPS-ADMIN.
 * The dialog renders the form only while open, so each opening starts from the ticket as it is then.
 */
export function TicketFormDialog({ open, onClose, ticket = null }: Props) {
  const { t } = useTranslation();
  const title = ticket === null ? t('ticketForm.createTitle') : t('ticketForm.editTitle', { caseId: ticket.operation });
  return (
    <Dialog open={open} onClose={onClose} title={title} wide>
      <TicketForm ticket={ticket} onClose={onClose} />
    </Dialog>
  );
}
