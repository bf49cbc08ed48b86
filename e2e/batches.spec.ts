import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

/**
 * A messy real-world export: a byte-order mark, CRLF, quoted commas, a quoted line break and doubled quotes, an empty
 * cell, a row with one value too many (left out and reported), and a trailing empty line. Seven rows, six lines.
 */
const messyCsv = (stamp: string) =>
  Buffer.from(
    '\uFEFFcustomerName,email,policyNumber,amount\r\n' +
      `"Pérez, Juan",juan.${stamp}@example.com,PN-1001,1200\r\n` +
      `"Ann ""Annie"" Smith",ann.${stamp}@example.com,PN-1002,80\r\n` +
      `"Line\r\nbreak Ltd",ops.${stamp}@example.com,PN-1003,\r\n` +
      `Zoë Müller,zoe.${stamp}@example.com,PN-1004,15.25\r\n` +
      `Too,many,values,here,extra\r\n` +
      `Bo Li,bo.${stamp}@example.com,PN-1006,40\r\n` +
      `Cy Ray,cy.${stamp}@example.com,PN-1007,7\r\n` +
      '\r\n',
    'utf8',
  );

async function openWizard(page: Page) {
  await page.getByRole('button', { name: 'New batch' }).click();
  const dialog = page.getByRole('dialog', { name: 'New batch' });
  // The dialog element itself has no box (its panel is fixed), so its first words show it is open.
  await expect(dialog.getByText('Step 1 of 2: the batch and its file')).toBeVisible();
  return dialog;
}

/**
 * The agent on the batches list with the service worker in control, then offline, the wizard's first step filled in
 * with a claims batch and the file chosen.
 */
async function offlineWizardWithFile(page: Page, context: BrowserContext, batch: { name: string; description: string }, file: { name: string; buffer: Buffer }) {
  await new ShellPage(page).signInAs(AGENT);
  await page.goto('/batches');
  await expect(page.locator('[data-batch-id="bat-demo-0002"]:visible')).toBeVisible({ timeout: 30_000 });
  await waitForOfflineReady(page);
  await context.setOffline(true);
  const dialog = await openWizard(page);
  await dialog.getByLabel('Name').fill(batch.name);
  await dialog.getByLabel('Description').fill(batch.description);
  await dialog.getByLabel('Case type').selectOption({ label: 'Insurance claim' });
  await dialog.getByLabel('CSV file').setInputFiles({ name: file.name, mimeType: 'text/csv', buffer: file.buffer });
  return dialog;
}

