import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';
import { claimTicket, releaseTicket } from './ticketActions.ts';

type Props = {
  ticket: TicketDoc;
  userId: string;
  onSolve: () => void;
  onNote: () => void;
  onTool: (tool: 'photo' | 'signature') => void;
};

/**
 * The ticket's actions. Claim and Unclaim replace each other, so after either focus moves to Solve (or the notes
 * button), the next thing to do, instead of falling to the page.
 */
export function TicketButtons({ ticket, userId, onSolve, onNote, onTool }: Props) {
  const { t } = useTranslation();
  const solveButton = useRef<HTMLButtonElement>(null);
  const noteButton = useRef<HTMLButtonElement>(null);
  const assigned = ticket.status === 'assigned';
  const mine = assigned && ticket.assigneeUserId === userId;
  const guard = useButtonGuard();
  const act = (action: typeof claimTicket) =>
    guard(() => {
      (solveButton.current ?? noteButton.current)?.focus();
      void action(ticket);
    });
  return (
    <div className="flex flex-wrap gap-2">
      {!assigned && <Button onClick={() => act(claimTicket)}>{t('tickets.claim')}</Button>}
      {mine && (
        <Button variant="secondary" onClick={() => act(releaseTicket)}>
          {t('tickets.unclaim')}
        </Button>
      )}
      {ticket.state === 'open' && (
        <Button ref={solveButton} onClick={onSolve}>
          {t('ticket.solve')}
        </Button>
      )}
      {ticket.caseId !== null && (
        <>
          <Button ref={noteButton} variant="secondary" onClick={onNote} aria-keyshortcuts="n">
            {t('ticket.addNote')}
          </Button>
          <Button variant="secondary" onClick={() => onTool('photo')}>
            {t('files.takePhoto')}
          </Button>
          <Button variant="secondary" onClick={() => onTool('signature')}>
            {t('files.sign')}
          </Button>
        </>
      )}
    </div>
  );
}
