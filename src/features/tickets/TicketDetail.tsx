import { useNavigate, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { cannotSync } from '../../data/cannotSync.ts';
import { useDoc, useSyncStatus } from '../../data/replica.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Button } from '../../ui/Button.tsx';
import { MountWhenOpened } from '../../ui/MountWhenOpened.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { LazyTicketFormDialog } from './lazyDialogs.ts';
import { rememberOpenedTicket } from './ticketFocus.ts';
import { TicketWorkspace } from './TicketWorkspace.tsx';

/**
 * /tickets/{id}: the ticket is read from the replica by id. An id the replica does not have (once it has synced
 * or while offline) goes back to the inbox with 'Case not found, please refresh' (part 2 §8). The heading and the
 * tab title name the ticket, and focus starts on the heading, so a keyboard or screen reader user knows where
 * they are.
 */
export function TicketDetail({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params: { ticketId?: string } = useParams({ strict: false });
  const ticketId = params.ticketId ?? null;
  const ticket = useDoc('tickets', ticketId);
  const sync = useSyncStatus();
  const account = useAtomValue(accountAtom)?.account;
  const userId = account?.id ?? '';
  // Part 2 §2 'Update Ticket': administrators edit open tickets.
  const mayEdit = isAdminRole(account?.role) && ticket?.state === 'open';
  const [editing, setEditing] = useState(false);
  const closeEdit = useCallback(() => setEditing(false), []);
  const heading = useRef<HTMLHeadingElement>(null);
  // Right after sign-in the replica may not hold the ticket yet: wait for the first sync unless the device cannot sync.
  const settled = cannotSync(sync) || sync.lastSyncAt !== null;
  const missing = ticket === null && settled;
  const loaded = ticket !== null && ticket !== undefined;
  useDocumentTitle(loaded ? ticket.operation : null, t('menu.inbox'));

  useEffect(() => {
    if (!missing) return;
    showToast('error', t('tickets.notFound'));
    void navigate({ to: '/tickets', replace: true });
  }, [missing, navigate, t]);

  useEffect(() => {
    if (ticketId === null) return;
    rememberOpenedTicket(ticketId);
    heading.current?.focus();
  }, [ticketId]);

  return (
    <section aria-labelledby="screen-title" className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1
          id="screen-title"
          ref={heading}
          tabIndex={-1}
          className="min-w-0 rounded text-xl font-semibold break-words text-slate-900 sm:text-2xl focus-visible:outline-2 focus-visible:outline-focus"
        >
          {loaded ? t('ticket.heading', { caseId: ticket.operation }) : t(route.nameKey)}
        </h1>
        {mayEdit && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('ticketForm.edit')}
          </Button>
        )}
      </div>
      {loaded ? <TicketWorkspace ticket={ticket} userId={userId} /> : <p className="text-slate-600">{t('ticket.loading')}</p>}
      {loaded && mayEdit && (
        <MountWhenOpened open={editing} onClose={closeEdit}>
          <LazyTicketFormDialog ticket={ticket} open={editing} onClose={closeEdit} />
        </MountWhenOpened>
      )}
    </section>
  );
}
