import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../app/state/toastAtoms.ts';
import { usePendingMutations, useRejections } from '../../data/replica.ts';
import type { Rejection } from '../../data/replicaApi.ts';

const ticketIdOf = (args: unknown): string | null => {
  if (typeof args !== 'object' || args === null) return null;
  const id = (args as { ticketId?: unknown }).ticketId;
  return typeof id === 'string' ? id : null;
};

/** The tickets with changes still waiting in the outbox (they show a pending mark). */
export function usePendingTicketIds(): ReadonlySet<string> {
  const pending = usePendingMutations();
  return useMemo(() => new Set(pending.map((mutation) => ticketIdOf(mutation.args)).filter((id): id is string => id !== null)), [pending]);
}

/** The latest server refusal per ticket in this session, e.g. 'Ticket already claimed by Ada Admin'. */
export function useTicketRejections(): ReadonlyMap<string, Rejection> {
  const rejections = useRejections();
  return useMemo(() => {
    const byTicket = new Map<string, Rejection>();
    for (const rejection of rejections) {
      const id = ticketIdOf(rejection.args);
      if (id !== null && !byTicket.has(id)) byTicket.set(id, rejection);
    }
    return byTicket;
  }, [rejections]);
}

/** Shows each ticket refusal that arrives while the screen is open as an error notice with its message. */
export function useRejectionToasts(): void {
  const { t } = useTranslation();
  const rejections = useRejections();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (seen.current === null) {
      seen.current = new Set(rejections.map((r) => r.mutationId));
      return;
    }
    for (const rejection of rejections) {
      if (seen.current.has(rejection.mutationId)) continue;
      seen.current.add(rejection.mutationId);
      if (rejection.name.startsWith('ticket.')) showToast('error', rejection.message);
      if (rejection.name === 'case.uploadFile') showToast('error', t('files.saveFailed'));
    }
  }, [rejections, t]);
}
