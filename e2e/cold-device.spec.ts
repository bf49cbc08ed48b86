import { expect, test, type Route } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/**
 * Inbox first on a cold device: with the cases still on their way (their pull held here, as on a slow phone
 * network), the inbox is listed and usable, a quiet line says what is still loading, the case-type counts say
 * they may grow, and all of it goes away once the cases have arrived.
 */
test('on a fresh device the inbox works while older cases still load, and says so quietly', async ({ page, context }) => {
  test.setTimeout(90_000);
  const held: Route[] = [];
  let holding = true;
  await context.route(/\/sync\/pull\?.*collection=cases/, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  try {
    const shell = new ShellPage(page);
    await shell.signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.tab('Manager').click();
    await expect(inbox.rows().first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);

    const note = page.getByTestId('background-load');
    await expect(note).toHaveText(/^Still loading older cases( \(\d+%\)|…)$/);
    await expect(page.getByTestId('badges-cases-loading')).toHaveText('Still loading: the figures may grow');
    // The inbox answers meanwhile: its search narrows the list to one ticket.
    const caseId = (await inbox.rows().first().getByTestId('ticket-case-id').innerText()).trim();
    await inbox.searchCase(caseId);
    await page.screenshot({ path: 'test-results/cold-device-loading.png' });

    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await expect(note).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('badges-cases-loading')).toHaveCount(0);
    await expect(page.getByTestId('badges-cases')).toBeVisible();
  } finally {
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    await context.unroute(/\/sync\/pull\?.*collection=cases/);
  }
});
