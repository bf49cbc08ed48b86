import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll, saveAccountLanguage } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

const CHART_CHUNK = /\/assets\/apexChartImpl-[^/]+\.js$/;

type Counts = { types: Map<string, number>; states: Map<string, Map<string, number>> };

/** Open (not COMPLETED) cases per listed type and per state, as the server's aggregate documents hold them. */
async function openCases(request: APIRequestContext, token: string): Promise<Counts> {
  const docs = await pullAll(request, token, 'config');
  const latest = new Map(docs.map((doc) => [doc.id, doc]));
  const types = new Map<string, number>();
  const states = new Map<string, Map<string, number>>();
  for (const doc of latest.values()) {
    if (doc.kind !== 'caseStateCount' || doc.deleted || doc.status === 'COMPLETED') continue;
    const typeId = String(doc.caseTypeId);
    const count = Number(doc.count);
    if (count === 0) continue;
    types.set(typeId, (types.get(typeId) ?? 0) + count);
    const byState = states.get(typeId) ?? new Map<string, number>();
    const stateId = typeof doc.stateId === 'string' ? doc.stateId : '-';
    byState.set(stateId, (byState.get(stateId) ?? 0) + count);
    states.set(typeId, byState);
  }
  return { types, states };
}

const card = (page: Page, name: string) => page.locator(`section[data-card="${name}"]`);
const countOf = async (entries: Locator, attribute: string) =>
  new Map(
    await entries.evaluateAll(
      (elements, name) => elements.map((element) => [element.getAttribute(name) ?? '', Number((element.querySelector('[data-field="count"]')?.textContent ?? '').replace(/\D/g, ''))] as const),
      attribute,
    ),
  );
const CARDS = ['CaseDistributionTreemap', 'CaseFlowCharts', 'CaseStatesPie', 'ResolutionTimeCard'] as const;

/** The screen scrolls inside its main area, so a full-page shot shows one screenful: each card is shot on its own. */
async function shootCard(page: Page, name: (typeof CARDS)[number], shot: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 2400 });
  await card(page, name).screenshot({ path: shotPath(shot) });
  await page.setViewportSize(size);
}

async function shootCards(page: Page, suffix: string): Promise<void> {
  await page.screenshot({ path: shotPath(`dashboard-charts-${suffix}`) });
  const size = page.viewportSize()!;
  // Tall enough for the tallest card, so no shot is cut at the window's bottom.
  await page.setViewportSize({ width: size.width, height: 2400 });
  await page.waitForTimeout(300);
  for (const name of CARDS) await card(page, name).screenshot({ path: shotPath(`dashboard-charts-${name}-${suffix}`) });
  await page.setViewportSize(size);
}

const plainNumber = (text: string | null) => Number((text ?? '').replace(/,/g, ''));

/**
 * Issue 16 item 3: the administrator reads the dashboard's charts — the treemap of open cases per type (drilling
 * into one and back), the created / closed / active charts with their figures and table, the states pie with its
 * legend, and the resolution times drawn on demand — with apexcharts fetched only for the dashboard, within the CSP.
 */
