/**
 * The inbox's rules (part 2 §2 and §6): which tabs a role sees, which tickets each tab holds, the search and
 * team filters, the hidden internal teams and the counts per light indicator. Pure, so they are tested once.
 */
import { lightIndicator, type LightIndicator, type TeamThresholds } from './lightIndicator.ts';

export type InboxTab = 'personal' | 'manager' | 'external';

/** Part 1 §5 / part 2 §2: teams whose name starts with this internal marker never appear in team lists. */
export const HIDDEN_TEAM_PREFIX = 'MyBasket';
/** Part 2 §9: the light indicators are recomputed this often, so a ticket turns yellow or red on screen. */
export const LIGHT_REFRESH_MS = 30_000;

export const isAdminRole = (role: string | null | undefined) => role === 'ADMIN' || role === 'OPS-ADMIN';

/**
 * Who may take a claim away from a ticket — release it, or move it to another team (which resets its assignee to
 * 'Waiting for operator', part 2 §2): the claimant, or an administrator (ADMIN, OPS-ADMIN). An unclaimed ticket
 * has no claim to take, so anyone who can see it may move it.
 */
export function mayTakeClaim(ticket: { status: string; assigneeUserId: string | null }, actor: { userId: string; role: string }): boolean {
  return ticket.status !== 'assigned' || ticket.assigneeUserId === actor.userId || isAdminRole(actor.role);
}

export const isHiddenTeam = (name: string) => name.startsWith(HIDDEN_TEAM_PREFIX);

/** Part 2 §2: Personal for everyone; Manager and External for ADMIN and OPS-ADMIN, except on mobile. */
export function visibleTabs(role: string | null | undefined, isMobile: boolean): InboxTab[] {
  return isAdminRole(role) && !isMobile ? ['personal', 'manager', 'external'] : ['personal'];
}

export type InboxTicket = {
  id: string;
  operation: string;
  teamId: string;
  status: string;
  state: string;
  assigneeUserId: string | null;
};

/**
 * Personal: the tickets assigned to me plus the unassigned ones of my teams. Manager: every open ticket of the
 * workspace. External: open tickets of the teams I am not a member of (what an administrator oversees).
 */
export function ticketsOfTab<T extends InboxTicket>(tab: InboxTab, tickets: readonly T[], userId: string, myTeamIds: ReadonlySet<string>): T[] {
  const open = tickets.filter((ticket) => ticket.state === 'open');
  switch (tab) {
    case 'personal':
      return open.filter(
        (ticket) => ticket.assigneeUserId === userId || (ticket.status === 'unassigned' && myTeamIds.has(ticket.teamId)),
      );
    case 'manager':
      return open;
    case 'external':
      return open.filter((ticket) => !myTeamIds.has(ticket.teamId));
  }
}

export type InboxFilter = { search: string; teamIds: ReadonlySet<string> };

/**
 * 'Case ID' matches the ticket's operation case-insensitively; an empty team selection means all teams. Without a
 * search or a team the list itself comes back: no pass over the inbox's thousands of tickets, no copy.
 */
export function filterTickets<T extends InboxTicket>(tickets: readonly T[], filter: InboxFilter): readonly T[] {
  const needle = filter.search.trim().toLowerCase();
  if (needle === '' && filter.teamIds.size === 0) return tickets;
  return tickets.filter(
    (ticket) =>
      (needle === '' || ticket.operation.toLowerCase().includes(needle)) && (filter.teamIds.size === 0 || filter.teamIds.has(ticket.teamId)),
  );
}

/** Tickets grouped by team, in the order of the given teams; tickets of unknown teams come last. */
export function groupByTeam<T extends InboxTicket>(tickets: readonly T[], teamOrder: readonly string[]): { teamId: string; tickets: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const ticket of tickets) {
    const group = groups.get(ticket.teamId);
    if (group) group.push(ticket);
    else groups.set(ticket.teamId, [ticket]);
  }
  const known = teamOrder.filter((id) => groups.has(id));
  const unknown = [...groups.keys()].filter((id) => !teamOrder.includes(id));
  return [...known, ...unknown].map((teamId) => ({ teamId, tickets: groups.get(teamId) ?? [] }));
}

export type LightCounts = Record<LightIndicator, number>;

export type TimedTicket = { teamId: string; createdAt: number; dueAt: number };

export function ticketLight(ticket: TimedTicket, thresholdsOf: (teamId: string) => TeamThresholds | null, now: number): LightIndicator {
  return lightIndicator({ createdAtMs: ticket.createdAt, dueAtMs: ticket.dueAt }, thresholdsOf(ticket.teamId), now);
}

export function lightCounts(tickets: readonly TimedTicket[], thresholdsOf: (teamId: string) => TeamThresholds | null, now: number): LightCounts {
  const counts: LightCounts = { green: 0, yellow: 0, red: 0 };
  for (const ticket of tickets) counts[ticketLight(ticket, thresholdsOf, now)] += 1;
  return counts;
}

/** A stable colour slot for things that carry no colour of their own (members, case types): 1..slots. */
export function colorSlot(id: string, slots = 6): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return (hash % slots) + 1;
}

/** Part 1 §5: team colours are the classes color1 … color6; anything else falls back to the first. */
export function teamColorSlot(color: string | null | undefined): number {
  const match = /^color([1-6])$/.exec(color ?? '');
  return match ? Number(match[1]) : 1;
}
