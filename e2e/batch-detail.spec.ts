import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll } from './pages/layout.ts';
import { apiToken, serverMutation } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/** The seed's processed import: 5 lines, all COMPLETED, each with its case (read-only here: journeys share it). */
const DONE_BATCH = { id: 'bat-demo-0001', name: 'Sign-ups import', header: 'customerName,email,plan', lines: 5 };
const CLAIM_TYPE = 'ct-demo-claim';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const lineRows = (page: Page) => page.locator('table tbody tr[data-line-id]');
/** Screenshots for the issue note (SHOTS_DIR when set). */
const shot = (name: string) => `${process.env.SHOTS_DIR ?? 'test-results/shots'}/${name}.png`;

/**
 * Part 2 §2 Batches, the detail: the administrator opens the processed demo import, finds its lines by status and
 * by line id (all in the URL), opens a line's details (Files, Values, Notes, History, Case Info) which survive a
 * reload, downloads the batch as CSV, and the page fits a 390 px phone.
 */
test('the batch detail shows the lines by status, finds a line, opens its details and downloads the CSV', async ({ page }) => {
  test.setTimeout(120_000);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto(`/batches/${DONE_BATCH.id}`);
  await expect(page.getByRole('heading', { level: 1, name: DONE_BATCH.name })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(new RegExp(`^Batch ${DONE_BATCH.id} · `));
  const header = page.getByTestId('batch-header');
  await expect(header.getByText(DONE_BATCH.id)).toBeVisible();
  await expect(header.getByText('Customer onboarding')).toBeVisible();
  await expect(page.getByTestId('batch-status')).toHaveText('Completed');
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  // A finished batch offers neither Play nor Stop.
  await expect(header.getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);
  await expect(header.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);

  // Tabs by status with their counts; the table lists the five lines.
  const tabs = page.getByRole('tablist', { name: 'Lines by status' });
  await expect(tabs.getByRole('tab', { name: `All (${DONE_BATCH.lines})` })).toHaveAttribute('aria-selected', 'true');
  await expect(lineRows(page)).toHaveCount(DONE_BATCH.lines, { timeout: 30_000 });
  await tabs.getByRole('tab', { name: `Completed (${DONE_BATCH.lines})` }).click();
  await expect(page).toHaveURL(/status=COMPLETED/);
  await expect(lineRows(page)).toHaveCount(DONE_BATCH.lines);
  await page.goto(`/batches/${DONE_BATCH.id}?status=ERROR`);
  await expect(page.getByText('No lines found.')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('tab', { name: /^All/ }).click();

  // The line search matches the line id (700 ms debounce), and lives in the URL.
  await page.getByRole('searchbox', { name: 'Search by line ID' }).fill('3');
  // The router keeps a number-like search as text ("3"), so a shared link reads it back as the same search.
  await expect(page).toHaveURL(/q=(%22)?3/);
  await expect(lineRows(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search by line ID' }).fill('99');
  await expect(page.getByText('No lines found.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(lineRows(page)).toHaveCount(DONE_BATCH.lines);

  // A line's details open from its id, by ?line=, and survive a reload.
  await page.getByRole('link', { name: 'Details of line 2' }).click();
  await expect(page).toHaveURL(/line=(%22)?2/);
  const dialog = page.getByRole('dialog', { name: 'Line 2' });
  // The dialog element itself has no box (its panel is fixed): its heading shows it is open.
  const dialogTitle = dialog.getByRole('heading', { name: 'Line 2' });
  await expect(dialogTitle).toBeVisible();
  const detailTabs = dialog.getByRole('tablist', { name: 'Line details' });
  await expect(detailTabs.getByRole('tab')).toHaveText(['Files', 'Values', 'Notes', 'History', 'Case Info']);
  await page.reload();
  await expect(dialogTitle).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('tab', { name: 'Values' }).click();
  // The values in the file's column order.
  await expect(dialog.getByTestId('line-values').locator('dt')).toHaveText(['customerName', 'email', 'plan']);
  await dialog.getByRole('tab', { name: 'Notes' }).click();
  await expect(dialog.getByRole('button', { name: 'Add note' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'History' }).click();
  await expect(dialog.getByTestId('line-history')).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('tab', { name: 'Case Info' }).click();
  const info = dialog.getByTestId('line-case-info');
  await expect(info.getByTestId('line-module-a')).toContainText(DONE_BATCH.id);
  await expect(info.getByTestId('line-module-b')).toContainText(/case-demo-\d+/, { timeout: 15_000 });
  await expect(info.getByTestId('line-module-b')).toContainText('Customer onboarding');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: shot('batch-detail-line-1280') });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialogTitle).toBeHidden();
  await expect(page).not.toHaveURL(/line=/);
  await page.screenshot({ path: shot('batch-detail-1280'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // The download is the batch as a file: its header, then one record per line.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${DONE_BATCH.id}.csv`);
  const records = (await readFile(await download.path(), 'utf8')).split('\r\n').filter((record) => record !== '');
  expect(records[0]).toBe(DONE_BATCH.header);
  expect(records).toHaveLength(DONE_BATCH.lines + 1);

  // A phone: nothing scrolls sideways, with the lines and with a line's details open.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'batch detail at 390 px');
  await page.screenshot({ path: shot('batch-detail-390'), fullPage: true });
  // A link typed by hand (?line=1) opens the line too.
  await page.goto(`/batches/${DONE_BATCH.id}?line=1`);
  await expect(page.getByRole('dialog', { name: 'Line 1' }).getByRole('heading', { name: 'Line 1' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('dialog', { name: 'Line 1' }).getByRole('tab', { name: 'Case Info' }).click();
  await expectNoSidewaysScroll(page, 'line details at 390 px');
  await page.screenshot({ path: shot('batch-detail-line-390') });
});

/**
 * Part 2 §2 and §4: a batch not started is played with the confirmation titled 'Play batch'; the engine runs its
 * lines and each one turns DONE in the detail without a reload, then the batch is Done. The batch is this test's
 * own, made over the sync API as the wizard's outbox sends it, so no other journey shares it.
 */
test('Play on a batch not started runs every line, shown live in the detail', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const batchId = `bat-e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const name = `E2E claims ${batchId.slice(-6)}`;
  expect(await serverMutation(request, token, 'batch.create', { batchId, name, description: 'Claims played by the batch detail journey', caseTypeId: CLAIM_TYPE, header: ['policyNumber', 'amount', 'incidentDate'], lineCount: 3 })).toMatchObject({ status: 'applied' });
  const lines = [1, 2, 3].map((lineNo) => ({ lineNo, values: { policyNumber: `PN-E2E-${lineNo}`, amount: String(100 * lineNo), incidentDate: '2026-01-15' } }));
  expect(await serverMutation(request, token, 'batch.addLines', { batchId, chunkIndex: 0, lines })).toMatchObject({ status: 'applied' });

  await new ShellPage(page).signInAs(ADMIN);
  await page.goto(`/batches/${batchId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('batch-status')).toHaveText('Unprocessed');
  await expect(lineRows(page)).toHaveCount(3, { timeout: 30_000 });
  await expect(page.getByRole('tab', { name: 'Unprocessed (3)' })).toBeVisible();

  // One line run alone from its details turns DONE there, live; the batch is still not started.
  await page.getByRole('link', { name: 'Details of line 3' }).click();
  const lineDialog = page.getByRole('dialog', { name: 'Line 3' });
  await lineDialog.getByRole('button', { name: 'Run this line' }).click();
  await expect(toast(page, 'Line 3 is queued to run.')).toBeVisible();
  await expect(lineDialog.getByTestId('line-status')).toBeFocused();
  await expect(lineDialog.getByTestId('line-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(lineDialog.getByRole('link', { name: /^Open case case-/ })).toBeVisible();
  await lineDialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('batch-status')).toHaveText('Unprocessed');

  // Cancel leaves it as it was; the confirmation plays it.
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Play batch' });
  await expect(confirm.getByRole('heading', { name: 'Play batch' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId('batch-status')).toHaveText('Unprocessed');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await confirm.getByRole('button', { name: 'Play batch' }).click();
  await expect(toast(page, 'Batch in progress.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toHaveCount(0);

  // The engine runs the lines; the replica brings each change, so the tab and the rows follow without a reload.
  await expect(page.getByRole('tab', { name: 'Done (3)' })).toBeVisible({ timeout: 30_000 });
  await expect(lineRows(page).and(page.locator('[data-status="DONE"]'))).toHaveCount(3);
  await expect(page.getByTestId('batch-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(page.getByTestId('batch-counts')).toHaveText('3 done · 0 errors · 3 lines');
  // Each line now has its case, a link to the case detail.
  await expect(lineRows(page).first().getByRole('link', { name: /^case-/ })).toBeVisible();
});

/**
 * Offline (the console's rule for every screen): the detail opens on what the device holds and says so, the CSV is
 * still made, and a Play waits on the device marked 'Waiting to be sent'; once the connection returns it is sent
 * and the lines run.
 */
test('offline, Play waits on the device and runs once the connection returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const batchId = `bat-e2e-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const name = `E2E offline ${batchId.slice(-6)}`;
  expect(await serverMutation(request, token, 'batch.create', { batchId, name, description: 'Played offline by the batch detail journey', caseTypeId: CLAIM_TYPE, header: ['policyNumber', 'amount'], lineCount: 2 })).toMatchObject({ status: 'applied' });
  const lines = [1, 2].map((lineNo) => ({ lineNo, values: { policyNumber: `PN-OFF-${lineNo}`, amount: String(50 * lineNo) } }));
  expect(await serverMutation(request, token, 'batch.addLines', { batchId, chunkIndex: 0, lines })).toMatchObject({ status: 'applied' });

  await new ShellPage(page).signInAs(ADMIN);
  await page.goto(`/batches/${batchId}`);
  await expect(lineRows(page)).toHaveCount(2, { timeout: 30_000 });
  await context.setOffline(true);
  await expect(page.getByTestId('batch-freshness')).toContainText('Offline');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const records = (await readFile(await (await downloading).path(), 'utf8')).split('\r\n').filter((record) => record !== '');
  expect(records).toEqual(['policyNumber,amount', 'PN-OFF-1,50', 'PN-OFF-2,100']);

  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.getByRole('dialog', { name: 'Play batch' }).getByRole('button', { name: 'Play batch' }).click();
  await expect(toast(page, 'Play saved on this device')).toBeVisible();
  const header = page.getByTestId('batch-header');
  await expect(header.getByText('Waiting to be sent')).toBeVisible();
  // Played on the device: the batch shows as ongoing, which cannot be stopped.
  await expect(page.getByTestId('batch-status')).toHaveText('Ongoing');
  await expect(header.getByText("You're not able to stop the batch.")).toBeVisible();

  await context.setOffline(false);
  await expect(header.getByText('Waiting to be sent')).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId('batch-status')).toHaveText('Done', { timeout: 30_000 });
  await expect(lineRows(page).and(page.locator('[data-status="DONE"]'))).toHaveCount(2);
});

/** Part 2 §2: a batch id the device does not hold goes back to the list once the batches have arrived. */
test('an unknown batch id goes back to the batches list', async ({ page }) => {
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/batches/bat-does-not-exist');
  await expect(page).toHaveURL(/\/batches$/, { timeout: 30_000 });
  await expect(toast(page, 'There is no batch bat-does-not-exist on this device.')).toBeVisible();
});
