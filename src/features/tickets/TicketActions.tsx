import { useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { CancelTicketDialog } from './CancelTicketDialog.tsx';
import { ReassignMenu } from './ReassignMenu.tsx';
import { cancelTicket, claimTicket, releaseTicket } from './ticketActions.ts';

type Props = {
  ticket: TicketDoc;
  userId: string;
  isAdmin: boolean;
  /** CTRL is held: with a hover over the row the cancel button shows. */
  ctrlHeld: boolean;
  teams: readonly TeamDoc[];
};

const stop = (event: MouseEvent) => event.stopPropagation();

/** Claim on unassigned, Unclaim on assigned, reassign, and the administrators' cancel (CTRL + hover). */
export function TicketActions({ ticket, userId, isAdmin, ctrlHeld, teams }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const assigned = ticket.status === 'assigned';
  const mayRelease = assigned && (ticket.assigneeUserId === userId || isAdmin);
  return (
    // The row opens the ticket on click; the actions must not.
    <div className="flex flex-wrap items-center gap-1" onClick={stop} onKeyDown={(event) => event.stopPropagation()} role="presentation">
      {!assigned && (
        <Button size="sm" onClick={() => void claimTicket(ticket.id)}>
          {t('tickets.claim')}
        </Button>
      )}
      {mayRelease && (
        <Button size="sm" variant="secondary" onClick={() => void releaseTicket(ticket.id)}>
          {t('tickets.unclaim')}
        </Button>
      )}
      <ReassignMenu ticketId={ticket.id} caseId={ticket.operation} currentTeamId={ticket.teamId} teams={teams} />
      {isAdmin && assigned && (
        // Revealed only while CTRL is held and the pointer is over the row (part 2 §2).
        <span className={ctrlHeld ? 'invisible [tr:hover_&]:visible' : 'hidden'}>
          <Button size="sm" variant="danger" title={t('tickets.cancelHint')} onClick={() => setConfirming(true)}>
            {t('tickets.cancel')}
          </Button>
        </span>
      )}
      <CancelTicketDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void cancelTicket(ticket.id);
        }}
      />
    </div>
  );
}
