import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
}

test.describe('accessibility (axe)', () => {
  test('the login page has no serious or critical violation', async ({ page }) => {
    await new LoginPage(page).goto();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shell has no serious or critical violation', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the inbox, the ticket detail and the ticket form have no serious or critical violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'New ticket' }).getByRole('button', { name: 'Create Ticket' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tabpanel').getByTestId('ticket-case-id').first().click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);
  });
});
