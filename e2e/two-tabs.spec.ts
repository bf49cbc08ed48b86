import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/**
 * Two tabs of one user share one replica; one tab's worker replicates (the RxDB leader). A change made in the other
 * tab is sent by the leader; when the leader's tab closes, the other tab takes over sending and the live stream.
 */
test.describe('two tabs of one user', () => {
  test.setTimeout(180_000);

  test('a claim in the second tab reaches the server; after the first tab closes the second sends and receives alone', async ({ page, context, request }) => {
    await new ShellPage(page).signInAs(AGENT);
    const first = new InboxPage(page);
    await first.goto();
    const [caseA, caseB] = await page
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: 'Waiting for operator' })
      .getByTestId('ticket-case-id')
      .allTextContents();
    expect(caseA && caseB, 'two unassigned tickets in the inbox').toBeTruthy();

    const second = await context.newPage();
    const secondInbox = new InboxPage(second);
    await secondInbox.goto();
    const rowA = await secondInbox.searchCase(caseA!);
    await rowA.getByRole('button', { name: 'Claim' }).click();
    await expect(rowA).toContainText(AGENT.name);
    // The first tab shows it too (same replica), and the server has it.
    await expect((await first.searchCase(caseA!))).toContainText(AGENT.name, { timeout: 30_000 });
    const token = await apiToken(request, ADMIN);
    const assigneeOf = async (caseId: string) => (await pullAll(request, token, 'tickets')).find((doc) => doc.caseId === caseId && doc.state === 'open')?.assigneeUserId ?? null;
    await expect.poll(() => assigneeOf(caseA!), { timeout: 30_000 }).not.toBeNull();

    await page.close();
    // The second tab now replicates: its own claim is sent...
    const rowB = await secondInbox.searchCase(caseB!);
    await rowB.getByRole('button', { name: 'Claim' }).click();
    await expect(rowB).toContainText(AGENT.name);
    await expect.poll(() => assigneeOf(caseB!), { timeout: 60_000 }).not.toBeNull();
    await expect(rowB.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });

    // ...and a change made elsewhere arrives live: the admin releases the ticket over the API.
    const ticketB = (await pullAll(request, token, 'tickets')).find((doc) => doc.caseId === caseB && doc.state === 'open');
    const released = await request.post('/humaninterface/hicase/unlock', { headers: { authorization: `Bearer ${token}` }, data: { case_id: ticketB!.id } });
    expect(released.status(), await released.text()).toBeLessThan(300);
    await expect(rowB).toContainText('Waiting for operator', { timeout: 30_000 });
  });
});

test.describe('signing out in one tab', () => {
  test('signs every tab out: the other tab returns to the login and the session cookie is gone', async ({ page, context }) => {
    await new ShellPage(page).signInAs(AGENT);
    await new InboxPage(page).goto();
    const second = await context.newPage();
    await new InboxPage(second).goto();
    expect((await context.cookies()).some((c) => c.name === 'wc_session')).toBe(true);

    await new ShellPage(page).logoutButton.click();
    await expect(page.getByRole('heading', { name: 'Enter your credentials' })).toBeVisible();
    await expect(second.getByRole('heading', { name: 'Enter your credentials' })).toBeVisible({ timeout: 15_000 });
    expect((await context.cookies()).some((c) => c.name === 'wc_session')).toBe(false);
    // And the server no longer knows the session: a reload of a private screen lands on the login.
    await second.goto('/tickets');
    await expect(second.getByRole('heading', { name: 'Enter your credentials' })).toBeVisible();
  });
});
