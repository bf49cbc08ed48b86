import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { latestMail, linkIn } from './pages/mailDrop.ts';
import { apiToken, deleteMemberByApi, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const ROSA = { name: 'Rosa Díaz', email: 'rosa.diaz@demo.local', password: 'Rosa#2026x', phone: '+52 55 1234 5678' };
/** Where the journey's screenshots go (SHOTS_DIR to keep them elsewhere). */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/accounts';

async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/** Rosa's account and member record as the server holds them (an administrator's pull). */
async function rosaOnServer(request: APIRequestContext, token: string) {
  const docs = await pullAll(request, token, 'config');
  const user = docs.find((d) => d.kind === 'user' && d.email === ROSA.email && !d.deleted);
  const member = docs.find((d) => d.kind === 'member' && d.email === ROSA.email && !d.deleted);
  const teams = member ? docs.filter((d) => d.kind === 'teamMember' && d.memberId === member.id && !d.deleted).map((d) => String(d.teamId)) : [];
  return { user, member, teams };
}

/**
 * Issue 13, Accounts — the done-when journey: the administrator creates Rosa Díaz (NORMAL, Tickets and Cases, team
 * Claims Desk); the set-password mail's link lets Rosa choose her password in another browser and sign in; she sees
 * only Inbox, Cases, WhatsApp and Settings and /apps sends her to /401; the administrator makes her Inactive, and
 * within one sync her open session is signed out with the reason, and signing in again is refused with it.
 */
test('an administrator creates an account, its owner sets a password from the mail and signs in, and deactivation signs them out', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await mkdir(SHOTS, { recursive: true });
  const adminToken = await apiToken(request, ADMIN);
  const rosaContext = await browser.newContext();
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=accounts');
    const list = page.getByTestId('users-list');
    await expect(list.locator('[data-user-id="usr-demo-admin"]')).toContainText('Yourself', { timeout: 30_000 });
    await expect(list.locator('[data-user-id="usr-demo-inactive"] [data-status="inactive"]')).toHaveText('Inactive');
    await expect(list.locator('[data-user-id="usr-demo-expired"] [data-status="expired"]')).toHaveText('Expired');

    await page.getByRole('button', { name: 'New user' }).click();
    const form = page.getByRole('dialog', { name: 'New user' });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('This field is required.')).toBeVisible();
    await expect(form.getByText('This field is required', { exact: true })).toHaveCount(4);
    await form.getByLabel('Name', { exact: true }).fill(ROSA.name);
    await form.getByLabel('E-mail', { exact: true }).fill('rosa.diaz@');
    await form.getByLabel('Phone', { exact: true }).fill(ROSA.phone);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Please input a well formatted email')).toBeVisible();
    await form.getByLabel('E-mail', { exact: true }).fill(ROSA.email);
    await expect(form.getByLabel('Username', { exact: true })).toHaveValue(ROSA.email);
    await form.getByTestId('user-modules').getByLabel('Tickets').check();
    await form.getByTestId('user-modules').getByLabel('Cases').check();
    await form.getByTestId('user-teams').getByLabel('Claims Desk').check();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/accounts-form-1280.png` });
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User created successfully' })).toBeVisible();
    const detail = page.getByTestId('user-detail');
    await expect(detail.getByRole('heading', { name: ROSA.name })).toBeVisible();
    await expect(detail).toContainText('Cases, Tickets');
    await expect(detail).toContainText('Claims Desk');
    await expect.poll(async () => (await rosaOnServer(request, adminToken)).teams, { timeout: 30_000 }).toEqual(['team-demo-claims']);
    const rosaId = String((await rosaOnServer(request, adminToken)).user?.id);

    // The set-password mail: its link, opened in Rosa's own browser.
    await expect.poll(async () => (await latestMail(ROSA.email, 'Your account: choose a password'))?.body ?? '', { timeout: 15_000 }).toContain('/update?token=');
    const mail = (await latestMail(ROSA.email, 'Your account: choose a password'))!;
    expect(mail.body).toContain('valid for 72 hours');
    const rosa = await rosaContext.newPage();
    await rosa.goto(linkIn(mail.body));
    await rosa.getByLabel('Email').fill(ROSA.email);
    await rosa.getByLabel('New password', { exact: true }).fill(ROSA.password);
    await rosa.getByLabel('Confirm new password', { exact: true }).fill(ROSA.password);
    await rosa.getByRole('button', { name: 'Update password' }).click();
    await expect(rosa.getByText('Your password was updated.')).toBeVisible();

    const rosaShell = new ShellPage(rosa);
    await rosaShell.signInAs({ username: ROSA.email, password: ROSA.password, name: ROSA.name });
    expect(await rosaShell.menuNames()).toEqual(['Cases', 'Inbox', 'WhatsApp', 'Settings']);
    await rosa.goto('/apps');
    await expect(rosa).toHaveURL(/\/401$/);
    await rosa.goto('/tickets');
    await expect(rosaShell.screenTitle).toHaveText('Inbox');

    // Screenshots of the Accounts tab with Rosa selected, then Escape clears the selection.
    await page.screenshot({ path: `${SHOTS}/accounts-1280.png`, fullPage: true });
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(page).not.toHaveURL(/user=/);

    // The administrator makes Rosa Inactive.
    await list.locator(`[data-user-id="${rosaId}"] a`).click();
    await page.getByRole('button', { name: `Actions for ${ROSA.name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const edit = page.getByRole('dialog', { name: `Edit user ${ROSA.name}` });
    await expect(edit.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
    await edit.getByRole('button', { name: /^Status/ }).click();
    await page.getByRole('option', { name: 'Inactive' }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User updated successfully' })).toBeVisible();
    await expect(list.locator(`[data-user-id="${rosaId}"] [data-status="inactive"]`)).toBeVisible();

    // Within one sync Rosa's open console signs her out and says why; signing in again is refused with it.
    const reason = 'Your account is inactive. Please contact your administrator.';
    await expect(new LoginPage(rosa).heading).toBeVisible({ timeout: 30_000 });
    await expect(rosa.getByRole('alert').filter({ hasText: reason })).toBeVisible();
    await new LoginPage(rosa).signIn(ROSA.email, ROSA.password);
    await expect(rosa.getByRole('region', { name: 'Enter your credentials' }).getByRole('alert')).toHaveText(reason);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/accounts-detail-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(list).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/accounts-list-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete: the confirmation speaks Spanish (and English in an English console).
    await list.locator(`[data-user-id="${rosaId}"] a`).click();
    await page.getByRole('button', { name: `Actions for ${ROSA.name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete user' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete user ${ROSA.name}` });
    await expect(confirm.locator('[lang="es"]')).toHaveText(`¿Está seguro de que desea eliminar el usuario ${ROSA.name}? Esta acción no se puede deshacer.`);
    await page.screenshot({ path: `${SHOTS}/accounts-delete-1280.png` });
    await confirm.getByRole('button', { name: 'Delete user' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'User deleted successfully' })).toBeVisible();
    await expect(list.locator(`[data-user-id="${rosaId}"]`)).toHaveCount(0);
    await expect.poll(async () => (await rosaOnServer(request, adminToken)).user, { timeout: 30_000 }).toBeUndefined();
  } finally {
    await rosaContext.close();
    const left = await rosaOnServer(request, adminToken);
    if (left.user) await request.delete(`/users/${String(left.user.id)}`, { headers: { authorization: `Bearer ${adminToken}` } });
    if (left.member) await deleteMemberByApi(request, adminToken, String(left.member.id));
  }
});

