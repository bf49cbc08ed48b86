import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { ADMIN, AGENT, ShellPage, WORKSPACE_NAME } from './pages/ShellPage.ts';
import { accountLanguage, apiToken, saveAccountLanguage } from './pages/serverReads.ts';

const ADMIN_MENU = [
  'Dashboard',
  'Cases',
  'Inbox',
  'Front desk',
  'Batches',
  'Edit App',
  'Flow List',
  'Collections',
  'Builder',
  'WhatsApp',
  'Settings',
];

test.describe('shell and module access', () => {
  test('the demo admin signs in and sees every module, the workspace and their status', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(ADMIN);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await shell.menuNames()).toEqual(ADMIN_MENU);
    await expect(shell.workspaceName).toHaveText(WORKSPACE_NAME);
    await expect(shell.userBadge).toContainText('Active');
    await expect(shell.screenTitle).toHaveText('Dashboard');
    await expect(page.getByRole('heading', { level: 2, name: 'Case types and states' })).toBeVisible();
    await page.screenshot({ path: 'test-results/shell-admin.png' });

    await shell.syncIndicator.click();
    await expect(page.getByRole('heading', { name: 'Changes waiting to sync' })).toBeVisible();
    await page.screenshot({ path: 'test-results/shell-sync-panel.png' });
    await page.keyboard.press('Escape');

    await shell.menuLink(/^Cases/).click();
    await expect(page).toHaveURL(/\/cases$/);
    await expect(shell.screenTitle).toHaveText('Cases history');
  });

  test('the demo agent sees only their modules, and /cases without CASES lands on /401', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    expect(await shell.menuNames()).toEqual(['Dashboard', 'Inbox', 'Batches', 'WhatsApp', 'Settings']);

    await page.goto('/cases');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByRole('heading', { name: 'Page Not Authorized' })).toBeVisible();
    await page.getByRole('link', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/apps/edit');
    await expect(page).toHaveURL(/\/401$/);
    await page.goto('/builder/tpl-1/create');
    await expect(page).toHaveURL(/\/401$/);
  });

  test('a detail screen shows the back bar, which returns to its list and leaves the menu as the user set it', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    // An unknown ticket id now returns to the inbox ('Case not found'), so open a real one from the list.
    await page.goto('/tickets');
    const caseId = (await page.getByTestId('ticket-case-id').first().textContent())?.trim() ?? '';
    await page.getByTestId('ticket-case-id').first().click();
    await expect(shell.screenTitle).toHaveText(`Ticket ${caseId}`);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'false');

    // Folded by the user, the menu stays folded through a detail screen, its Back and a reload.
    await shell.menuToggle.click();
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'true');
    await page.getByTestId('ticket-case-id').first().click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'true');
    await page.reload();
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'true');
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'false');
  });

  test('an unknown path shows Page Not Found with Go Home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/dashboard');
  });

  test('private routes send a visitor without credentials to the login', async ({ page }) => {
    await page.goto('/tickets');
    await expect(page).toHaveURL(/\/$/);
    await expect(new LoginPage(page).heading).toBeVisible();
  });

  test('below 570 px the menu collapses into a drawer over the page, and the header shows the workspace initials', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await expect(shell.menu).toHaveAttribute('data-collapsed', 'false');
    await page.setViewportSize({ width: 400, height: 800 });
    await expect(shell.menu).toHaveCount(0);
    await expect(shell.workspaceName.locator('[aria-hidden="true"]')).toHaveText('De');
    const main = page.locator('#main-content');
    const mainWidth = (await main.boundingBox())?.width;

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.menuLink(/^Inbox/)).toBeVisible();
    // The drawer slides over the page: the page keeps its width underneath.
    expect((await main.boundingBox())?.width).toBe(mainWidth);
    await page.screenshot({ path: 'test-results/shell-mobile-drawer.png' });
    await shell.menuLink(/^Inbox/).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(shell.menu).toHaveCount(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.menuLink(/^Inbox/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(shell.menu).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });

  test('logout clears the credentials and the held account, and returns to the login', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(ADMIN);
    await shell.logoutButton.click();
    await expect(new LoginPage(page).heading).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('credentials'), localStorage.getItem('account')])).toEqual([null, null]);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('Spanish chosen as the language shows Spanish texts across the shell and survives a reload', async ({ page, request }) => {
    // The language is saved to the agent's account on the shared e2e server: whatever happens here, later journeys
    // must find the agent in English.
    const token = await apiToken(request, AGENT);
    try {
      await chooseSpanishThenEnglish(page, request, token);
    } finally {
      await page.close(); // nothing the page still queues may land after the reset below
      await saveAccountLanguage(request, token, 'en');
    }
  });
});

async function chooseSpanishThenEnglish(page: Page, request: APIRequestContext, token: string): Promise<void> {
  const shell = new ShellPage(page);
  await shell.signInAs(AGENT);
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Español' }).click();

  await expect(shell.screenTitle).toHaveText('Tablero');
  expect(await shell.menuNames()).toEqual(['Tablero', 'Bandeja', 'Lotes', 'WhatsApp', 'Configuración']);
  await expect(shell.userBadge).toContainText('Activo');
  await expect(page.getByRole('heading', { level: 2, name: 'Tipos y estados de caso' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await page.reload();
  await expect(shell.screenTitle).toHaveText('Tablero');
  await page.screenshot({ path: 'test-results/shell-spanish.png' });

  await expect.poll(() => accountLanguage(request, token, AGENT.username), { timeout: 15_000 }).toBe('es');

  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(shell.screenTitle).toHaveText('Dashboard');
  // The title changes before the choice is queued: wait for the server to hold it, not for the indicator.
  await expect.poll(() => accountLanguage(request, token, AGENT.username), { timeout: 15_000 }).toBe('en');
}