test('an administrator reads the dashboard charts, drills into a case type and back, and reads each chart as a table', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  const chartRequests: string[] = [];
  page.on('request', (req) => {
    if (CHART_CHUNK.test(new URL(req.url()).pathname)) chartRequests.push(page.url());
  });
  const problems: string[] = [];
  page.on('console', (message) => {
    // Errors of any kind; warnings of apexcharts (a missing optional feature says so in a warning).
    if (message.type() === 'error' || (message.type() === 'warning' && /apexcharts/i.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => problems.push(`issue: ${issue.code} ${JSON.stringify(issue.details)}`));
  await cdp.send('Audits.enable');

  // The sign-in page does not fetch the charts.
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(chartRequests).toEqual([]);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });

  // 1. The treemap: one entry per type with open cases, with the server's counts.
  const treemap = card(page, 'CaseDistributionTreemap');
  await expect(treemap.getByRole('heading', { level: 2 })).toHaveText('Case distribution');
  await expect(treemap.locator('[data-chart="treemap"] svg.apexcharts-svg')).toBeVisible({ timeout: 30_000 });
  const expected = await openCases(request, token);
  await expect.poll(async () => countOf(treemap.locator('button[data-slice-id]'), 'data-slice-id'), { timeout: 30_000 }).toEqual(expected.types);
  expect(expected.types.size).toBeGreaterThan(0);
  expect(chartRequests.length).toBeGreaterThan(0);
  expect(chartRequests.every((url) => new URL(url).pathname === '/dashboard')).toBe(true);
  // apexcharts' stylesheet is an inline <style>, which the CSP allows (style-src 'unsafe-inline').
  await expect(page.locator('head style#apexcharts-css')).toHaveCount(1);

  // 2. Drill into the type with the most open cases, from its keyboard entry; Back returns, focus on the type.
  const [typeId] = [...expected.types].sort((a, b) => b[1] - a[1])[0]!;
  await treemap.locator(`button[data-slice-id="${typeId}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]type=${typeId}`));
  await expect(treemap.getByRole('button', { name: 'Back to all types' })).toBeFocused();
  await expect.poll(async () => countOf(treemap.locator('[data-state-id]').filter({ has: page.locator('[data-field="count"]') }), 'data-state-id')).toEqual(expected.states.get(typeId));
  await expect(treemap.getByRole('heading', { level: 2 })).toContainText('Case distribution · ');
  await treemap.screenshot({ path: shotPath('dashboard-charts-drilled-1280') });
  await treemap.getByRole('button', { name: 'Back to all types' }).click();
  await expect(page).not.toHaveURL(/[?&]type=/);
  await expect(treemap.locator(`button[data-slice-id="${typeId}"]`)).toBeFocused();
  // A click on a section of the chart drills too.
  await treemap.locator('[data-chart="treemap"] .apexcharts-treemap-rect').first().click({ position: { x: 4, y: 4 } });
  await expect(treemap.getByRole('button', { name: 'Back to all types' })).toBeVisible();
  await treemap.getByRole('button', { name: 'Back to all types' }).click();
  await expect(treemap.locator('button[data-slice-id]').first()).toBeVisible();

  // 3. Created / closed / active: Peak, Average and Total, and a table whose figures match them.
  const flow = card(page, 'CaseFlowCharts');
  await expect(flow.locator('[data-chart="line"] svg.apexcharts-svg')).toBeVisible({ timeout: 30_000 });
  const table = flow.locator('table');
  await expect(flow.locator('[data-figures-table="hidden"]')).toHaveCount(1);
  const toggle = flow.getByRole('button', { name: 'View as table' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toContainText('Created, closed and active cases per day');
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '')));
  expect(rows).toHaveLength(7);
  for (const [column, metric] of (['created', 'closed', 'active'] as const).entries()) {
    const panel = flow.locator(`[data-metric="${metric}"]`);
    const values = rows.map((row) => plainNumber(row[column + 1]!));
    if (values.every((v) => v === 0)) continue;
    await expect(panel.locator('dt').getByText('Peak', { exact: true })).toBeVisible();
    await expect(panel.locator('dt').getByText('Average', { exact: true })).toBeVisible();
    await expect(panel.locator('dt').getByText('Total', { exact: true })).toBeVisible();
    expect(plainNumber(await panel.locator('[data-field="peak"]').textContent())).toBe(Math.max(...values));
    const total = metric === 'active' ? values.at(-1) : values.reduce((s, v) => s + v, 0);
    expect(plainNumber(await panel.locator('[data-field="total"]').textContent())).toBe(total);
    expect(plainNumber(await panel.locator('[data-field="average"]').textContent())).toBeCloseTo(values.reduce((s, v) => s + v, 0) / values.length, 1);
    await expect(panel.locator('[data-field="trend"]')).toHaveText(/vs previous period/);
    await expect(panel.locator('[data-insight]')).toHaveCount(4);
  }
  await shootCard(page, 'CaseFlowCharts', 'dashboard-charts-flow-table-1280');
  // The 24-hour timespan: today's hours in local time, 00:00 to 23:00.
  await page.getByTestId('timespan-bar').getByText('24 hours', { exact: true }).click();
  await expect(page).toHaveURL(/[?&]span=1/);
  await expect(table.locator('caption')).toContainText('per hour');
  await expect(table.locator('tbody tr')).toHaveCount(24);
  await expect(table.locator('tbody tr th').first()).toHaveText('00:00');
  await expect(table.locator('tbody tr th').last()).toHaveText('23:00');
  await shootCard(page, 'CaseFlowCharts', 'dashboard-charts-flow-24h-1280');
  await page.getByTestId('timespan-bar').getByText('7 days', { exact: true }).click();
  await toggle.click();

  // 4. The pie: a legend of states whose shares have one decimal and add up to about 100.
  const pie = card(page, 'CaseStatesPie');
  await expect(pie.getByRole('heading', { level: 2 })).toHaveText('Case States Distribution');
  await expect(pie.locator('[data-chart="pie"] svg.apexcharts-svg')).toBeVisible({ timeout: 30_000 });
  const shares = await pie.locator('[data-field="legend"] [data-field="percent"]').allTextContents();
  expect(shares.length).toBeGreaterThan(0);
  for (const share of shares) expect(share).toMatch(/^\d{1,3}\.\d%$/);
  expect(Math.abs(shares.reduce((sum, share) => sum + Number(share.replace('%', '')), 0) - 100)).toBeLessThanOrEqual(0.1 * shares.length);

  // 5. Resolution times are computed only when asked.
  const resolution = card(page, 'ResolutionTimeCard');
  await expect(resolution.locator('[data-chart]')).toHaveCount(0);
  await resolution.getByRole('button', { name: 'Show resolution times' }).click();
  await expect(resolution.locator('[data-field="resolution"]')).toBeFocused();
  await expect(resolution.locator('[data-chart="bar"] svg.apexcharts-svg, [data-field="empty"]')).toBeVisible({ timeout: 30_000 });

  // 6. Screenshots, no sideways scroll from 320 px up, and no axe violation.
  await shootCards(page, '1280');
  const { violations } = await new AxeBuilder({ page }).include('section[data-card]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(treemap.locator('[data-chart="treemap"] svg.apexcharts-svg')).toBeVisible();
    await page.waitForTimeout(500);
    await expectNoSidewaysScroll(page, `dashboard charts at ${width} px`);
    await shootCards(page, String(width));
  }
  // On a phone there is no drilling: the entries are not buttons.
  await expect(treemap.locator('button[data-slice-id]')).toHaveCount(0);
  await expect(treemap.locator('[data-slice-id]').first()).toBeVisible();

  expect(problems).toEqual([]);
});