/**
 * Offline: the administrator edits an account (phone, modules) with no network; the change waits on the device
 * marked 'Waiting to be sent', survives a reload, and reaches the server once when the network returns. The Escape key
 * hands the focus back to the user's row.
 */
test('an account edited offline is kept on the device and reaches the server when the network returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, ADMIN);
  const iris = async () => (await pullAll(request, adminToken, 'config')).find((d) => d.id === 'usr-demo-inactive');
  const before = await iris();
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=accounts&user=usr-demo-inactive');
    await waitForOfflineReady(page);
    const detail = page.getByTestId('user-detail');
    await expect(detail.getByRole('heading', { name: 'Iris Inactive' })).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Actions for Iris Inactive' }).click();
    await page.getByRole('menuitem', { name: 'Edit user' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit user Iris Inactive' });
    await edit.getByLabel('Phone', { exact: true }).fill('555 0142');
    await edit.getByTestId('user-modules').getByLabel('Cases').check();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/accounts-form-390.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    const row = page.getByTestId('users-list').locator('[data-user-id="usr-demo-inactive"]');
    await expect(row).toContainText('Waiting to be sent');
    await page.reload();
    await expect(detail).toContainText('555 0142', { timeout: 30_000 });
    await expect(detail).toContainText('Cases');

    await context.setOffline(false);
    await expect.poll(async () => (await iris())?.phone, { timeout: 30_000 }).toBe('555 0142');
    await expect(row).not.toContainText('Waiting to be sent', { timeout: 30_000 });
    await detail.getByRole('heading', { name: 'Iris Inactive' }).click();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row.getByRole('link')).toBeFocused();
  } finally {
    await context.setOffline(false);
    if (before) {
      await request.patch('/users/usr-demo-inactive', {
        headers: { authorization: `Bearer ${adminToken}` },
        data: { phone: before.phone ?? '000', enabledModules: (before.enabledModules as Array<{ id: string }>).map((m) => m.id) },
      });
    }
  }
});
