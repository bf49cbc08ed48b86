import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { TicketDoc } from '../../domain/sync/documents.gen.ts';
import { useShortcuts } from '../../ui/useShortcuts.ts';
import { claimTicket, releaseTicket } from './ticketActions.ts';
import { focusedTicketId, ticketLink, ticketLinks } from './ticketFocus.ts';

type Options = {
  /** The tickets the shown tab lists (after its filters): looked up when a key asks, not indexed per answer. */
  tickets: readonly TicketDoc[];
  userId: string;
  isAdmin: boolean;
  enabled: boolean;
  searchInput: RefObject<HTMLInputElement | null>;
  onOpen: (ticketId: string) => void;
  onNote: (ticket: TicketDoc) => void;
  onHelp: () => void;
};

const isInteractive = (element: Element | null) => element !== null && element.closest('a, button, input, select, textarea, [tabindex="0"]') !== null;

/**
 * The inbox's keys: j / k move between tickets (focus goes to the ticket's link, so the row shows where you are),
 * Enter opens, c claims, u unclaims, n adds a note, / searches and ? lists them. The ticket they act on is the
 * focused one, or the last one the keys or the mouse focused.
 */
export function useInboxShortcuts({ tickets, userId, isAdmin, enabled, searchInput, onOpen, onNote, onHelp }: Options): void {
  const cursor = useRef<string | null>(null);

  useEffect(() => {
    const onFocusIn = () => {
      const id = focusedTicketId();
      if (id !== null) cursor.current = id;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);

  const current = (): TicketDoc | undefined => {
    const id = focusedTicketId() ?? cursor.current;
    return id === null || ticketLink(id) === undefined ? undefined : tickets.find((ticket) => ticket.id === id);
  };

  const move = (step: 1 | -1) => {
    const links = ticketLinks();
    if (links.length === 0) return;
    const id = focusedTicketId() ?? cursor.current;
    const index = links.findIndex((link) => link.dataset.ticketLink === id);
    const next = index < 0 ? (step === 1 ? 0 : links.length - 1) : Math.min(links.length - 1, Math.max(0, index + step));
    links[next]?.focus();
  };

  useShortcuts(
    {
      j: () => move(1),
      k: () => move(-1),
      Enter: () => {
        // On a link or a button Enter is theirs already.
        if (isInteractive(document.activeElement)) return false;
        const ticket = current();
        if (ticket === undefined) return false;
        onOpen(ticket.id);
      },
      c: () => {
        const ticket = current();
        if (ticket?.status !== 'unassigned') return;
        ticketLink(ticket.id)?.focus();
        void claimTicket(ticket);
      },
      u: () => {
        const ticket = current();
        if (ticket?.status !== 'assigned' || (ticket.assigneeUserId !== userId && !isAdmin)) return;
        ticketLink(ticket.id)?.focus();
        void releaseTicket(ticket);
      },
      n: () => {
        const ticket = current();
        if (ticket?.caseId === null || ticket === undefined) return;
        onNote(ticket);
      },
      '/': () => searchInput.current?.focus(),
      '?': () => onHelp(),
    },
    enabled,
  );
}
