import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamDoc, TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { MountWhenOpened } from '../../ui/MountWhenOpened.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { LazyCancelTicketDialog } from './lazyDialogs.ts';
import { ReassignMenu } from './ReassignMenu.tsx';
import { cancelTicket, claimTicket, releaseTicket } from './ticketActions.ts';
import { focusTicketLink } from './ticketFocus.ts';

type Props = {
  ticket: TicketDoc;
  userId: string;
  isAdmin: boolean;
  /** CTRL is held: with a hover over the row the cancel button shows. */
  ctrlHeld: boolean;
  teams: readonly TeamDoc[];
};

/**
 * Claim on unassigned, Unclaim on assigned, reassign, and the administrators' cancel (CTRL + hover). Claim and
 * Unclaim give way to each other, so focus moves to the ticket's link first: the next step is opening it.
 */
export function TicketActions({ ticket, userId, isAdmin, ctrlHeld, teams }: Props) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const assigned = ticket.status === 'assigned';
  const mayRelease = assigned && (ticket.assigneeUserId === userId || isAdmin);
  const guard = useButtonGuard();
  const act = (action: typeof claimTicket) =>
    guard(() => {
      focusTicketLink(ticket.id);
      void action(ticket);
    });
  return (
    <div className="flex flex-wrap items-center gap-1">
      {!assigned && (
        <Button size="sm" onClick={() => act(claimTicket)}>
          {t('tickets.claim')}
        </Button>
      )}
      {mayRelease && (
        <Button size="sm" variant="secondary" onClick={() => act(releaseTicket)}>
          {t('tickets.unclaim')}
        </Button>
      )}
      <ReassignMenu ticket={ticket} teams={teams} />
      {isAdmin && assigned && (
        // Revealed only while CTRL is held and the pointer is over the ticket (part 2 §2).
        <span className={ctrlHeld ? 'invisible [[data-ticket-row]:hover_&]:visible' : 'hidden'}>
          <Button size="sm" variant="danger" title={t('tickets.cancelHint')} onClick={() => setConfirming(true)}>
            {t('tickets.cancel')}
          </Button>
        </span>
      )}
      <MountWhenOpened open={confirming} onClose={() => setConfirming(false)}>
        <LazyCancelTicketDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            void cancelTicket(ticket);
          }}
        />
      </MountWhenOpened>
    </div>
  );
}
