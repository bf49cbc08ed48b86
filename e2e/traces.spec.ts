import { expect, test, type Page } from '@playwright/test';
import { DEMO_WEBHOOK, IDS } from '../server/db/seed/demoDefinitions.ts';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, serverMutation } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/**
 * Trace Management (issue 19): a real webhook delivery and a failed POST /call-external-api each show in their tab
 * with the right filters, the detail dialog shows their headers with secrets masked, and the page read online is
 * shown again offline with its age. Traces reach the device one page at a time (a replica scope), never whole.
 */
const today = () => new Date().toISOString().slice(0, 10);

async function openTraceTab(page: Page, query: string) {
  await page.goto(`/admin-info?tab=trace&${query}`);
  await expect(page.getByTestId('trace-management')).toBeVisible();
}

test('an administrator finds a webhook delivery and a failed external call in their trace tabs, online and offline', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  // A real delivery to the demo webhook, with its token in the Authorization header and a secret in the body.
  const delivery = await request.post(DEMO_WEBHOOK.url, {
    headers: { authorization: `Bearer ${DEMO_WEBHOOK.token}`, 'content-type': 'application/json' },
    data: { customerName: 'Trace Tester', email: 'trace@example.com', plan: 'basic', apiToken: 'very-secret-token' },
  });
  expect(delivery.status()).toBeLessThan(300);
  // A call to an address that cannot resolve: recorded as a failed external API execution.
  const token = await apiToken(request, ADMIN);
  const call = await request.post('/call-external-api', { headers: { authorization: `Bearer ${token}` }, data: { url: 'https://unreachable-host.invalid/lookup?id=7', verb: 'DELETE' } });
  expect(call.status()).toBeGreaterThanOrEqual(400);

  const shell = new ShellPage(page);
  await shell.signInAs(ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Webhook Trace, filtered by the webhook and today's dates (as the URL keeps them).
  await openTraceTab(page, `traceTab=webhook&webhookId=${DEMO_WEBHOOK.id}&startDate=${today()}&endDate=${today()}&status=success`);
  const webhookTab = page.getByTestId('webhook-trace');
  await expect(page.getByRole('tab', { name: 'Webhook Trace', selected: true })).toBeVisible();
  await expect(page.getByLabel('Webhook ID')).toHaveValue(DEMO_WEBHOOK.id);
  const webhookRows = webhookTab.locator('[data-trace-id]:visible');
  await expect(webhookRows.first()).toBeVisible({ timeout: 30_000 });
  await expect(webhookRows.first()).toContainText('Success');
  await expect(webhookTab.getByTestId('webhook-trace-read-at')).toContainText('Read from the server');
  expect(await axeViolations(page)).toEqual([]);

  // The newest delivery is ours: its detail shows the request headers with the token masked.
  await webhookRows.first().getByRole('button', { name: /^Open the execution of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook execution' });
  // The dialog's root is a zero-size wrapper of its fixed panel: its heading is what shows.
  await expect(dialog.getByRole('heading', { name: 'Webhook execution' })).toBeVisible();
  await expect(dialog.getByTestId('trace-request')).toContainText('Trace Tester');
  await expect(dialog.getByTestId('trace-request')).toContainText('"authorization": "••••"');
  await expect(dialog.getByTestId('trace-request')).toContainText('"apiToken": "••••"');
  await expect(dialog).not.toContainText(DEMO_WEBHOOK.token);
  await expect(dialog).not.toContainText('very-secret-token');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath('traces-webhook-dialog-1280') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  // A status that matches nothing of today: the spec's empty text.
  await page.getByLabel('Status').selectOption('processing');
  await expect(webhookTab.getByText('No webhook executions found.')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/status=processing/);

  // API Calls: errors of method DELETE whose url names the host, with the 'Today (24 h)' quick filter.
  await page.getByRole('tab', { name: 'API Calls' }).click();
  await expect(page).toHaveURL(/traceTab=api/);
  await expect(page).not.toHaveURL(/status=processing/);
  await page.getByLabel('Status').selectOption('error');
  await page.getByRole('checkbox', { name: 'DELETE' }).check();
  await page.getByLabel('URL').fill('unreachable-host');
  await page.getByLabel('URL').press('Enter');
  await page.getByRole('button', { name: 'Today (24 h)' }).click();
  await expect(page.getByRole('button', { name: 'Today (24 h)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/method=DELETE/);
  const apiTab = page.getByTestId('api-trace');
  const apiRows = apiTab.locator('[data-trace-id]:visible');
  await expect(apiRows).toHaveCount(1, { timeout: 30_000 });
  await expect(apiRows.first()).toContainText('unreachable-host.invalid');
  await expect(apiRows.first()).toContainText('Error');
  expect(await axeViolations(page)).toEqual([]);
  await apiRows.first().getByRole('button', { name: /^Open the execution of/ }).click();
  const apiDialog = page.getByRole('dialog', { name: 'API call' });
  await expect(apiDialog).toContainText('DELETE https://unreachable-host.invalid/lookup?id=7');
  await expect(apiDialog).toContainText('Error');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: shotPath('traces-api-dialog-1280') });
  const apiUrl = page.url();

  // A reload keeps the tab, the filters and the open dialog.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'API call' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('dialog', { name: 'API call' }).getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('checkbox', { name: 'DELETE' })).toBeChecked();

  // Offline: the same pages, read from the replica, with their age.
  await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 60_000 });
  await expect(page.getByText('Not synced yet')).toHaveCount(0, { timeout: 60_000 });
  await context.setOffline(true);
  await page.goto(apiUrl.replace(/&trace=[^&]+/, ''));
  await expect(apiRows).toHaveCount(1, { timeout: 30_000 });
  await expect(apiRows.first()).toContainText('unreachable-host.invalid');
  await expect(apiTab.getByTestId('api-trace-freshness')).toContainText('Offline: this page as this device last read it');
  await openTraceTab(page, `traceTab=webhook&webhookId=${DEMO_WEBHOOK.id}&startDate=${today()}&endDate=${today()}&status=success`);
  await expect(webhookRows.first()).toContainText('Success', { timeout: 30_000 });
  await expect(webhookTab.getByTestId('webhook-trace-freshness')).toContainText('Offline: this page as this device last read it');
  // A page never read on this device: empty, saying why, with no error.
  await page.getByLabel('Status').selectOption('error');
  await expect(webhookTab.getByTestId('webhook-trace-freshness')).toContainText('has not been read on this device yet');
  await expect(webhookTab.getByText('No webhook executions found.')).toBeVisible();

  // A phone: the webhook tab with its dialog open.
  await page.getByLabel('Status').selectOption('success');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(webhookRows.first()).toContainText('Success');
  await expectNoSidewaysScroll(page, 'the webhook trace at 390 px');
  await page.screenshot({ path: shotPath('traces-webhook-390'), fullPage: true });
  await webhookRows.first().getByRole('button', { name: /^Open the execution of/ }).click();
  await expect(page.getByRole('heading', { name: 'Webhook execution' })).toBeVisible();
  await page.screenshot({ path: shotPath('traces-webhook-dialog-390') });
  await context.setOffline(false);
});

test("a run's failed API stage shows in API Calls with its instance's request", async ({ page, request }) => {
  test.setTimeout(120_000);
  // Claims Intake's second stage looks the policy up at api.example.com, which no machine here can reach: the stage
  // fails and each attempt is an external API execution of that run.
  const policy = `P-TRACE-${Date.now()}`;
  const token = await apiToken(request, ADMIN);
  expect(await serverMutation(request, token, 'instance.start', { appId: IDS.apps.claims, ids: [`inst-e2e-trace-${Date.now()}`], values: { policyNumber: policy } })).toMatchObject({ status: 'applied' });

  await new ShellPage(page).signInAs(ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openTraceTab(page, `traceTab=api&status=error&method=GET&url=${policy}`);
  const rows = page.getByTestId('api-trace').locator('[data-trace-id]:visible');
  // The engine polls every second and retries the stage: the page follows as its rows arrive.
  await expect(rows.first()).toContainText(`api.example.com/policies/${policy}`, { timeout: 60_000 });
  await expect(rows.first()).toContainText('Error');
  await rows.first().getByRole('button', { name: /^Open the execution of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'API call' });
  await expect(dialog).toContainText(`GET https://api.example.com/policies/${policy}`);
  await expect(dialog).toContainText('NETWORK');
});
