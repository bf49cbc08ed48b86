import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { countPointerPresses, expectVisibleFocus, focusState, pointerPresses, tabUntil } from './pages/keyboard.ts';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

const focusedText = (page: import('@playwright/test').Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

/** Issue 12: the agent's day with the keyboard alone, and the shortcuts' manners. */
test.describe('keyboard first', () => {
  test.setTimeout(150_000);

  test('keyboard only: sign in, j to a ticket, c claims, Enter opens, n adds a note, save, back — focus visible at each step', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await countPointerPresses(page);
    const shell = new ShellPage(page);
    const inbox = new InboxPage(page);
    await page.goto('/');

    await tabUntil(page, async () => (await page.evaluate(() => document.activeElement?.getAttribute('name'))) === 'username');
    await expectVisibleFocus(page, 'username');
    await page.keyboard.type(AGENT.username);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page, 'password');
    await page.keyboard.type(AGENT.password);
    await page.keyboard.press('Enter');
    await expect(shell.userBadge).toContainText(AGENT.name);

    // The skip link is the first stop and lands in the screen.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await expectVisibleFocus(page, 'skip link');

    const inboxLink = shell.menuLink(/^Inbox/);
    await tabUntil(page, () => inboxLink.evaluate((link) => link === document.activeElement));
    await expectVisibleFocus(page, 'Inbox link');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(inbox.rows().first()).toBeVisible({ timeout: 30_000 });

    // The figure of the issue (29–32 before): Tabs from the Inbox link to the first Claim.
    const tabs = await tabUntil(page, async () => (await focusedText(page)) === 'Claim', 80);
    test.info().annotations.push({ type: 'tabs from the Inbox link to the first Claim', description: String(tabs) });

    // j moves between tickets until an unclaimed one; focus sits on its Case ID link.
    await page.keyboard.press('j');
    let presses = 1;
    for (; presses < 40; presses += 1) {
      const row = inbox.rows().filter({ has: page.locator('a:focus') });
      if ((await row.textContent())?.includes('Waiting for operator') === true) break;
      await page.keyboard.press('j');
    }
    await expectVisibleFocus(page, 'j');
    const caseId = (await focusedText(page)).split(/\s/)[0]!;
    test.info().annotations.push({ type: 'keys from the inbox to the claim', description: `${presses} × j, then c` });

    await page.keyboard.press('c');
    await expect(inbox.row(caseId)).toContainText(AGENT.name);
    await expect(inbox.link(caseId)).toBeFocused();
    await expectVisibleFocus(page, 'after c');

    await page.keyboard.press('Enter');
    await expect(inbox.title).toHaveText(`Ticket ${caseId}`);
    await expect(inbox.title).toBeFocused();
    await expectVisibleFocus(page, 'ticket heading');
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });

    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expectVisibleFocus(page, 'note title');
    await page.keyboard.type('Called by keyboard');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Description')).toBeFocused();
    await page.keyboard.type('No mouse was used.');
    await tabUntil(page, () => dialog.getByRole('button', { name: 'Save note' }).evaluate((button) => button === document.activeElement), 5);
    await expectVisibleFocus(page, 'Save note');
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Title')).toBeHidden();
    await expect(inbox.notes).toContainText('Called by keyboard');
    await expect(inbox.title).toBeFocused();

    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeFocused();
    await expectVisibleFocus(page, 'Back');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(inbox.link(caseId)).toBeFocused();
    await expectVisibleFocus(page, 'back in the inbox');


    // Open it again and solve it (the shared demo inbox then holds no ticket with this journey's note).
    await page.keyboard.press('Enter');
    await expect(inbox.title).toBeFocused();
    const solve = page.getByRole('button', { name: 'Solve', exact: true });
    await tabUntil(page, () => solve.evaluate((button) => button === document.activeElement), 5);
    await expectVisibleFocus(page, 'Solve');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/tickets(\?|$)/);
    await expect(inbox.row(caseId)).toHaveCount(0, { timeout: 15_000 });
    expect(await pointerPresses(page)).toBe(0);
  });

  test('shortcuts wait while typing; / searches, ? lists them, c and u claim and give back; Escape on a typed note asks first', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await expect(inbox.rows().first()).toBeVisible({ timeout: 30_000 });

    await page.keyboard.press('/');
    await expect(inbox.search).toBeFocused();
    await page.keyboard.type('j?c');
    await expect(inbox.search).toHaveValue('j?c');
    expect((await focusState(page)).element).toContain('input');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await inbox.search.fill('');
    // Out of the field, the keys are shortcuts again.
    await page.keyboard.press('Tab');
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(help.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(help.getByTestId('shortcut-list')).toContainText('Claim the ticket');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);

    const caseId = await inbox.firstUnassignedCaseId();
    await inbox.link(caseId).focus();
    // c claims and u gives it back; focus stays on the ticket.
    await page.keyboard.press('c');
    await expect(inbox.row(caseId)).toContainText(AGENT.name);
    await page.keyboard.press('u');
    await expect(inbox.row(caseId)).toContainText('Waiting for operator');
    await expect(inbox.link(caseId)).toBeFocused();
    await expect(inbox.row(caseId).getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });

    await page.keyboard.press('n');
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await expect(dialog).toContainText(caseId);
    // Nothing typed: Escape just closes.
    await page.keyboard.press('Escape');
    await expect(dialog.getByLabel('Title')).toBeHidden();
    await expect(inbox.link(caseId)).toBeFocused();

    await page.keyboard.press('n');
    await page.keyboard.type('Half a thought');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('dialog', { name: 'Discard this note?' });
    await expect(discard.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByLabel('Title')).toHaveValue('Half a thought');
    await page.keyboard.press('Escape');
    await discard.getByRole('button', { name: 'Discard note' }).click();
    await expect(dialog.getByLabel('Title')).toBeHidden();
  });
});
