import { expect, test, type BrowserContext, type Route } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/** Holds a collection's pull requests, as a slow phone network would, until `release`; `held` counts them. */
async function holdPulls(context: BrowserContext, collection: string) {
  const pattern = new RegExp(`/sync/pull\\?.*collection=${collection}`);
  const held: Route[] = [];
  let holding = true;
  await context.route(pattern, (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    held: () => held.length,
    async release() {
      holding = false;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
    async stop() {
      await this.release();
      await context.unroute(pattern);
    },
  };
}

/**
 * Inbox first on a cold device: with the cases still on their way (their pull held here, as on a slow phone
 * network), the inbox is listed and usable, a quiet line says what is still loading, the case-type counts say
 * they may grow, and all of it goes away once the cases have arrived.
 */
test('on a fresh device the inbox works while older cases still load, and says so quietly', async ({ page, context }) => {
  test.setTimeout(90_000);
  const cases = await holdPulls(context, 'cases');
  try {
    const shell = new ShellPage(page);
    await shell.signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.tab('Manager').click();
    await expect(inbox.rows().first()).toBeVisible({ timeout: 30_000 });
    await expect.poll(cases.held, { timeout: 15_000 }).toBeGreaterThan(0);

    const note = page.getByTestId('background-load');
    await expect(note).toHaveText(/^Still loading older cases( \(\d+%\)|…)$/);
    await expect(page.getByTestId('badges-cases-loading')).toHaveText('Still loading: the figures may grow');
    // The inbox answers meanwhile: its search narrows the list to one ticket.
    const caseId = (await inbox.rows().first().getByTestId('ticket-case-id').innerText()).trim();
    await inbox.searchCase(caseId);
    await page.screenshot({ path: 'test-results/cold-device-loading.png' });

    await cases.release();
    await expect(note).toHaveCount(0, { timeout: 30_000 });
    await expect(page.getByTestId('badges-cases-loading')).toHaveCount(0);
    await expect(page.getByTestId('badges-cases')).toBeVisible();
  } finally {
    await cases.stop();
  }
});

/**
 * The dashboard on a fresh device: until the workspace's configuration (the dashboard's aggregates) has arrived to
 * its end it says it is loading. It never shows the sample figures of a workspace without cases meanwhile, which
 * would tell the user something untrue, nor draws its charts on partial figures only to draw them again.
 */
test('on a fresh device the dashboard says it is loading until the configuration is in, never sample figures', async ({ page, context }) => {
  test.setTimeout(90_000);
  const config = await holdPulls(context, 'config');
  try {
    const shell = new ShellPage(page);
    await shell.signInAs(ADMIN);
    await expect.poll(config.held, { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.getByRole('status').filter({ hasText: 'Loading the dashboard…' })).toBeVisible();
    await expect(page.getByText('Sample data')).toHaveCount(0);
    await expect(page.locator('[data-chart]')).toHaveCount(0);

    await config.release();
    await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-card="type-panel"]')).toContainText('Insurance claim');
    await expect(page.getByText('Sample data')).toHaveCount(0);
  } finally {
    await config.stop();
  }
});