test.describe('batches list and wizard', () => {
  test.setTimeout(180_000);

  test('the wizard shows the spec messages and refuses a file that is not a .csv', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    await page.goto('/batches');
    await expect(page.getByRole('heading', { name: 'Batches', level: 1 })).toBeVisible();
    // An agent has Personal only: no History tab, and the demo's pending import is theirs.
    await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
    await expect(page.locator('[data-batch-id="bat-demo-0002"]:visible')).toContainText('Pending claims import');
    await expect(page.locator('[data-batch-id="bat-demo-0001"]')).toHaveCount(0);

    const dialog = await openWizard(page);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expect(dialog.getByText('Choose a case type')).toHaveCount(2); // the select's first option and the error
    await expect(dialog.getByText('Choose a CSV file', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await dialog.getByLabel('Name').fill('Renamed spreadsheet');
    await dialog.getByLabel('Description').fill('short');
    await expect(dialog.getByText('Description must be at least 10 characters')).toBeVisible();
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'claims.xlsx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK\u0003\u0004') });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Only files in CSV format are allowed!')).toBeVisible();
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.alloc(0) });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('The file is empty: its first line must be the header.')).toBeVisible();
    await expect(dialog.getByText('Step 1 of 2: the batch and its file')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('a batch made offline from a messy CSV survives a reload and reaches the server once, with all its lines', async ({ page, context, request }) => {
    const stamp = Date.now().toString(36);
    const name = `Offline claims ${stamp}`;
    const dialog = await offlineWizardWithFile(page, context, { name, description: 'Claims typed up from the branch spreadsheet' }, { name: 'claims export.csv', buffer: messyCsv(stamp) });
    await expect(dialog.getByTestId('csv-status')).toContainText('6 lines · 4 columns');
    await expect(dialog.getByTestId('csv-problems')).toContainText('Line 6 has 5 values; the header has 4 columns.');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Step 2 of 2: check the lines')).toBeVisible();
    const preview = dialog.getByTestId('batch-preview');
    await expect(preview.locator('tbody tr')).toHaveCount(5);
    await expect(preview).toContainText('Pérez, Juan');
    await expect(preview).toContainText('Ann "Annie" Smith');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Next page' }).click();
    await expect(preview.locator('tbody tr')).toHaveCount(1);
    await expect(preview).toContainText('Cy Ray');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/batches\/bat-/);
    const batchId = decodeURIComponent(page.url().split('/batches/')[1] ?? '');

    await page.goto('/batches');
    const row = page.locator(`[data-batch-id="${batchId}"]:visible`);
    await expect(row).toContainText(name);
    await expect(row).toContainText('Waiting to be sent');
    await expect(row).toContainText('6 lines');
    await page.reload();
    await expect(row).toContainText('Waiting to be sent', { timeout: 30_000 });

    await context.setOffline(false);
    await expect(row.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 60_000 });
    const token = await apiToken(request, ADMIN);
    const runs = await pullAll(request, token, 'runs');
    const batches = runs.filter((doc) => doc.kind === 'batch' && doc.name === name && !doc.deleted);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ id: batchId, status: 'UNPROCESSED', insertedCount: 6, lineCount: 7, userName: AGENT.name });
    const lines = runs.filter((doc) => doc.kind === 'batchLine' && doc.batchId === batchId && !doc.deleted);
    expect(lines.map((line) => line.lineId).sort()).toEqual(['2', '3', '4', '5', '7', '8']);
    expect(lines.find((line) => line.lineId === '4')?.data).toEqual({ customerName: 'Line\r\nbreak Ltd', email: `ops.${stamp}@example.com`, policyNumber: 'PN-1003' });

    // Played from its detail, every line runs and turns DONE live.
    await page.goto(`/batches/${batchId}`);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await page.getByRole('dialog', { name: 'Play batch' }).getByRole('button', { name: 'Play batch' }).click();
    await expect(page.getByRole('tab', { name: 'Done (6)' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('batch-status')).toHaveText('Done', { timeout: 30_000 });

    // The administrator finds it in History marked with its owner; it is not in the administrator's Personal tab.
    const adminPage = await (await page.context().browser()!.newContext()).newPage();
    await new ShellPage(adminPage).signInAs(ADMIN);
    await adminPage.goto(`/batches?q=${encodeURIComponent(batchId.slice(4, 16))}`);
    await expect(adminPage.getByText('No personal batches found.')).toBeVisible({ timeout: 30_000 });
    await adminPage.getByRole('tab', { name: 'History' }).click();
    await expect(adminPage).toHaveURL(/tab=history/);
    const adminRow = adminPage.locator(`[data-batch-id="${batchId}"]:visible`);
    await expect(adminRow).toContainText(AGENT.name);
    await expect(adminRow.getByText('You', { exact: true })).toHaveCount(0);
    await adminPage.goto('/batches?tab=history&q=bat-demo-0001');
    await expect(adminPage.locator('[data-batch-id="bat-demo-0001"]:visible').getByText('You', { exact: true })).toBeVisible({ timeout: 30_000 });
    await adminPage.close();
  });

  test('a reload while a large file is being queued leaves it kept on the device, and Finish saving sends every line once', async ({ page, context, request }) => {
    const stamp = Date.now().toString(36);
    const name = `Large import ${stamp}`;
    // Three chunks: enough to reload in the middle. Every journey after this one pulls its lines (deleted ones too)
    // on its first sync, so not more.
    const total = 3_000;
    const rows = ['customerName,email,policyNumber,amount'];
    for (let i = 1; i <= total; i++) rows.push(`"Customer ${i}, Ltd",c${i}.${stamp}@example.com,PN-${100000 + i},${i}`);
    const dialog = await offlineWizardWithFile(page, context, { name, description: 'A large import cut short by a reload' }, { name: 'large.csv', buffer: Buffer.from(rows.join('\n')) });
    await expect(dialog.getByTestId('csv-status')).toContainText(`${total} lines · 4 columns`, { timeout: 30_000 });
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByRole('button', { name: 'Create' }).click();
    // Part of the lines are queued: the page goes away in the middle.
    await expect(dialog.getByText(/Creating… [12][0-9]{3}\/3000 lines queued/)).toBeVisible({ timeout: 30_000 });
    await page.reload();

    const unfinished = page.getByTestId('unfinished-batch');
    await expect(unfinished).toContainText(name, { timeout: 30_000 });
    await expect(unfinished).toContainText(`of ${total} lines of large.csv are queued`);
    const batchId = /\((bat-[0-9a-f]{16})\)/.exec((await unfinished.textContent()) ?? '')?.[1];
    expect(batchId).toBeDefined();
    await unfinished.getByRole('button', { name: 'Finish saving' }).click();
    await expect(unfinished).toHaveCount(0, { timeout: 120_000 });

    await context.setOffline(false);
    const token = await apiToken(request, ADMIN);
    const serverBatch = async () => {
      const reply = await request.get(`/batches/${batchId}`, { headers: { authorization: `Bearer ${token}` } });
      return reply.ok() ? ((await reply.json()) as { name: string; lineCount: number; status: string; result: { insertedCount: number } }) : null;
    };
    await expect.poll(async () => (await serverBatch())?.result.insertedCount, { timeout: 120_000, intervals: [1_000] }).toBe(total);
    expect(await serverBatch()).toMatchObject({ name, lineCount: total, status: 'UNPROCESSED' });
    // Deleted, so the journeys after this one do not carry its lines.
    expect((await request.delete(`/batches/${batchId}`, { headers: { authorization: `Bearer ${token}` } })).ok()).toBe(true);
  });

  test('the list fits a phone and, like the desktop table, has no axe violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/batches?tab=history');
    await expect(page.locator('[data-batch-id="bat-demo-0001"]:visible')).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, '/batches at 390 px');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
    await expect(page.locator('tr[data-batch-id="bat-demo-0001"]')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
