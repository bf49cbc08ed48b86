import { expect, test } from '@playwright/test';
import { attachPhoto, serverFiles } from './pages/fileTools.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';


test.describe('ticket work offline', () => {
  test.setTimeout(180_000);

  test('a claim, a note and a photo made offline survive a reload and reach the server exactly once', async ({ page, context, request }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await waitForOfflineReady(page);
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);
    const ticketId = await (async () => {
      await row.getByTestId('ticket-case-id').click();
      await expect(page).toHaveURL(/\/tickets\/tkt-/);
      return decodeURIComponent(page.url().split('/tickets/')[1] ?? '');
    })();
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('ticket-assignee')).toContainText(AGENT.name);
    await inbox.addNote('Offline visit', 'Wrote this without a network.');
    await expect(inbox.notes).toContainText('Offline visit');
    await attachPhoto(page);
    await expect(page.getByTestId('case-files')).toContainText('waiting to be sent');
    await expect(page.getByTestId('pending-mark')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('case-files')).toContainText('waiting to be sent', { timeout: 30_000 });
    await expect(page.getByTestId('ticket-assignee')).toContainText(AGENT.name, { timeout: 30_000 });
    await expect(inbox.notes).toContainText('Offline visit');
    await expect(page.getByTestId('pending-mark')).toBeVisible();
    await page.goto('/tickets');
    await expect((await inbox.searchCase(caseId)).getByTestId('pending-mark')).toBeVisible();

    await context.setOffline(false);
    await expect(inbox.row(caseId).getByTestId('pending-mark')).toHaveCount(0, { timeout: 60_000 });

    const token = await apiToken(request, ADMIN);
    const ticket = (await pullAll(request, token, 'tickets')).find((doc) => doc.id === ticketId);
    expect(ticket).toMatchObject({ status: 'assigned', assigneeUserId: expect.any(String) });
    const notes = (await pullAll(request, token, 'caseRecords', `case:${String(ticket?.caseId)}`)).filter(
      (doc) => doc.kind === 'caseNote' && String(doc.noteText).startsWith('Offline visit///'),
    );
    expect(notes).toHaveLength(1);
    // The photo is the case's, not the ticket's: the row's pending mark does not wait for it, so poll the server.
    const photos = async () => (await serverFiles(request, token, String(ticket?.caseId))).filter((f) => /^photo-/.test(f.name)).length;
    await expect.poll(photos, { timeout: 60_000 }).toBe(1);
    await page.waitForTimeout(2000);
    expect(await photos()).toBe(1);
  });

  test('two browsers claim the same ticket offline: one wins, the other sees who claimed it', async ({ page, context, browser }) => {
    await new ShellPage(page).signInAs(AGENT);
    const agent = new InboxPage(page);
    await agent.goto();
    await waitForOfflineReady(page);

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await new ShellPage(adminPage).signInAs(ADMIN);
    const admin = new InboxPage(adminPage);
    await admin.goto();
    await waitForOfflineReady(adminPage);

    // A ticket of Claims Desk, where both are members, so it is in both Personal tabs.
    const claimsRow = adminPage.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Waiting for operator' }).filter({ hasText: 'Claims Desk' }).first();
    await expect(claimsRow).toBeVisible({ timeout: 30_000 });
    const caseId = (await claimsRow.getByTestId('ticket-case-id').textContent()) ?? '';
    const agentRow = await agent.searchCase(caseId);
    // In Manager the ticket stays listed whoever holds it, so the admin can see the outcome in its row.
    await admin.tab('Manager').click();
    const adminRow = await admin.searchCase(caseId);

    await context.setOffline(true);
    await adminContext.setOffline(true);
    await agentRow.getByRole('button', { name: 'Claim' }).click();
    await adminRow.getByRole('button', { name: 'Claim' }).click();
    await expect(agentRow).toContainText(AGENT.name);
    await expect(adminRow).toContainText(ADMIN.name);

    await context.setOffline(false);
    await expect(agentRow.getByTestId('pending-mark')).toHaveCount(0, { timeout: 60_000 });
    await adminContext.setOffline(false);
    await expect(adminRow.getByTestId('ticket-rejection')).toHaveText(`Ticket already claimed by ${AGENT.name}`, { timeout: 60_000 });
    await expect(adminRow).toContainText(AGENT.name);
    await expect(agentRow).toContainText(AGENT.name);
    await adminContext.close();
  });
});
