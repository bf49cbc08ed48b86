import { useTranslation } from 'react-i18next';
import type { TeamDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { DeferredMenu } from '../../ui/DeferredMenu.tsx';
import { reassignTicket } from './ticketActions.ts';

type Props = { ticket: TicketDoc; teams: readonly TeamDoc[] };

/**
 * Moves a ticket to another team; the assignee resets to 'Waiting for operator' (part 2 §2). Deferred: every row of
 * the inbox has one, and the menu's code comes only when one is first pressed.
 */
export function ReassignMenu({ ticket, teams }: Props) {
  const { t } = useTranslation();
  const others = teams.filter((team) => team.id !== ticket.teamId);
  if (others.length === 0) return null;
  return (
    <DeferredMenu
      label={t('tickets.reassignTo', { caseId: ticket.operation })}
      trigger={<span className="text-sm font-semibold text-brand">{t('tickets.reassign')}</span>}
      buttonClassName="py-1"
      items={others.map((team) => ({ key: team.id, label: team.name, onSelect: () => void reassignTicket(ticket, team.id) }))}
    />
  );
}
