import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

// Screen chunks are not precached: the service worker keeps each when it is first fetched, and the signed-in page
// asks it for all of them once the browser is idle (src/app/pwa/prefetchScreens.ts).
test.describe('screens offline', () => {
  test.setTimeout(120_000);

  test('after the idle prefetch, screens never opened open offline: a ticket, and a reload of Settings', async ({ page, context }) => {
    const fetchedByPage: string[] = [];
    page.on('request', (request) => fetchedByPage.push(new URL(request.url()).pathname));

    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await waitForOfflineReady(page);
    await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 30_000 });
    // The page itself never asked for these screens: only the service worker fetched them.
    expect(fetchedByPage.filter((path) => /\/assets\/(TicketDetail|SettingsPlaceholder)-/.test(path))).toEqual([]);

    await context.setOffline(true);
    const caseId = await inbox.firstUnassignedCaseId();
    await (await inbox.searchCase(caseId)).getByTestId('ticket-case-id').click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    await expect(inbox.title).toHaveText(`Ticket ${caseId}`);
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });

    await page.goto('/admin-info');
    await expect(inbox.title).toHaveText('Settings');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'false');
    await context.setOffline(false);
  });
});
