import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { expectNoSidewaysScroll, shotPath, WIDTHS } from './pages/layout.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/** Issue 12: nothing scrolls sideways from 320 px up; below 900 px tickets are cards; on a phone the menu is a drawer. */
test.describe('the console on a phone, a tablet and a desktop', () => {
  test.setTimeout(180_000);

  test('the login page fits 320, 390, 820 and 1,280 px', async ({ page }) => {
    const login = new LoginPage(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await login.goto();
      await expectNoSidewaysScroll(page, `login at ${width}`);
      await page.screenshot({ path: shotPath(`login-${width}`) });
    }
  });

  test('every inbox tab and the ticket detail fit 320, 390, 820 and 1,280 px', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 900 ? 900 : 1000 });
      await inbox.goto();
      await inbox.firstUnassignedCaseId();
      // Part 2 §2: on a phone only Personal shows; from the tablet up the admin has Manager and External too.
      const tabs = width <= 570 ? (['Personal'] as const) : (['Personal', 'Manager', 'External'] as const);
      await expect(page.getByRole('tab')).toHaveCount(tabs.length);
      for (const tab of tabs) {
        await inbox.tab(tab).click();
        await expect(inbox.tab(tab)).toHaveAttribute('aria-selected', 'true');
        await expect(inbox.rows().first()).toBeVisible();
        // Cards below the tablet breakpoint (part 1 §9: 900 px), a table above it.
        await expect(page.getByRole('tabpanel').getByRole('table')).toHaveCount(width <= 900 ? 0 : await page.getByRole('tabpanel').getByRole('table').count());
        if (width <= 900) await expect(page.getByRole('tabpanel').getByTestId('ticket-cards').first()).toBeVisible();
        await expectNoSidewaysScroll(page, `${tab} tab at ${width}`);
        await page.screenshot({ path: shotPath(`inbox-${tab.toLowerCase()}-${width}`) });
      }
      await inbox.tab('Personal').click();
      await inbox.rows().first().getByTestId('ticket-case-id').click();
      await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, `ticket detail at ${width}`);
      await page.screenshot({ path: shotPath(`detail-${width}`) });
    }
  });

  test('at 390 px the agent claims, opens, adds a note and solves a ticket without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const card = await inbox.searchCase(caseId);
    await expectNoSidewaysScroll(page, 'inbox');

    await card.getByRole('button', { name: 'Claim' }).click();
    await expect(card).toContainText(AGENT.name);
    await expect(card.getByRole('button', { name: 'Unclaim' })).toBeVisible();
    await expectNoSidewaysScroll(page, 'after the claim');

    await inbox.link(caseId).click();
    await expect(inbox.title).toHaveText(`Ticket ${caseId}`);
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });
    await expectNoSidewaysScroll(page, 'ticket detail');

    await inbox.noteButton.click();
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await dialog.getByLabel('Title').fill('Visited on site');
    await dialog.getByLabel('Description').fill('Checked the damage with the customer.');
    await expectNoSidewaysScroll(page, 'note dialog');
    await page.screenshot({ path: shotPath('note-dialog-390') });
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog).toBeHidden();
    await expect(inbox.notes).toContainText('Visited on site');
    await expect(inbox.notes.getByRole('img', { name: AGENT.name })).toHaveText('NA');
    await expectNoSidewaysScroll(page, 'after the note');

    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets(\?|$)/);
    await expect(page.getByText('There are no more tickets in your inbox.')).toBeVisible({ timeout: 15_000 });
    await expectNoSidewaysScroll(page, 'back in the inbox');
  });

  test('on a phone the menu opens over the page and the rail gives the page its width back', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 700 });
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await expect(page.locator('#main-content')).toHaveJSProperty('clientWidth', 320);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(shell.menuLink(/^Inbox/)).toBeVisible();
    // The drawer has slid in all the way.
    await expect.poll(async () => (await shell.menu.boundingBox())?.x).toBe(0);
    await expectNoSidewaysScroll(page, 'menu drawer');
    await page.screenshot({ path: shotPath('menu-drawer-320') });
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(shell.menu).toHaveCount(0);
  });
});
