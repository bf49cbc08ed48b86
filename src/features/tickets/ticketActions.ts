import i18next from 'i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { mutate } from '../../data/replica.ts';
import type { MutationResult } from '../../data/replicaApi.ts';

/**
 * The inbox's writes. Each goes through mutate(): applied to the replica at once and sent when the network
 * allows; a refusal the replica can already see comes back here, a server refusal arrives later as a rejection.
 */
async function run(name: string, args: Record<string, unknown>, success: { kind: 'info' | 'success'; key: string } | null, failureKey: string): Promise<MutationResult> {
  const result = await mutate(name, args).catch((): MutationResult => ({ ok: false, code: 'failed', message: i18next.t('tickets.genericError') }));
  if (result.ok) {
    if (success !== null) showToast(success.kind, i18next.t(success.key));
  } else {
    showToast('error', i18next.t(failureKey), { detail: result.message });
  }
  return result;
}

export const claimTicket = (ticketId: string) => run('ticket.claim', { ticketId }, { kind: 'info', key: 'tickets.assigned' }, 'tickets.genericError');

export const releaseTicket = (ticketId: string) => run('ticket.release', { ticketId }, { kind: 'info', key: 'tickets.unassigned' }, 'tickets.genericError');

export const cancelTicket = (ticketId: string) => run('ticket.cancel', { ticketId }, { kind: 'success', key: 'tickets.canceled' }, 'tickets.cancelFailed');

export const reassignTicket = (ticketId: string, teamId: string) =>
  run('ticket.reassign', { ticketId, teamId }, { kind: 'success', key: 'tickets.updated' }, 'tickets.updateFailed');

export const saveTicketData = (ticketId: string, data: Record<string, unknown>) =>
  run('ticket.saveData', { ticketId, data }, { kind: 'success', key: 'tickets.saved' }, 'tickets.sendFailed');

export const resolveTicket = (ticketId: string, data: Record<string, unknown>) =>
  run('ticket.resolve', { ticketId, data }, { kind: 'success', key: 'tickets.saved' }, 'tickets.sendFailed');
