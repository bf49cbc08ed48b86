import { expect, test, type Page } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';

type CaseRow = { id: string; customerId: string | null; status: string; caseTypeId: string; stateId: string | null; createdAt: number };

/** The ids the table shows, in order (desktop width). */
const shownIds = (page: Page) => page.locator('table tbody tr[data-case-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-case-id') ?? ''));
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Case ID or customer ID' });
const showing = (page: Page) => page.getByTestId('cases-showing');

/**
 * Issue 15, item 1: an administrator searches the cases history by a case id fragment and by a customer id in
 * another letter case, narrows it with filters kept in the URL (reload and Back restore them), pages through it,
 * meets 'No cases found.', and keeps working offline; an agent without the CASES module is sent to /401.
 */
test('an administrator searches, filters and pages the cases history, online and offline', async ({ page, request, context }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  const cases = (await pullAll(request, token, 'cases')) as unknown as CaseRow[];
  const byId = new Map(cases.map((c) => [c.id, c]));
  const all = [...byId.values()];
  const newestFirst = (rows: CaseRow[]) => [...rows].sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id)).map((c) => c.id);

  await new ShellPage(page).signInAs(ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/cases');
  await expect(page).toHaveTitle(/^Cases history · /);
  await expect(showing(page)).toHaveText(`Cases 1–10 of ${all.length}`, { timeout: 30_000 });
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(all).slice(0, 10));
  await page.screenshot({ path: shotPath('cases-history-1280'), fullPage: true });

  // Paging: 10 rows a page; the next page continues newest first.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(showing(page)).toHaveText(`Cases 11–20 of ${all.length}`);
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(all).slice(10, 20));
  // From the third page on, the page starts from the index instead of reading the cases before it.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(showing(page)).toHaveText(`Cases 21–30 of ${all.length}`);
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(all).slice(20, 30));
  await page.goto('/cases?page=19');
  await expect(showing(page)).toHaveText(`Cases 191–200 of ${all.length}`, { timeout: 30_000 });
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(all).slice(190, 200));

  // The group input is clamped between 1 and the number of groups (the demo's cases make one group).
  const group = page.getByRole('spinbutton', { name: 'Group' });
  await group.fill('7');
  await group.press('Enter');
  await expect(group).toHaveValue('1');

  // A case id fragment, typed in capitals: the search waits for typing to stop (3 s), Enter runs it at once.
  await searchBox(page).fill('CASE-DEMO-001');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/q=CASE-DEMO-001/);
  const fragment = all.filter((c) => c.id.startsWith('case-demo-001')).map((c) => c.id).sort();
  await expect(showing(page)).toHaveText(`Cases 1–10 of ${fragment.length}`);
  await expect.poll(() => shownIds(page)).toEqual(fragment.slice(0, 10));

  // A customer id in lower case finds its cases (and no page is carried over from before).
  const customer = all.find((c) => c.customerId !== null)!.customerId!;
  const ofCustomer = all.filter((c) => c.customerId === customer).map((c) => c.id).sort();
  await searchBox(page).fill(customer.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`q=${customer.toLowerCase()}`), { timeout: 10_000 });
  await expect(showing(page)).toHaveText(`Cases 1–${ofCustomer.length} of ${ofCustomer.length}`);
  await expect.poll(() => shownIds(page)).toEqual(ofCustomer);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/q=/);

  // A filter combination: status, case type and state, then a date range that applies once both dates are set.
  const sample = all.find((c) => c.status === 'COMPLETED' && c.stateId !== null)!;
  await page.getByLabel('Status', { exact: true }).selectOption('COMPLETED');
  await page.getByLabel('Case type').selectOption(sample.caseTypeId);
  await page.getByLabel('State', { exact: true }).selectOption(sample.stateId!);
  const combined = all.filter((c) => c.status === 'COMPLETED' && c.caseTypeId === sample.caseTypeId && c.stateId === sample.stateId);
  await expect(showing(page)).toHaveText(new RegExp(`of ${combined.length}$`));
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(combined).slice(0, 10));
  const day = (at: number) => {
    const d = new Date(at);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  await page.getByLabel('From', { exact: true }).fill(day(sample.createdAt));
  await expect(page.getByText('Choose the other date to filter by creation date.')).toBeVisible();
  await expect(showing(page)).toHaveText(new RegExp(`of ${combined.length}$`));
  await page.getByLabel('To', { exact: true }).fill(day(sample.createdAt));
  const start = new Date(day(sample.createdAt) + 'T00:00').getTime();
  const inRange = combined.filter((c) => c.createdAt >= start && c.createdAt < start + 86_400_000);
  await expect(showing(page)).toHaveText(new RegExp(`of ${inRange.length}$`));
  await expect.poll(() => shownIds(page)).toEqual(newestFirst(inRange).slice(0, 10));

  // Reload keeps every filter; Back returns to the view before the last change.
  await page.reload();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('COMPLETED');
  await expect(page.getByLabel('State', { exact: true })).toHaveValue(sample.stateId!);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(day(sample.createdAt));
  await expect(showing(page)).toHaveText(new RegExp(`of ${inRange.length}$`), { timeout: 30_000 });
  await page.goBack();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
  await expect(showing(page)).toHaveText(new RegExp(`of ${combined.length}$`));

  // The row's case id is a real link to the case.
  const link = page.locator('table tbody tr[data-case-id]').first().getByRole('link');
  await expect(link).toHaveAttribute('href', `/cases/${(await shownIds(page))[0]}`);

  // Nothing matches: the spec's empty text.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await searchBox(page).fill('no-such-case-zz');
  await searchBox(page).press('Enter');
  await expect(page.getByText('No cases found.')).toBeVisible();

  // Phones: cards, nothing sideways.
  await page.goto('/cases?status=PROGRESS');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('ul li[data-case-id]').first()).toBeVisible({ timeout: 30_000 });
  await expectNoSidewaysScroll(page, 'cases history at 390 px');
  await page.screenshot({ path: shotPath('cases-history-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Offline: the replica answers, and the screen says how fresh it is.
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await page.goto('/cases?q=cust');
  await expect(page.getByTestId('cases-freshness')).toContainText('Offline: showing the cases on this device', { timeout: 30_000 });
  const custMatches = all.filter((c) => (c.customerId ?? '').toLowerCase().startsWith('cust')).length;
  await expect(showing(page)).toHaveText(`Cases 1–10 of ${custMatches}`);
  await page.getByLabel('Status', { exact: true }).selectOption('PROGRESS');
  await expect(showing(page)).toHaveText(new RegExp(`of ${all.filter((c) => c.status === 'PROGRESS' && (c.customerId ?? '').toLowerCase().startsWith('cust')).length}$`));
  await page.screenshot({ path: shotPath('cases-history-offline-1280'), fullPage: true });
  await context.setOffline(false);
});

test('an agent without the CASES module is sent to /401 from the history and from a case detail', async ({ page }) => {
  await new ShellPage(page).signInAs(AGENT);
  await page.goto('/cases?q=case');
  await expect(page).toHaveURL(/\/401$/);
  // The case detail is behind the same gate.
  await page.goto('/cases/case-demo-0001?view=dashboard');
  await expect(page).toHaveURL(/\/401$/);
});
