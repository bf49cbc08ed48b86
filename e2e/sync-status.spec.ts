import { expect, test, type Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll, releaseTickets, saveAccountLanguage } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

/** Nothing technical may show in the panel: no mutation name, no browser error, no attempt count. */
const TECHNICAL = /ticket\.\w+|user\.setLanguage|Failed to fetch|attempt|intento|push:|pull:/i;

async function openPanel(page: Page) {
  const indicator = page.getByTestId('sync-indicator');
  if ((await indicator.getAttribute('aria-expanded')) !== 'true') await indicator.click();
  const panel = page.locator(`#${await indicator.getAttribute('aria-controls')}`);
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('the sync status in the user’s words', () => {
  test.setTimeout(180_000);

  test('offline and online, in English and Spanish, the panel says what waits and why, and the queue leaves as soon as the network returns', async ({ page, context, request }) => {
    const agentToken = await apiToken(request, AGENT);
    const adminToken = await apiToken(request, ADMIN);
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await waitForOfflineReady(page);
    const caseId = await inbox.firstUnassignedCaseId();
    const ticketId = (await pullAll(request, adminToken, 'tickets')).find((d) => d.operation === caseId && d.state === 'open')!.id;
    try {
      await context.setOffline(true);
      await (await inbox.searchCase(caseId)).getByRole('button', { name: 'Claim' }).click();
      let panel = await openPanel(page);
      await expect(panel.getByTestId('sync-problem')).toHaveText('No connection, your changes are kept on this device');
      await expect(panel.getByTestId('pending-changes')).toContainText(`Claim ticket ${caseId}`);
      expect(await panel.innerText()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: 'test-results/sync-panel-offline-en.png' });

      // The technical side is there for support, behind Details.
      await panel.getByText('Details', { exact: true }).click();
      await expect(panel.locator('details')).toContainText('ticket.claim');
      await panel.getByText('Details', { exact: true }).click();

      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      panel = await openPanel(page);
      await expect(panel.getByTestId('sync-problem')).toHaveText('Sin conexión, tus cambios se guardan en este dispositivo');
      await expect(panel.getByTestId('pending-changes')).toContainText(`Tomar el ticket ${caseId}`);
      await expect(panel.getByTestId('pending-changes')).toContainText('Idioma de la interfaz');
      expect(await panel.innerText()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: 'test-results/sync-panel-offline-es.png' });

      // A while offline, so a retry that backed off would be seconds away; the queue must leave at once.
      await page.waitForTimeout(8_000);
      await context.setOffline(false);
      await expect(panel.getByText('No hay cambios pendientes.')).toBeVisible({ timeout: 3_000 });
      await expect(panel.getByTestId('sync-problem')).toHaveCount(0);
      expect(await panel.innerText()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: 'test-results/sync-panel-online-es.png' });
      expect((await pullAll(request, adminToken, 'tickets')).find((d) => d.id === ticketId)).toMatchObject({ status: 'assigned' });

      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Idioma' }).click();
      await page.getByRole('menuitem', { name: 'English' }).click();
      panel = await openPanel(page);
      await expect(panel.getByText('No changes are waiting.')).toBeVisible({ timeout: 10_000 });
      expect(await panel.innerText()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: 'test-results/sync-panel-online-en.png' });
    } finally {
      await page.close();
      await saveAccountLanguage(request, agentToken, 'en');
      await releaseTickets(request, adminToken, [ticketId]);
    }
  });

  test('a second tab tells the connection as the first does: online, offline and back, and never Offline while it connects', async ({ page, context }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await expect(shell.syncIndicator).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    // Only the first tab's worker replicates (the leader); the second one's reads the same replica.
    const second = await context.newPage();
    const labels: string[] = [];
    await second.exposeFunction('noteLabel', (label: string) => void labels.push(label));
    await second.addInitScript(() => {
      new MutationObserver(() => {
        const label = document.querySelector('[data-testid="sync-indicator"] span.font-medium')?.textContent;
        if (label) (window as unknown as { noteLabel: (text: string) => void }).noteLabel(label);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await second.goto('/tickets');
    const secondIndicator = new ShellPage(second).syncIndicator;
    await expect(secondIndicator).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await expect(secondIndicator).toContainText('Online');
    await context.setOffline(true);
    await expect(secondIndicator).toContainText('Offline');
    await expect(shell.syncIndicator).toContainText('Offline');
    await context.setOffline(false);
    await expect(secondIndicator).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    await expect(shell.syncIndicator).toHaveAttribute('data-online', 'true');
    // Offline only while the browser was offline: from its load until the leader's word it said Connecting.
    expect(labels.slice(0, labels.indexOf('Offline'))).not.toContain('Offline');
    expect(labels.slice(0, labels.indexOf('Offline'))).toContain('Online');
    await second.close();
  });

  test('a change the server refuses says what happened and what to do, in words', async ({ page, context, browser, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await waitForOfflineReady(page);
    const claimsRow = page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Waiting for operator' }).filter({ hasText: 'Claims Desk' }).first();
    const caseId = ((await claimsRow.getByTestId('ticket-case-id').textContent()) ?? '').trim();
    const ticketId = (await pullAll(request, adminToken, 'tickets')).find((d) => d.operation === caseId && d.state === 'open')!.id;
    try {
      await context.setOffline(true);
      await (await inbox.searchCase(caseId)).getByRole('button', { name: 'Claim' }).click();
      // Meanwhile the administrator claims it from another browser.
      const admin = await browser.newContext();
      const adminPage = await admin.newPage();
      await new ShellPage(adminPage).signInAs(ADMIN);
      const adminInbox = new InboxPage(adminPage);
      await adminInbox.goto();
      await adminInbox.tab('Manager').click();
      await (await adminInbox.searchCase(caseId)).getByRole('button', { name: 'Claim' }).click();
      await expect.poll(async () => (await pullAll(request, adminToken, 'tickets')).find((d) => d.id === ticketId)?.status, { timeout: 30_000 }).toBe('assigned');
      await admin.close();

      await context.setOffline(false);
      const panel = await openPanel(page);
      await expect(panel.getByTestId('refused-change')).toHaveText(
        `Claim ticket ${caseId} was not saved: Ticket already claimed by ${ADMIN.name}. Someone else is working on it: pick another ticket.`,
        { timeout: 30_000 },
      );
      expect(await panel.innerText()).not.toMatch(TECHNICAL);
      await page.screenshot({ path: 'test-results/sync-panel-refused.png' });
    } finally {
      await releaseTickets(request, adminToken, [ticketId]);
    }
  });
});
