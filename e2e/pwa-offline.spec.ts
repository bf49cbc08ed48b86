import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/**
 * Signed in, the page asks the service worker to keep every screen chunk once the browser is idle (src/app/pwa/
 * prefetchScreens.ts). A chunk the page fetched before the worker took control is kept only then, so a reload
 * offline is fair once the worker says all are kept.
 */
async function waitForScreensKept(page: Page): Promise<void> {
  await waitForServiceWorkerControl(page);
  await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 30_000 });
}

test.describe('installable PWA', () => {
  test('the manifest is linked, names the app and has 192 and 512 px icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).not.toBeNull();
    const manifest = (await (await request.get(href ?? '')).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Workflow Console', display: 'standalone', start_url: '/dashboard' });
    const sizes = manifest.icons.map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const reply = await request.get(icon.src);
      expect(reply.headers()['content-type']).toBe('image/png');
    }
  });

  test('the service worker registers and controls the page on the first visit', async ({ page }) => {
    await page.goto('/');
    await waitForServiceWorkerControl(page);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toMatch(/\/$/);
  });

  test('offline, a reload of the inbox shows the shell and the sync indicator says offline', async ({ page, context }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await shell.menuLink(/^Inbox/).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await waitForScreensKept(page);

    await context.setOffline(true);
    await page.reload();
    await expect(shell.screenTitle).toHaveText('Inbox');
    await expect(shell.userBadge).toContainText(AGENT.name);
    await expect(shell.syncIndicator).toHaveAttribute('data-online', 'false');
    await expect(shell.syncIndicator).toContainText('Offline');
    await page.screenshot({ path: 'test-results/offline-inbox.png' });
    await context.setOffline(false);
  });

  // Waits on the replica (src/data/replica.ts + workers/sync): the counter is read from IndexedDB.
  test('offline, a reload of the inbox still shows replica data: the open-tickets counter', async ({ page, context }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await shell.menuLink(/^Inbox/).click();
    await waitForScreensKept(page);
    const counter = shell.menu.locator('[data-counter="openTickets"]');
    await expect(counter).toHaveText(/^[1-9]\d*$/, { timeout: 20_000 });
    const online = await counter.textContent();

    await context.setOffline(true);
    await page.reload();
    await expect(counter).toHaveText(online ?? '', { timeout: 10_000 });
    await context.setOffline(false);
  });
});
