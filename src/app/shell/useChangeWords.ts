import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '../../data/replica.ts';
import { describeChange } from '../../domain/mutations/describe.ts';

type Change = { name: string; args: unknown };

const ticketIdOf = (args: unknown): string | null => {
  const id = typeof args === 'object' && args !== null ? (args as { ticketId?: unknown }).ticketId : undefined;
  return typeof id === 'string' ? id : null;
};

/**
 * Words for queued or refused changes ("Claim ticket case-demo-0186"), in the user's language. A ticket is named by
 * the Case ID the inbox shows, read from the replica for the tickets these changes name (by id, a few at most).
 */
export function useChangeWords(changes: readonly Change[]): (change: Change) => string {
  const { t } = useTranslation();
  const ids = useMemo(() => [...new Set(changes.map((c) => ticketIdOf(c.args)).filter((id): id is string => id !== null))].sort(), [changes]);
  const tickets = useQuery('tickets', ids.length === 0 ? null : { selector: { id: { $in: ids } } }).docs;
  const caseIdOf = useMemo(() => new Map(tickets.map((ticket) => [ticket.id, ticket.operation])), [tickets]);
  return useCallback(
    (change: Change) => {
      const { key, values } = describeChange(change.name, change.args, (ticketId) => caseIdOf.get(ticketId) ?? ticketId);
      return t(key, values);
    },
    [caseIdOf, t],
  );
}
