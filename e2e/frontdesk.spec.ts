import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const SEEDED = { formId: 'claims-intake', name: 'Claims intake desk', link: '/forms/claims-intake' };

/** The text a PNG data URL's QR code holds, decoded in the test with jsQR (null when no code is found). */
function decodeQr(dataUrl: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

const row = (page: Page, formId: string) => page.locator(`[data-form-id="${formId}"]:visible`);

test.describe('front desk forms list (part 2 §2)', () => {
  test.setTimeout(120_000);

  test('the seeded form is listed with its age; the QR decodes to its link; Copy link says so for 3 s; search lives in the URL', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/frontdesk');
    await expect(page.getByRole('heading', { name: 'Front desk forms', level: 1 })).toBeVisible();
    const seeded = row(page, SEEDED.formId);
    await expect(seeded).toBeVisible({ timeout: 30_000 });
    await expect(seeded).toContainText(SEEDED.name);
    await expect(seeded).toContainText('Insurance claim');
    // The age badge: days since the seed wrote it, with the full date on hover.
    await expect(seeded.locator('time')).toHaveText(/^\d+[smhd]$|^now$/);
    await expect(seeded.locator('[title^="Created: "]')).toHaveCount(1);
    await page.screenshot({ path: shotPath('frontdesk-list-1280'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);

    // Scan QR: the image is drawn on the device and decodes to the form's absolute link.
    const link = `${baseURL}${SEEDED.link}`;
    await seeded.getByRole('button', { name: `Scan QR of ${SEEDED.formId}` }).click();
    const qr = page.getByTestId('form-qr');
    await expect(qr).toBeVisible();
    expect(decodeQr((await qr.getAttribute('src')) ?? '')).toBe(link);
    await expect(page.getByRole('link', { name: 'Download QR' })).toHaveAttribute('download', `${SEEDED.formId}-qr.png`);
    await page.screenshot({ path: shotPath('frontdesk-qr'), fullPage: true });
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(qr).toHaveCount(0);

    // Copy link: the clipboard holds the link and 'Form URL copied!' shows for 3 s, then leaves.
    await seeded.getByRole('button', { name: `Copy link of ${SEEDED.formId}` }).click();
    const copied = page.getByRole('status').filter({ hasText: 'Form URL copied!' });
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const shownAt = Date.now();
    await expect(copied).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    // A row click opens the link in a new tab; so does the Form ID, a real link the keyboard reaches.
    const [kiosk] = await Promise.all([context.waitForEvent('page'), seeded.getByText(SEEDED.name).click()]);
    await kiosk.waitForLoadState('domcontentloaded');
    expect(kiosk.url()).toBe(link);
    await kiosk.close();
    await expect(seeded.getByRole('link', { name: SEEDED.formId })).toHaveAttribute('href', link);
    await expect(seeded.getByRole('link', { name: SEEDED.formId })).toHaveAttribute('target', '_blank');

    // Search by Form ID, kept in the URL through a reload; no match says the spec's empty text.
    await page.getByRole('searchbox', { name: 'Search by Form ID' }).fill('INTAKE');
    await expect(page).toHaveURL(/q=INTAKE/, { timeout: 5_000 });
    await page.reload();
    await expect(row(page, SEEDED.formId)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('searchbox', { name: 'Search by Form ID' }).fill('no-such-form');
    await expect(page.getByText('No frontdesk forms found.')).toBeVisible({ timeout: 5_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('searchbox', { name: 'Search by Form ID' }).fill('');
    await expect(row(page, SEEDED.formId)).toBeVisible({ timeout: 5_000 });
    await expectNoSidewaysScroll(page, 'front desk list at 390');
    await page.screenshot({ path: shotPath('frontdesk-list-390'), fullPage: true });
  });

  test('an agent without the FRONTDESK module has no menu entry, and the server sends them no form', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Batches' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Front desk' })).toHaveCount(0);
    // The spec gates only some modules' routes (part 2 §8: BUILDER, CASES); this one opens, with nothing in it.
    await page.goto('/frontdesk');
    await expect(page.getByText('No frontdesk forms found.')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'New form' })).toHaveCount(0);
  });

  test('the admin creates a form for Claims and edits it; the server holds both versions of it', async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/frontdesk');
    await expect(row(page, SEEDED.formId)).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New frontdesk form' });
    const create = dialog.getByRole('button', { name: 'Create' });
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Case Type').selectOption({ label: 'Insurance claim' });
    await dialog.getByLabel('Name').fill(`Lobby ${stamp}`);
    await dialog.getByLabel('Description').fill('Visitors at the lobby register a claim');
    await expect(create).toBeDisabled();
    await dialog.getByLabel('Template', { exact: true }).fill('<form><label>Your name <input name="customerName" required></label><button type="submit">Send</button></form>');
    await expect(create).toBeEnabled();
    await page.screenshot({ path: shotPath('frontdesk-editor-source'), fullPage: true });
    await create.click();
    await expect(page.getByRole('status').filter({ hasText: 'Form created!' })).toBeVisible();

    const token = await apiToken(request, ADMIN);
    const serverForm = async () => (await pullAll(request, token, 'config')).filter((doc) => doc.kind === 'frontdeskForm' && doc.name === `Lobby ${stamp}`).at(-1);
    await expect.poll(async () => (await serverForm())?.version, { timeout: 15_000 }).toBe(1);
    const formId = String((await serverForm())!.formId);
    expect((await serverForm())!.link).toBe(`/forms/${formId}`);
    await expect(row(page, formId)).toBeVisible();

    await row(page, formId).getByRole('button', { name: `Edit Form ${formId}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit frontdesk form' });
    await expect(edit.getByLabel('Form ID')).toHaveValue(formId);
    await expect(edit.getByLabel('Form ID')).toHaveAttribute('readonly', '');
    await edit.getByLabel('Template', { exact: true }).fill('<form><label>Your name <input name="customerName" required></label><label>Phone <input name="phone" type="tel"></label><button type="submit">Send</button></form>');
    await edit.getByLabel('Webhook notification').fill('https://hooks.example/lobby');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Form edited successfully!' })).toBeVisible();
    await expect.poll(async () => (await serverForm())?.version, { timeout: 15_000 }).toBe(2);
    expect((await serverForm())!.webhook).toBe('https://hooks.example/lobby');
  });

  test('a form made offline waits on the device through a reload, reaches the server once, and another browser sees it live', async ({ page, context, browser, request }) => {
    const stamp = Date.now().toString(36);
    const name = `Offline desk ${stamp}`;
    const token = await apiToken(request, ADMIN);
    const onServer = async () => (await pullAll(request, token, 'config')).filter((doc) => doc.kind === 'frontdeskForm' && doc.name === name);
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await new ShellPage(watcher).signInAs(ADMIN);
    await watcher.goto('/frontdesk');
    await expect(row(watcher, SEEDED.formId)).toBeVisible({ timeout: 30_000 });

    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/frontdesk');
    await expect(row(page, SEEDED.formId)).toBeVisible({ timeout: 30_000 });
    await waitForOfflineReady(page);
    // The screens' chunks (the form dialog among them) are on the device before the network goes.
    await expect(page.locator('html')).toHaveAttribute('data-route-chunks', 'cached', { timeout: 30_000 });
    // The offline note names the last finished sync: wait for the first one (the forms arrive before the whole
    // replica has, and going offline in between says 'not synced yet').
    await expect(page.getByText('Not synced yet')).toHaveCount(0, { timeout: 60_000 });
    await context.setOffline(true);
    try {
      await page.getByRole('button', { name: 'New form' }).click();
      const dialog = page.getByRole('dialog', { name: 'New frontdesk form' });
      await dialog.getByLabel('Case Type').selectOption({ label: 'Insurance claim' });
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Description').fill('Made while the network was down');
      await dialog.getByLabel('Template', { exact: true }).fill('<form><label>Your name <input name="customerName" required></label><button type="submit">Send</button></form>');
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when the network returns.' })).toBeVisible();
      const made = page.locator('[data-form-id]:visible').filter({ hasText: name });
      await expect(made).toContainText('Waiting to be sent');
      await expect(page.getByTestId('frontdesk-freshness')).toContainText('Offline: these are the forms as this device last synced them');
      await page.reload();
      // Still in the outbox after the reload. Whether the server has it yet is not asserted here: in 2 of 4 CI runs
      // a push of the reloaded page's new sync worker reached the server although the context was offline (the
      // trace shows the page's pushes failing), a race of the offline emulation with a worker started while offline.
      await expect(made).toContainText('Waiting to be sent', { timeout: 30_000 });
    } finally {
      await context.setOffline(false);
    }
    await expect.poll(async () => new Set((await onServer()).map((doc) => doc.id)).size, { timeout: 30_000 }).toBe(1);
    await expect(page.locator('[data-form-id]:visible').filter({ hasText: name })).not.toContainText('Waiting to be sent', { timeout: 30_000 });
    await expect(page.getByTestId('frontdesk-freshness')).toHaveCount(0);
    // The other browser is told by the live stream: no reload.
    await expect(watcher.locator('[data-form-id]:visible').filter({ hasText: name })).toBeVisible({ timeout: 30_000 });
    await other.close();
  });
});
