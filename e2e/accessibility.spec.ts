import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/** Every axe violation, whatever its impact (issue 12: none of any impact on the ticket screens). */
async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((violation) => `${violation.impact}: ${violation.id}: ${violation.help} (${violation.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

test.describe('accessibility (axe, every impact)', () => {
  test.setTimeout(120_000);

  test('the login page has no violation', async ({ page }) => {
    await new LoginPage(page).goto();
    expect(await violations(page)).toEqual([]);
  });

  test('the shell and its sync panel have no violation', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    expect(await violations(page)).toEqual([]);
    await shell.syncIndicator.click();
    await expect(page.getByRole('heading', { name: 'Changes waiting to sync' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('settings: the teams tab, the team form, the member form and its delete confirmation, and the profile have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await expect(page.locator('[data-team-id="team-demo-claims"]')).toBeVisible({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit team Claims Desk' }).click();
    await expect(page.getByRole('heading', { name: 'Edit team Claims Desk' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit member Sam Patel' }).click();
    await expect(page.getByRole('heading', { name: 'Edit member Sam Patel' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit member Sam Patel' }).getByLabel('E-mail').fill('not an address');
    await page.getByRole('dialog', { name: 'Edit member Sam Patel' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please input a well formatted email')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete member Sam Patel' }).click();
    await expect(page.getByRole('heading', { name: 'Delete member Sam Patel' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Your profile' }).click();
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('settings: the CORS Origins tab, its origin form with a validation message and the delete confirmation have no violation', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const created = await request.post('/cors-origins', { headers: { authorization: `Bearer ${token}` }, data: { origin: 'https://axe-check.example', description: 'Accessibility check' } });
    const id = ((await created.json()) as { _id: string })._id;
    try {
      await new ShellPage(page).signInAs(ADMIN);
      await page.goto('/admin-info?tab=cors');
      await expect(page.locator('[data-origin="https://axe-check.example"]')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('cors-global-origins')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New origin' }).click();
      await page.getByRole('dialog', { name: 'New CORS origin' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Origin URL is required')).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete origin https://axe-check.example' }).click();
      await expect(page.getByRole('heading', { name: 'Delete this origin?' })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await request.delete(`/cors-origins/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });

  test('the inbox, its shortcut dialog, the ticket form, the ticket detail and its note dialog have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.firstUnassignedCaseId();
    expect(await violations(page)).toEqual([]);
    for (const tab of ['Manager', 'External'] as const) {
      await inbox.tab(tab).click();
      await expect(inbox.tab(tab)).toHaveAttribute('aria-selected', 'true');
      expect(await violations(page), tab).toEqual([]);
    }
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'New ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'New ticket' }).getByRole('button', { name: 'Create Ticket' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tabpanel').getByTestId('ticket-case-id').first().click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
    await inbox.noteButton.click();
    await expect(page.getByRole('dialog', { name: 'New note' }).getByLabel('Title')).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test('the inbox and the ticket detail on a phone have no violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.firstUnassignedCaseId();
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tabpanel').getByTestId('ticket-case-id').first().click();
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    expect(await violations(page)).toEqual([]);
  });
});
