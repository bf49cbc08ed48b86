import i18next from 'i18next';
import { accountAtom } from '../../app/state/accountAtoms.ts';
import { watchChange } from '../../app/state/changeAtoms.ts';
import { appStore } from '../../app/state/store.ts';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import type { MutationResult } from '../../data/replicaApi.ts';
import type { ToastKind } from '../../domain/ui/uiConstants.ts';

/** What an action needs of its ticket: the id, and the revision the server last sent (to know when it answers). */
export type TicketRef = { id: string; rev: number };

type Outcome = {
  /** The server's copy of the ticket shows the change (null: the ticket left the replica, as a closed one may). */
  landed: (doc: Record<string, unknown> | null) => boolean;
  confirmation: { kind: ToastKind; key: string };
  queuedKey: string;
};

const me = () => appStore.get(accountAtom)?.account.id ?? '';
const newer = (doc: Record<string, unknown> | null, ticket: TicketRef) => doc !== null && typeof doc.rev === 'number' && doc.rev > ticket.rev;

/**
 * The inbox's writes. Each goes through mutate(): applied to the replica at once and kept in the outbox until sent.
 * A refusal the replica can already see is shown at once; otherwise the user hears "queued" if the change has to
 * wait, and the confirmation only when the server has applied it (ChangeNotices).
 */
async function run(name: string, ticket: TicketRef, args: Record<string, unknown>, outcome: Outcome, failureKey: string): Promise<MutationResult> {
  const result = await mutate(name, { ticketId: ticket.id, ...args }).catch((): MutationResult => ({ ok: false, code: 'failed', message: i18next.t('tickets.genericError') }));
  if (result.ok) {
    watchChange({
      collection: 'tickets',
      docId: ticket.id,
      landed: outcome.landed,
      confirmation: { kind: outcome.confirmation.kind, title: i18next.t(outcome.confirmation.key) },
      queuedTitle: i18next.t(outcome.queuedKey),
    });
  } else {
    showToast('error', i18next.t(failureKey), { detail: result.message });
  }
  return result;
}

const closed = (ticket: TicketRef) => (doc: Record<string, unknown> | null) => doc === null || (newer(doc, ticket) && doc.state !== 'open');

export const claimTicket = (ticket: TicketRef) => {
  const userId = me();
  return run(
    'ticket.claim',
    ticket,
    {},
    {
      landed: (doc) => newer(doc, ticket) && doc?.status === 'assigned' && doc.assigneeUserId === userId,
      // Part 1 §9: ticket assign and release notices are info notices (3 s).
      confirmation: { kind: 'info', key: 'tickets.assigned' },
      queuedKey: 'tickets.queued.claim',
    },
    'tickets.genericError',
  );
};

export const releaseTicket = (ticket: TicketRef) => {
  const userId = me();
  return run(
    'ticket.release',
    ticket,
    {},
    { landed: (doc) => newer(doc, ticket) && doc?.assigneeUserId !== userId, confirmation: { kind: 'info', key: 'tickets.unassigned' }, queuedKey: 'tickets.queued.release' },
    'tickets.genericError',
  );
};

export const cancelTicket = (ticket: TicketRef) =>
  run('ticket.cancel', ticket, {}, { landed: closed(ticket), confirmation: { kind: 'success', key: 'tickets.canceled' }, queuedKey: 'tickets.queued.cancel' }, 'tickets.cancelFailed');

export const reassignTicket = (ticket: TicketRef, teamId: string) =>
  run(
    'ticket.reassign',
    ticket,
    { teamId },
    { landed: (doc) => newer(doc, ticket) && doc?.teamId === teamId, confirmation: { kind: 'success', key: 'tickets.updated' }, queuedKey: 'tickets.queued.reassign' },
    'tickets.updateFailed',
  );

export const saveTicketData = (ticket: TicketRef, data: Record<string, unknown>) =>
  run('ticket.saveData', ticket, { data }, { landed: (doc) => newer(doc, ticket), confirmation: { kind: 'success', key: 'tickets.saved' }, queuedKey: 'tickets.queued.save' }, 'tickets.sendFailed');

export const resolveTicket = (ticket: TicketRef, data: Record<string, unknown>) =>
  run('ticket.resolve', ticket, { data }, { landed: closed(ticket), confirmation: { kind: 'success', key: 'tickets.saved' }, queuedKey: 'tickets.queued.resolve' }, 'tickets.sendFailed');
