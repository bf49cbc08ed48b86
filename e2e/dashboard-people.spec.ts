import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { windowKey, type TicketLightDoc } from '../src/domain/dashboard/aggregateShapes.ts';
import { teamDashboard } from '../src/domain/dashboard/ticketHealth.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const MINUTE_MS = 60_000;
const AGENT_MEMBER = 'mbr-demo-nico';
type Figures = { assigned: number; unassigned: number; lights: Record<string, number> };

/**
 * What the server holds now: the active teams, and per team its open tickets split by assignment and coloured
 * with the team's thresholds at this minute (each ticket as its SLA window, as the aggregates keep it); per member
 * their open assigned tickets.
 */
async function serverPeople(request: APIRequestContext, token: string) {
  const config = await pullAll(request, token, 'config');
  const tickets = (await pullAll(request, token, 'tickets')).filter((d) => !d.deleted && d.state === 'open');
  const teams = config.filter((d) => d.kind === 'team' && !d.deleted && d.isActive === true && !String(d.name).startsWith('MyBasket'));
  const now = Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
  const asDoc = (status: string, list: typeof tickets): TicketLightDoc => {
    const windows: Record<string, number> = {};
    for (const ticket of list) {
      const key = windowKey(Number(ticket.createdAt), Number(ticket.dueAt));
      windows[key] = (windows[key] ?? 0) + 1;
    }
    return { id: `tl:x:${status}`, kind: 'ticketLight', rev: 1, deleted: false, workspaceId: 'ws', teamId: 'x', memberId: null, status, open: list.length, windows, updatedAt: now };
  };
  const figures = new Map<string, Figures>();
  for (const team of teams) {
    const own = tickets.filter((t) => t.teamId === team.id);
    const docs = [asDoc('assigned', own.filter((t) => t.status === 'assigned')), asDoc('unassigned', own.filter((t) => t.status !== 'assigned'))];
    const d = teamDashboard('x', docs, { yellow: Number(team.lightYellow), red: Number(team.lightRed) }, now);
    const lights: Record<string, number> = {};
    for (const [prefix, l] of [['assigned', d.assignedBreakdown], ['unassigned', d.unassignedBreakdown]] as const) {
      for (const light of ['green', 'yellow', 'red'] as const) lights[`${prefix}-${light}`] = l[light];
    }
    figures.set(String(team.id), { assigned: d.assigned, unassigned: d.pending, lights });
  }
  const ticketsOf = (memberId: string) => tickets.filter((t) => t.status === 'assigned' && t.assigneeMemberId === memberId).length;
  return { teamIds: teams.map((t) => String(t.id)).sort(), figures, ticketsOf, config };
}

const numberIn = async (scope: Locator, field: string) => Number((await scope.locator(`[data-field="${field}"]`).first().innerText()).replace(/\D+/g, ''));

async function shownTeams(card: Locator): Promise<string[]> {
  return (await card.locator('[data-team-id]').evaluateAll((items) => items.map((item) => item.getAttribute('data-team-id') ?? ''))).sort();
}

