import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/**
 * Issue 14: the apps list, the App creation form, App edit and the event form at a desktop and a phone width —
 * each fits without sideways scrolling and names the browser tab; the screenshots are for looking at.
 */
test('the apps screens and their forms fit at 1,280 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  await new ShellPage(page).signInAs(ADMIN);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await page.goto('/apps');
    await expect(page.locator('li[data-app-id="app-demo-claims"]')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Apps · Workflow Console');
    await expectNoSidewaysScroll(page, `/apps at ${width} px`);
    await page.screenshot({ path: shotPath(`apps-list-${width}`), fullPage: true });

    await page.getByRole('button', { name: 'New App' }).click();
    const create = page.getByRole('dialog', { name: 'New App' });
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(create.getByText('Name is required')).toBeVisible();
    await expectNoSidewaysScroll(page, `New App at ${width} px`);
    await page.screenshot({ path: shotPath(`apps-create-${width}`) });
    await page.keyboard.press('Escape');

    await page.goto('/apps/edit?appId=app-demo-onboarding');
    await expect(page.getByRole('heading', { level: 1, name: 'Customer Onboarding' })).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle('Customer Onboarding · Apps · Workflow Console');
    await expect(page.getByText('Event-SignUp', { exact: true }).locator('visible=true')).toBeVisible();
    await expectNoSidewaysScroll(page, `/apps/edit at ${width} px`);
    await page.screenshot({ path: shotPath(`apps-edit-${width}`), fullPage: true });
    // The shell's main area scrolls, not the page: its lower half (events, Danger Zone) is a second picture.
    await page.locator('#main-content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
    await page.screenshot({ path: shotPath(`apps-edit-lower-${width}`) });

    await page.getByRole('button', { name: 'Add event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Cron rule').fill('0 9 * * 1-5');
    await expect(form.getByTestId('fire-preview').getByRole('listitem')).toHaveCount(5);
    await form.getByLabel('Start this event with a webhook').check();
    await form.getByLabel('Passphrase').fill('a passphrase');
    await expectNoSidewaysScroll(page, `event form at ${width} px`);
    await page.screenshot({ path: shotPath(`apps-event-form-${width}`) });
    // Generating stores nothing until the event is saved; it shows the URL, the token (once) and the curl line.
    await form.getByRole('button', { name: 'Generate Token' }).click();
    await expect(form.getByTestId('webhook-curl')).toBeVisible();
    // The dialog's panel scrolls on its own: nothing in it may reach past its sides.
    const panel = form.locator('[id^="headlessui-dialog-panel"]');
    expect(await panel.evaluate((p) => p.scrollWidth - p.clientWidth), `event form panel at ${width} px`).toBeLessThanOrEqual(0);
    await panel.evaluate((p) => p.scrollTo(0, p.scrollHeight));
    await page.screenshot({ path: shotPath(`apps-event-form-webhook-${width}`) });
    await page.keyboard.press('Escape');
  }
});
