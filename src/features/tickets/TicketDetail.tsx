import { useNavigate, useParams } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { useDoc, useSyncStatus } from '../../data/replica.ts';
import { isAdminRole } from '../../domain/tickets/inboxRules.ts';
import { Button } from '../../ui/Button.tsx';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { TicketFormDialog } from './TicketFormDialog.tsx';
import { TicketWorkspace } from './TicketWorkspace.tsx';

/**
 * /tickets/{id}: the ticket is read from the replica by id. An id the replica does not have (once it has synced
 * or while offline) goes back to the inbox with 'Case not found, please refresh' (part 2 §8).
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
  // Right after sign-in the replica may not hold the ticket yet: wait for the first sync when online.
  const settled = !sync.online || sync.lastSyncAt !== null;
  const missing = ticket === null && settled;

  useEffect(() => {
    if (!missing) return;
    showToast('error', t('tickets.notFound'));
    void navigate({ to: '/tickets', replace: true });
  }, [missing, navigate, t]);

  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
          {t(route.nameKey)}
        </h1>
        {mayEdit && (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('ticketForm.edit')}
          </Button>
        )}
      </div>
      {ticket ? <TicketWorkspace ticket={ticket} userId={userId} /> : <p className="text-slate-600">{t('ticket.loading')}</p>}
      {ticket && mayEdit && <TicketFormDialog ticket={ticket} open={editing} onClose={closeEdit} />}
    </section>
  );
}
