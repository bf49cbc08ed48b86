import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

// The team filter's listbox and each row's reassign menu are loaded when first pressed (src/ui/useDeferredWidget.ts):
// until then a plain button stands in. These journeys press the stand-ins as a user would, by keyboard and pointer.
test.describe('the inbox widgets loaded on first use', () => {
  test('the team filter reads the same before it loads, opens on the first Enter, filters, and gives focus back', async ({ page }) => {
    const fetchedByPage: string[] = [];
    page.on('request', (request) => fetchedByPage.push(new URL(request.url()).pathname));
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();

    const filter = page.getByTestId('team-filter');
    await expect(filter).toHaveAccessibleName('Teams All teams');
    await expect(filter).toHaveAttribute('aria-haspopup', 'listbox');
    await expect(filter).toHaveAttribute('aria-expanded', 'false');
    // Nothing has asked for the listbox's code yet (the service worker's idle prefetch is not the page's request).
    expect(fetchedByPage.filter((path) => /\/assets\/TeamFilterListbox-/.test(path))).toEqual([]);

    await filter.focus();
    await page.keyboard.press('Enter');
    // The options' list is named by the button's text (Headless UI), which changes with the choice.
    const listbox = page.getByRole('listbox');
    await expect(listbox).toBeVisible();
    await expect(filter).toHaveAttribute('aria-expanded', 'true');
    const claims = listbox.getByRole('option', { name: /Claims Desk$/ });
    await claims.click();
    await expect(claims).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/teams=.*team-demo-claims/);
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(filter).toBeFocused();
    await expect(filter).toHaveAccessibleName('Teams Claims Desk');

    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect(filter).toHaveAccessibleName('Teams All teams');
  });

  test('a row’s Reassign opens its menu on the first click, and Escape gives focus back to it', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);

    const reassign = row.getByRole('button', { name: `Reassign ${caseId} to another team` });
    await expect(reassign).toHaveAttribute('aria-haspopup', 'menu');
    await reassign.click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(row.getByRole('button', { name: `Reassign ${caseId} to another team` })).toBeFocused();

    // Loaded now: the next press opens the real menu at once, by keyboard too.
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('a case-type badge narrows the list to its tickets and keeps every badge’s count; a second press undoes it', async ({ page }) => {
    // An administrator: an agent with only the inbox receives no cases (server/sync/visibilityRules.ts), so no types.
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    // The tickets the list holds, as its light counts (On time, Warning, Running late) add them up.
    const listed = async () => {
      const counts = await page.getByRole('tabpanel').getByTestId('light-counts').first().locator('[data-light]').allTextContents();
      return counts.reduce((sum, text) => sum + Number(/\d+$/.exec(text.trim())?.[0] ?? NaN), 0);
    };
    const badges = page.getByTestId('badges-cases').getByRole('button');
    await expect(badges.first()).toBeVisible();
    const counts = async () => (await badges.allTextContents()).map((text) => Number(/\d+$/.exec(text.trim())?.[0] ?? NaN));
    const before = await counts();
    const all = await listed();
    expect(before.reduce((sum, n) => sum + n, 0)).toBeLessThanOrEqual(all);

    const badge = badges.last();
    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'true');
    await expect(page).toHaveURL(/[?&]caseType=/);
    await expect.poll(listed).toBe(before.at(-1));
    expect(await counts()).toEqual(before);

    await badge.click();
    await expect(badge).toHaveAttribute('aria-pressed', 'false');
    await expect(page).not.toHaveURL(/[?&]caseType=/);
    await expect.poll(listed).toBe(all);
  });
});
