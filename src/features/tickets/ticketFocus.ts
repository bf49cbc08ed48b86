/**
 * Where keyboard focus goes in the inbox: each listed ticket has one link (its Case ID), marked with
 * data-ticket-link, which is the row's tab stop, the j/k cursor and the place focus returns to after an action.
 */
let openedTicketId: string | null = null;

/** Remembers the ticket being opened, so coming back to the inbox puts focus on it again. */
export function rememberOpenedTicket(ticketId: string): void {
  openedTicketId = ticketId;
}

export function takeOpenedTicket(): string | null {
  const id = openedTicketId;
  openedTicketId = null;
  return id;
}

/** The ticket links of the shown tab, in reading order. */
export function ticketLinks(): HTMLAnchorElement[] {
  return [...document.querySelectorAll<HTMLAnchorElement>('[role="tabpanel"] a[data-ticket-link]')];
}

export function ticketLink(ticketId: string): HTMLAnchorElement | undefined {
  return ticketLinks().find((link) => link.dataset.ticketLink === ticketId);
}

/** Focuses a ticket's link; false when it is not on screen. */
export function focusTicketLink(ticketId: string): boolean {
  const link = ticketLink(ticketId);
  link?.focus();
  return link !== undefined;
}

/** The ticket whose link has focus, if any. */
export function focusedTicketId(): string | null {
  const active = document.activeElement;
  return active instanceof HTMLAnchorElement && active.dataset.ticketLink !== undefined ? active.dataset.ticketLink : null;
}
