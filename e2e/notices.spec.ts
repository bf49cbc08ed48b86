import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

/** Records every notice the page shows, as "notice number | text", so a journey can tell how often one came. */
async function recordNotices(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    let count = 0;
    const scan = () =>
      document.querySelectorAll<HTMLElement>('[data-kind][role]').forEach((notice) => {
        notice.dataset.noticeNumber ??= String((count += 1));
        seen.add(`${notice.dataset.noticeNumber}|${notice.innerText.replace(/\s+/g, ' ').trim()}`);
      });
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
    (window as unknown as { noticesSeen: () => string[] }).noticesSeen = () => [...seen];
  });
}

/** Gives the claimed ticket back, so the journeys after this one find the demo inbox as seeded. */
async function releaseAgain(row: Locator): Promise<void> {
  // Within a second of the claim the row's buttons ignore a press (part 1 §9 button guard): press again after it.
  await expect(async () => {
    if (!(await row.innerText()).includes('Waiting for operator')) await row.getByRole('button', { name: 'Unclaim' }).click({ timeout: 2_000 });
    await expect(row).toContainText('Waiting for operator', { timeout: 1_500 });
  }).toPass({ timeout: 15_000 });
  await expect(row.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });
}

const noticesSeen = (page: Page) => page.evaluate(() => (window as unknown as { noticesSeen: () => string[] }).noticesSeen());
const noticesWith = async (page: Page, text: string) => (await noticesSeen(page)).filter((entry) => entry.split('|')[1]!.includes(text));

/** Issue 12: notices that inform and go away; a queued change says so and is confirmed once the server has it. */
test.describe('notices', () => {
  test.setTimeout(150_000);

  test('an offline claim says it is queued, and "Ticket Assigned" comes once, after reconnecting', async ({ page, context }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);
    await recordNotices(page);

    await context.setOffline(true);
    await row.getByRole('button', { name: 'Claim' }).click();
    await expect(row).toContainText(AGENT.name);
    const queued = page.getByRole('status').filter({ hasText: 'Claim saved, it will be sent when you are back online' });
    await expect(queued).toBeVisible();
    // Part 1 §9: an info notice leaves after 3 s; nothing says "assigned" while only queued.
    await expect(queued).toHaveCount(0, { timeout: 4_500 });
    await page.waitForTimeout(1_000);
    expect(await noticesWith(page, 'Ticket Assigned')).toEqual([]);
    await expect(row.getByTestId('pending-mark')).toBeVisible();

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: 'Ticket Assigned' })).toBeVisible({ timeout: 60_000 });
    await expect(row.getByTestId('pending-mark')).toHaveCount(0);
    await page.waitForTimeout(4_000);
    const assigned = await noticesWith(page, 'Ticket Assigned');
    expect(assigned.map((entry) => entry.split('|')[0])).toHaveLength(1);
    expect(assigned.join()).not.toContain('×');
    expect(await noticesWith(page, 'Claim saved')).toHaveLength(1);
    await releaseAgain(row);
  });

  test('a double click on Claim claims once: the Unclaim that takes its place ignores the second click', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);
    await row.getByRole('button', { name: 'Claim' }).dblclick();
    await expect(row).toContainText(AGENT.name);
    await expect(row.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });
    await page.waitForTimeout(1_500);
    await expect(row).toContainText(AGENT.name);
    await expect(row.getByRole('button', { name: 'Unclaim' })).toBeVisible();
    await releaseAgain(row);
  });

  test('an online claim is confirmed without a queued notice; repeated notices merge; a notice can be dismissed', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);
    await recordNotices(page);
    await row.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket Assigned' })).toBeVisible({ timeout: 15_000 });
    expect(await noticesWith(page, 'Claim saved')).toEqual([]);

    for (let i = 0; i < 4; i += 1) await inbox.refreshButton.click();
    const refreshed = page.getByRole('status').filter({ hasText: 'Tickets refreshed!' });
    await expect(refreshed).toHaveCount(1);
    await expect(refreshed.getByTestId('toast-count')).toHaveText('×4');
    expect(await page.locator('[data-kind][role]').count()).toBeLessThanOrEqual(2);
    await refreshed.getByRole('button', { name: 'Dismiss' }).click();
    await expect(refreshed).toHaveCount(0);
    await releaseAgain(row);
  });
});