test('the charts read in Spanish: titles, axis and table headers, numbers and dates', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
  try {
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(card(page, 'CaseDistributionTreemap').getByRole('heading', { level: 2 })).toHaveText('Distribución de casos');
    await expect(card(page, 'CaseStatesPie').getByRole('heading', { level: 2 })).toHaveText('Distribución de estados de casos');
    const flow = card(page, 'CaseFlowCharts');
    await expect(flow.locator('[data-chart="line"] svg.apexcharts-svg')).toBeVisible({ timeout: 30_000 });
    await expect(flow.locator('[data-chart="line"] svg.apexcharts-svg')).toContainText('Casos');
    await expect(flow.getByRole('img', { name: /^Gráfico de líneas/ })).toBeVisible();
    await flow.getByRole('button', { name: 'Ver como tabla' }).click();
    await expect(flow.locator('table thead')).toContainText('Creados');
    // Short dates in Spanish: day first, then the month's Spanish abbreviation.
    const firstDay = await flow.locator('table tbody tr th').first().textContent();
    expect(firstDay).toMatch(/^\d{1,2} (ene|feb|mar|abr|may|jun|jul|ago|sept?|oct|nov|dic)/);
    const shares = await card(page, 'CaseStatesPie').locator('[data-field="legend"] [data-field="percent"]').allTextContents();
    for (const share of shares) expect(share).toMatch(/^\d{1,3},\d\s%$/);
    await card(page, 'ResolutionTimeCard').getByRole('button', { name: 'Mostrar tiempos de resolución' }).click();
    await shootCards(page, 'es-1280');
  } finally {
    await saveAccountLanguage(request, token, 'en');
  }
});
