import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

type Origin = { _id: string; origin: string };

/** The demo's global origin (server/db/seed/demoDefinitions.ts). */
const GLOBAL = 'https://status.workflow-console.example';

/** What a browser on `origin` learns from its preflight before a GET of the sync API: the allowed origin, or nothing. */
async function preflight(request: APIRequestContext, origin: string): Promise<string | undefined> {
  const reply = await request.fetch('/sync/pull', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } });
  return reply.headers()['access-control-allow-origin'];
}

async function removeOrigins(request: APIRequestContext, token: string, origin: string): Promise<void> {
  const reply = await request.get('/cors-origins/workspace', { headers: { authorization: `Bearer ${token}` } });
  for (const o of (await reply.json()) as Origin[]) {
    if (o.origin === origin) await request.delete(`/cors-origins/${o._id}`, { headers: { authorization: `Bearer ${token}` } });
  }
}

/**
 * Issue 13, CORS origins: the administrator adds a partner's origin in Settings and a browser on that origin may call
 * the API at once; deleting it, after the confirmation, refuses the next preflight (part 1 §2, §5, §8).
 */
test('an origin added in Settings passes the next preflight; deleted after confirming, it is refused', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const origin = `https://partner-${Date.now()}.example`;
  try {
    expect(await preflight(request, origin)).toBeUndefined();
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=cors');
    await expect(page.getByRole('tab', { name: 'CORS Origins', selected: true })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('cors-note')).toContainText('subdomains are always allowed');
    // The global origin is listed, marked, and offers neither edit nor delete.
    const global = page.getByTestId('cors-global-origins').locator(`[data-origin="${GLOBAL}"]`);
    await expect(global).toContainText('Global');
    await expect(global).toContainText('Read-only');
    await expect(global.getByRole('button')).toHaveCount(0);

    await page.getByRole('button', { name: 'New origin' }).click();
    const dialog = page.getByRole('dialog', { name: 'New CORS origin' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Origin URL is required')).toBeVisible();
    await dialog.getByLabel('Origin URL').fill('partner.example');
    await page.waitForTimeout(1_100);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Please enter a valid URL')).toBeVisible();
    await expect(dialog.getByLabel('Origin URL')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Origin URL').fill(`${origin.toUpperCase().replace('HTTPS', 'https')}/landing`);
    await dialog.getByLabel('Description (optional)').fill('Partner portal');
    await page.waitForTimeout(1_100);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Origin created successfully' })).toBeVisible();
    const row = page.getByTestId('cors-origins').locator(`[data-origin="${origin}"]`);
    await expect(row).toContainText('Partner portal');

    // As soon as the change reaches the server, a browser on that origin passes its preflight.
    await expect.poll(() => preflight(request, origin), { timeout: 15_000 }).toBe(origin);
    await expect(row.getByText('Waiting to be sent')).toHaveCount(0);

    // The same origin again, or a global one, is caught in the form, in the spec's words.
    await page.getByRole('button', { name: 'New origin' }).click();
    await dialog.getByLabel('Origin URL').fill(origin);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This origin already exists')).toBeVisible();
    await dialog.getByLabel('Origin URL').fill(`${GLOBAL}/`);
    await page.waitForTimeout(1_100);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This origin already exists')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.screenshot({ path: 'test-results/settings-cors-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/settings-cors-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 720 });

    // Delete asks first: cancelling keeps the origin.
    await row.getByRole('button', { name: `Delete origin ${origin}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this origin?' });
    await expect(confirm).toContainText(origin);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Delete origin ${origin}` }).click();
    await confirm.getByRole('button', { name: 'Delete origin' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Origin deleted successfully' })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New origin' })).toBeFocused();
    await expect.poll(() => preflight(request, origin), { timeout: 15_000 }).toBeUndefined();
  } finally {
    await removeOrigins(request, token, origin);
  }
});

/** Issue 13, offline: an origin added without a network waits, marked, survives a reload, and is allowed once it is sent. */
test('an origin added offline is marked as waiting, survives a reload and is allowed once the network returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const origin = `https://offline-${Date.now()}.example`;
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=cors');
    await waitForOfflineReady(page);
    await expect(page.getByTestId('cors-global-origins')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    const offlineNote = page.getByText('Global origins are shown when you are online.');
    await expect(offlineNote).toBeVisible();
    // A reply already on its way when the network went can say online for a moment (the sync status then corrects
    // itself at the next failed request); the save below must run once the status has settled as offline.
    await page.waitForTimeout(2_000);
    await expect(offlineNote).toBeVisible();
    await page.getByRole('button', { name: 'New origin' }).click();
    const dialog = page.getByRole('dialog', { name: 'New CORS origin' });
    await dialog.getByLabel('Origin URL').fill(origin);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    const row = page.getByTestId('cors-origins').locator(`[data-origin="${origin}"]`);
    await expect(row.getByText('Waiting to be sent')).toBeVisible();
    expect(await preflight(request, origin)).toBeUndefined();

    await page.reload();
    await expect(row).toBeVisible({ timeout: 30_000 });

    await context.setOffline(false);
    await expect.poll(() => preflight(request, origin), { timeout: 30_000 }).toBe(origin);
    await expect(row.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 15_000 });
  } finally {
    await context.setOffline(false);
    await removeOrigins(request, token, origin);
  }
});