async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('[data-card="teams-status"]').include('[data-card="humans-status"]').analyze();
  return violations.map((v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/** Screenshots of both cards at 1,280 and 390 px (each card whole), and no sideways scroll at 390 and 320. */
async function shootAndCheckWidths(page: Page, name: string) {
  const cards = [['teams', page.locator('[data-card="teams-status"]')], ['humans', page.locator('[data-card="humans-status"]')]] as const;
  for (const width of [1280, 390]) {
    // Tall enough for a whole card: the main area scrolls on its own and a shot shows only what is in view.
    await page.setViewportSize({ width, height: 2400 });
    for (const [card, locator] of cards) await locator.screenshot({ path: shotPath(`${name}-${card}-${width}`) });
  }
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('the dashboard’s Teams and Humans status cards', () => {
  test.setTimeout(180_000);

  test('the administrator sees every active team with the server’s open tickets, and every human of one', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/dashboard');
    const teamsCard = page.locator('[data-card="teams-status"]');
    const humansCard = page.locator('[data-card="humans-status"]');
    await expect(teamsCard.getByRole('heading', { level: 2 })).toHaveText('Teams Tickets Status', { timeout: 30_000 });
    await expect(humansCard.getByRole('heading', { level: 2 })).toHaveText('Humans Status');

    // Other journeys share the server and may open or claim tickets meanwhile: compare with a fresh read until both agree.
    await expect(async () => {
      const server = await serverPeople(request, token);
      expect(await shownTeams(teamsCard)).toEqual(server.teamIds);
      for (const teamId of server.teamIds) {
        const item = teamsCard.locator(`[data-team-id="${teamId}"]`);
        const want = server.figures.get(teamId)!;
        const shown = { assigned: await numberIn(item, 'assigned'), unassigned: await numberIn(item, 'unassigned'), lights: {} as Record<string, number> };
        for (const field of Object.keys(want.lights)) shown.lights[field] = await numberIn(item, field);
        expect(shown, teamId).toEqual(want);
        const workload = want.assigned + want.unassigned === 0 ? 0 : Math.round((want.assigned / (want.assigned + want.unassigned)) * 100);
        await expect(item.getByRole('progressbar', { name: /^Workload of / })).toHaveAttribute('aria-valuenow', String(workload));
      }
    }).toPass({ timeout: 60_000 });

    // The header totals count every team once; every state also says itself in words.
    const totals = teamsCard.getByTestId('teams-totals');
    const teamCount = await teamsCard.locator('[data-team-id]').count();
    expect((await numberIn(totals, 'healthy')) + (await numberIn(totals, 'warning')) + (await numberIn(totals, 'critical'))).toBe(teamCount);
    await expect(teamsCard.locator('[data-field="overall"]')).toHaveText(/^Overall: (Healthy|Warning|Critical)$/);
    await expect(humansCard.locator('[data-field="performance"]')).toHaveText(/^Performance: (Healthy|Warning|Critical)$/);

    // Humans: every member of an active team, most tickets running late first, each total as the server's.
    await expect(async () => {
      const server = await serverPeople(request, token);
      const active = new Set(server.teamIds);
      const memberIds = new Set(server.config.filter((d) => d.kind === 'teamMember' && !d.deleted && active.has(String(d.teamId))).map((d) => String(d.memberId)));
      const live = server.config.filter((d) => d.kind === 'member' && !d.deleted && memberIds.has(String(d.id))).map((d) => String(d.id));
      const items = humansCard.locator('[data-member-id]');
      const shown = await items.evaluateAll((list) => list.map((item) => item.getAttribute('data-member-id') ?? ''));
      if (live.length <= 8) {
        expect([...shown].sort()).toEqual(live.sort());
      } else {
        expect(shown).toHaveLength(8);
        expect(live).toEqual(expect.arrayContaining(shown));
        await expect(humansCard.getByRole('button', { name: `Show all (${live.length})` })).toBeVisible();
      }
      const reds: number[] = [];
      for (const memberId of shown) {
        const item = humansCard.locator(`[data-member-id="${memberId}"]`);
        expect(await numberIn(item, 'tickets'), memberId).toBe(server.ticketsOf(memberId));
        reds.push(await numberIn(item, 'red'));
      }
      expect(reds).toEqual([...reds].sort((a, b) => b - a));
      expect(await numberIn(humansCard.getByTestId('humans-totals'), 'tickets')).toBe(shown.reduce((sum, id) => sum + server.ticketsOf(id), 0));
    }).toPass({ timeout: 60_000 });

    expect(await axeViolations(page)).toEqual([]);
    await shootAndCheckWidths(page, 'dashboard-people-admin');
  });

  test('a NORMAL agent sees only their own teams and only their own performance, offline too', async ({ page, request, context }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(AGENT);
    await page.goto('/dashboard');
    const teamsCard = page.locator('[data-card="teams-status"]');
    const humansCard = page.locator('[data-card="humans-status"]');
    await expect(teamsCard.getByRole('heading', { level: 2 })).toHaveText('My Teams Status', { timeout: 30_000 });
    await expect(humansCard.getByRole('heading', { level: 2 })).toHaveText('My Performance');

    await expect(async () => {
      const server = await serverPeople(request, adminToken);
      const active = new Set(server.teamIds);
      const mine = server.config
        .filter((d) => d.kind === 'teamMember' && !d.deleted && d.memberId === AGENT_MEMBER && active.has(String(d.teamId)))
        .map((d) => String(d.teamId))
        .sort();
      expect(mine.length).toBeGreaterThan(0);
      expect(await shownTeams(teamsCard)).toEqual(mine);
      for (const teamId of mine) {
        const item = teamsCard.locator(`[data-team-id="${teamId}"]`);
        expect({ assigned: await numberIn(item, 'assigned'), unassigned: await numberIn(item, 'unassigned') }, teamId).toEqual({
          assigned: server.figures.get(teamId)!.assigned,
          unassigned: server.figures.get(teamId)!.unassigned,
        });
      }
      await expect(humansCard.locator('[data-member-id]')).toHaveCount(1);
      const me = humansCard.locator(`[data-member-id="${AGENT_MEMBER}"]`);
      await expect(me.locator('[data-field="name"]')).toHaveText(AGENT.name);
      await expect(me.locator('[data-field="email"]')).toHaveText(AGENT.username);
      expect(await numberIn(me, 'tickets')).toBe(server.ticketsOf(AGENT_MEMBER));
    }).toPass({ timeout: 60_000 });
    await expect(humansCard.getByRole('button', { name: /^Show all/ })).toHaveCount(0);

    expect(await axeViolations(page)).toEqual([]);
    await shootAndCheckWidths(page, 'dashboard-people-agent');

    // The figures come from the replica: a reload without the network shows the same cards.
    // Ids and ticket counts only: the lights may recolour as a minute passes.
    const counts = () =>
      teamsCard.locator('[data-team-id]').evaluateAll((items) =>
        items.map((item) => [item.getAttribute('data-team-id'), ...['assigned', 'unassigned'].map((f) => item.querySelector(`[data-field="${f}"]`)?.textContent)].join(' ')),
      );
    const before = await counts();
    await waitForOfflineReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 30_000 });
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(teamsCard.getByRole('heading', { level: 2 })).toHaveText('My Teams Status', { timeout: 30_000 });
      await expect(humansCard.locator(`[data-member-id="${AGENT_MEMBER}"]`)).toBeVisible();
      await expect.poll(counts).toEqual(before);
    } finally {
      await context.setOffline(false);
    }
  });
});
