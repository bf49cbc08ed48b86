import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, saveAccountLanguage } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/** Issue 12: the inbox's place is kept in its URL; tickets are real links; the tab title names what is shown. */
test.describe('places are kept', () => {
  test.setTimeout(120_000);

  /** A team list of the shown tab that has a second page, and its Next page button. */
  async function listWithTwoPages(page: Page) {
    const enabledNext = page.getByRole('button', { name: 'Next page', disabled: false });
    const section = page.getByRole('tabpanel').locator('[data-section="ticket"]').filter({ has: enabledNext }).first();
    await expect(section).toBeVisible({ timeout: 30_000 });
    const team = (await section.locator('button[aria-expanded]').first().textContent())?.trim() ?? '';
    const list = page.getByRole('tabpanel').locator('[data-section="ticket"]').filter({ has: page.getByRole('button', { name: team, exact: true }) });
    return { next: list.getByRole('button', { name: 'Next page' }), list };
  }

  test('Back after opening a ticket from page 2 of the Manager tab with a search returns to exactly that view', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.tab('Manager').click();
    await expect(page).toHaveURL(/[?&]tab=manager/);
    await inbox.search.fill('case-demo');
    await expect(page).toHaveURL(/[?&]q=case-demo/, { timeout: 5_000 });
    const { next, list } = await listWithTwoPages(page);
    await next.click();
    await expect(list.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await expect(page).toHaveURL(/[?&]page=/);
    const view = page.url();
    const secondPageCases = await list.getByTestId('ticket-case-id').allTextContents();
    const opened = secondPageCases[0]!.trim();

    // The browser's Back.
    await inbox.link(opened).click();
    await expect(inbox.title).toHaveText(`Ticket ${opened}`);
    await page.goBack();
    await expect(page).toHaveURL(view);
    await expect(inbox.tab('Manager')).toHaveAttribute('aria-selected', 'true');
    await expect(inbox.search).toHaveValue('case-demo');
    await expect(list.getByText(/^Page 2 of \d+$/)).toBeVisible();
    expect(await list.getByTestId('ticket-case-id').allTextContents()).toEqual(secondPageCases);
    // Focus is back on the ticket that was opened.
    await expect(inbox.link(opened)).toBeFocused();

    // The console's own Back does the same.
    await inbox.link(opened).click();
    await expect(inbox.title).toHaveText(`Ticket ${opened}`);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL(view);
    await expect(list.getByText(/^Page 2 of \d+$/)).toBeVisible();

    // A reload, and the link opened elsewhere, show the same view.
    await page.reload();
    await expect(inbox.tab('Manager')).toHaveAttribute('aria-selected', 'true');
    await expect(inbox.search).toHaveValue('case-demo');
    await expect(list.getByText(/^Page 2 of \d+$/)).toBeVisible({ timeout: 30_000 });
    const shared = await page.context().newPage();
    await shared.goto(view);
    await expect(new InboxPage(shared).tab('Manager')).toHaveAttribute('aria-selected', 'true');
    await expect(shared.getByRole('tabpanel').getByText(/^Page 2 of \d+$/).first()).toBeVisible({ timeout: 30_000 });
    await shared.close();

    // Page 1 is one Back further: choosing a page added a history entry.
    await page.goBack();
    await expect(list.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test('a middle-clicked or Ctrl-clicked ticket opens in a second tab; a plain click opens it here', async ({ page, context }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = (await inbox.rows().first().getByTestId('ticket-case-id').textContent())?.trim() ?? '';
    const link = inbox.link(caseId);
    await expect(link).toHaveAttribute('href', /^\/tickets\/tkt-/);

    for (const click of [() => link.click({ button: 'middle' }), () => link.click({ modifiers: ['ControlOrMeta'] })]) {
      const [second] = await Promise.all([context.waitForEvent('page'), click()]);
      await second.waitForLoadState();
      await expect(second).toHaveURL(/\/tickets\/tkt-/);
      await expect(second.locator('#screen-title')).toHaveText(`Ticket ${caseId}`, { timeout: 30_000 });
      await second.close();
      await expect(page).toHaveURL(/\/tickets$/);
    }
    await link.click();
    await expect(inbox.title).toHaveText(`Ticket ${caseId}`);
    expect(context.pages()).toHaveLength(1);
  });

  test('the tab title names the screen and the ticket, in English and in Spanish', async ({ page, request }) => {
    const token = await apiToken(request, AGENT);
    try {
      await new ShellPage(page).signInAs(AGENT);
      await expect(page).toHaveTitle('Dashboard · Workflow Console');
      const inbox = new InboxPage(page);
      await inbox.goto();
      await expect(page).toHaveTitle('Inbox · Workflow Console');
      const caseId = (await inbox.rows().first().getByTestId('ticket-case-id').textContent())?.trim() ?? '';
      await inbox.link(caseId).click();
      await expect(page).toHaveTitle(`${caseId} · Inbox · Workflow Console`);
      await expect(inbox.title).toHaveText(`Ticket ${caseId}`);

      await page.getByRole('button', { name: 'Language' }).click();
      await page.getByRole('menuitem', { name: 'Español' }).click();
      await expect(page).toHaveTitle(`${caseId} · Bandeja · Consola de flujos`);
      await expect(inbox.title).toHaveText(`Ticket ${caseId}`);
      await page.getByRole('button', { name: 'Volver', exact: true }).click();
      await expect(page).toHaveTitle('Bandeja · Consola de flujos');
      await expect(page.getByRole('tabpanel').getByRole('table')).toHaveAccessibleName('Tus tickets');
    } finally {
      await page.close();
      await saveAccountLanguage(request, token, 'en');
    }
  });
});
