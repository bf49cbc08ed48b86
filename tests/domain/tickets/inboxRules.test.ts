import { describe, expect, it } from 'vitest';
import {
  colorSlot,
  filterTickets,
  groupByTeam,
  isHiddenTeam,
  lightCounts,
  teamColorSlot,
  ticketsOfTab,
  visibleTabs,
} from '../../../src/domain/tickets/inboxRules.ts';

const HOUR = 3_600_000;
const ticket = (id: string, teamId: string, status: string, assigneeUserId: string | null, state = 'open') => ({
  id,
  operation: `CASE-${id}`,
  teamId,
  status,
  state,
  assigneeUserId,
});

const tickets = [
  ticket('1', 'claims', 'assigned', 'me'),
  ticket('2', 'claims', 'unassigned', null),
  ticket('3', 'claims', 'assigned', 'ada'),
  ticket('4', 'field', 'unassigned', null),
  ticket('5', 'back', 'assigned', 'me'),
  ticket('6', 'back', 'unassigned', null),
  ticket('7', 'claims', 'unassigned', null, 'resolved'),
];

describe('inbox tabs by role and screen width (part 2 §2, §6)', () => {
  it.each([
    ['ADMIN', false, ['personal', 'manager', 'external']],
    ['OPS-ADMIN', false, ['personal', 'manager', 'external']],
    ['NORMAL', false, ['personal']],
    ['ADMIN', true, ['personal']],
    [null, false, ['personal']],
  ] as const)('%s on mobile=%s sees %o', (role, mobile, expected) => {
    expect(visibleTabs(role, mobile)).toEqual(expected);
  });
});

describe('which tickets each tab holds', () => {
  const mine = new Set(['claims', 'field']);
  it.each([
    ['personal', ['1', '2', '4', '5']],
    ['manager', ['1', '2', '3', '4', '5', '6']],
    ['external', ['5', '6']],
  ] as const)('%s → %o', (tab, ids) => {
    expect(ticketsOfTab(tab, tickets, 'me', mine).map((t) => t.id)).toEqual(ids);
  });

  it('a closed ticket is in no tab', () => {
    for (const tab of ['personal', 'manager', 'external'] as const) expect(ticketsOfTab(tab, tickets, 'me', mine).map((t) => t.id)).not.toContain('7');
  });
});

describe('search on Case ID and the team filter', () => {
  it.each([
    ['', [], 7],
    ['case-1', [], 1],
    ['CASE-', ['field'], 1],
    ['  ', ['claims', 'back'], 6],
    ['nothing', [], 0],
  ] as const)('search %j with teams %o finds %i', (search, teamIds, count) => {
    expect(filterTickets(tickets, { search, teamIds: new Set(teamIds) })).toHaveLength(count);
  });

  it('gives back the list itself without a search or a team, and a new list with one', () => {
    expect(filterTickets(tickets, { search: ' ', teamIds: new Set() })).toBe(tickets);
    expect(filterTickets(tickets, { search: '', teamIds: new Set(['field']) })).not.toBe(tickets);
  });
});

describe('grouping by team keeps the team order and puts unknown teams last', () => {
  it('groups', () => {
    const groups = groupByTeam(tickets.slice(0, 6), ['field', 'claims']);
    expect(groups.map((g) => [g.teamId, g.tickets.length])).toEqual([
      ['field', 1],
      ['claims', 3],
      ['back', 2],
    ]);
  });
});

describe('hidden internal teams', () => {
  it.each([
    ['MyBasket', true],
    ['MyBasket Nico', true],
    ['Claims Desk', false],
    ['Team MyBasket', false],
    ['mybasket', false],
  ])('%s hidden: %s', (name, hidden) => {
    expect(isHiddenTeam(name)).toBe(hidden);
  });
});

describe('counts per light indicator', () => {
  it('counts each ticket against its own team thresholds', () => {
    const timed = [
      { teamId: 'a', createdAt: 0, dueAt: 100 * HOUR },
      { teamId: 'a', createdAt: 50 * HOUR, dueAt: 150 * HOUR },
      { teamId: 'b', createdAt: 0, dueAt: 100 * HOUR },
      { teamId: 'b', createdAt: 0, dueAt: 10 * HOUR },
    ];
    const thresholds = (teamId: string) => (teamId === 'a' ? { yellow: 50, red: 75 } : { yellow: 40, red: 60 });
    expect(lightCounts(timed, thresholds, 60 * HOUR)).toEqual({ green: 1, yellow: 1, red: 2 });
  });
});

describe('badge colours', () => {
  it.each([
    ['color1', 1],
    ['color6', 6],
    ['color7', 1],
    [null, 1],
    ['blue', 1],
  ])('team colour %s → slot %i', (color, slot) => {
    expect(teamColorSlot(color)).toBe(slot);
  });

  it('a member or case type keeps the same slot between renders, within 1..6', () => {
    for (const id of ['mbr-demo-ada', 'mbr-demo-nico', 'ct-demo-claim', '']) {
      expect(colorSlot(id)).toBe(colorSlot(id));
      expect(colorSlot(id)).toBeGreaterThanOrEqual(1);
      expect(colorSlot(id)).toBeLessThanOrEqual(6);
    }
  });
});
