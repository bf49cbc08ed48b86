import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';

type CaseRow = { id: string; kind: string; caseTypeId: string; status: string; stateId: string | null; deleted: boolean };
type TypeRow = { id: string; kind: string; code: string; description: string; deleted: boolean };

/** Open cases (CREATED or PROGRESS) per case type and per type and state, from the cases the server holds now. */
async function openCases(request: APIRequestContext, token: string) {
  const byId = new Map<string, CaseRow>();
  for (const doc of await pullAll(request, token, 'cases')) byId.set(doc.id, doc as unknown as CaseRow);
  const open = [...byId.values()].filter((c) => c.kind === 'case' && !c.deleted && c.status !== 'COMPLETED');
  const byType = new Map<string, number>();
  const byState = new Map<string, number>();
  for (const c of open) {
    byType.set(c.caseTypeId, (byType.get(c.caseTypeId) ?? 0) + 1);
    const key = `${c.caseTypeId}/${c.stateId ?? '-'}`;
    byState.set(key, (byState.get(key) ?? 0) + 1);
  }
  return { byType, byState };
}

async function listedTypes(request: APIRequestContext, token: string): Promise<TypeRow[]> {
  const config = await pullAll(request, token, 'config');
  const byId = new Map<string, TypeRow>();
  for (const doc of config) if (doc.kind === 'caseType') byId.set(doc.id, doc as unknown as TypeRow);
  return [...byId.values()].filter((t) => !t.deleted && t.id !== 'TBD' && t.code !== 'TBD');
}

const typePanel = (page: Page) => page.locator('[data-card="type-panel"]');
const typeCount = (page: Page, typeId: string) => typePanel(page).locator(`[data-type-id="${typeId}"] [data-field="count"]`);

/**
 * Issue 16: the administrator's dashboard shows the figures the server's rows hold. Journeys share one server and
 * earlier ones open and close cases, so each figure is compared with a fresh read of the server inside toPass.
 */
test('the administrator sees every case type with the open cases the server holds, its states, and its Activity', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const types = await listedTypes(request, token);
  expect(types.length).toBeGreaterThan(0);
  await new ShellPage(page).signInAs(ADMIN);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByTestId('dashboard-freshness')).toContainText(/^Figures as of \d{2}-\d{2}-\d{4} \d{2}:\d{2}$/, { timeout: 30_000 });

  await expect(async () => {
    const { byType } = await openCases(request, token);
    for (const type of types) await expect(typeCount(page, type.id)).toHaveText(String(byType.get(type.id) ?? 0), { timeout: 1_000 });
  }).toPass({ timeout: 60_000 });

  // A type with open cases: its states, each with the server's count, and its Activity.
  const { byType } = await openCases(request, token);
  const type = types.find((t) => (byType.get(t.id) ?? 0) > 0)!;
  await typePanel(page).locator(`[data-type-id="${type.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]type=${type.id}`));
  await expect(async () => {
    const { byState } = await openCases(request, token);
    const rows = typePanel(page).locator('[data-state-id]');
    const shown = await rows.evaluateAll((els) => els.map((el) => [el.getAttribute('data-state-id'), el.querySelector('[data-field="count"]')?.textContent] as const));
    const expected = [...byState].filter(([key]) => key.startsWith(`${type.id}/`)).map(([key, n]) => [key.slice(type.id.length + 1), String(n)] as const);
    expect(new Map(shown)).toEqual(new Map(expected));
  }).toPass({ timeout: 60_000 });
  await typePanel(page).getByRole('link', { name: `Activity of ${type.description}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${type.id}/activity#${type.id}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/dashboard\\?type=${type.id}$`));
  await expect(typePanel(page).locator(`[data-type-id="${type.id}"]`)).toHaveAttribute('aria-pressed', 'true');
});

test('the timespan filter lives in the URL: 24 hours to 90 days and a custom range, each surviving a reload', async ({ page }) => {
  await new ShellPage(page).signInAs(ADMIN);
  const bar = page.getByTestId('timespan-bar');
  await expect(bar.getByRole('radio', { name: '7 days' })).toBeChecked();
  for (const [span, label] of [[1, '24 hours'], [3, '30 days'], [4, '90 days'], [2, '7 days']] as const) {
    await bar.getByText(label, { exact: true }).click();
    await expect(page).toHaveURL(span === 2 ? /\/dashboard$/ : new RegExp(`span=${span}`));
    await expect(bar.getByRole('radio', { name: label })).toBeChecked();
  }
  await bar.getByText('Custom range', { exact: true }).click();
  await bar.getByLabel('From', { exact: true }).fill('2026-01-01');
  await bar.getByLabel('To', { exact: true }).fill('2026-01-31');
  await expect(page).toHaveURL(/span=5.*from=2026-01-01.*to=2026-01-31|span=5.*to=2026-01-31.*from=2026-01-01/);
  await page.reload();
  await expect(bar.getByRole('radio', { name: 'Custom range' })).toBeChecked();
  await expect(bar.getByLabel('From', { exact: true })).toHaveValue('2026-01-01');
  await expect(bar.getByLabel('To', { exact: true })).toHaveValue('2026-01-31');
  // Keyboard: the arrow keys move between the timespans.
  await bar.getByRole('radio', { name: 'Custom range' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(bar.getByRole('radio', { name: '90 days' })).toBeChecked();
  await expect(page).toHaveURL(/span=4$/);
});

test('offline, a reload still shows the dashboard from the device, saying how old its figures are', async ({ page, context }) => {
  test.setTimeout(120_000);
  await new ShellPage(page).signInAs(ADMIN);
  await expect(page.getByTestId('dashboard-freshness')).toContainText('Figures as of', { timeout: 30_000 });
  await waitForOfflineReady(page);
  await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 60_000 });
  const shown = await typePanel(page).locator('[data-type-id]').allTextContents();
  expect(shown.length).toBeGreaterThan(0);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('dashboard-freshness')).toContainText(/^Offline: figures as of \d{2}-\d{2}-\d{4} \d{2}:\d{2}/, { timeout: 30_000 });
    await expect(typePanel(page).locator('[data-type-id]')).toHaveText(shown);
    await page.screenshot({ path: shotPath('dashboard-offline-1280'), fullPage: true });
  } finally {
    await context.setOffline(false);
  }
});

test('the agent sees the dashboard too, and nothing on it scrolls sideways on a phone', async ({ page }) => {
  await new ShellPage(page).signInAs(AGENT);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(typePanel(page)).toBeVisible();
  await expectNoSidewaysScroll(page, 'dashboard at 390');
  await page.setViewportSize({ width: 320, height: 700 });
  await expectNoSidewaysScroll(page, 'dashboard at 320');
});
