import { expect, test } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

test.describe('the ticket form (part 2 §2)', () => {
  test.setTimeout(120_000);

  test('an admin creates a ticket that appears in the inbox, then moves it to another team and it waits for an operator', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    // A case with no open ticket, so searching its Case ID finds only the new ticket.
    const token = await apiToken(page.request, ADMIN);
    const busy = new Set((await pullAll(page.request, token, 'tickets')).filter((d) => d.state === 'open').map((d) => d.caseId));
    const caseId = (await pullAll(page.request, token, 'cases')).map((d) => d.id).find((id) => !busy.has(id))!;
    expect(caseId).toBeTruthy();

    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.tab('Manager').click();

    await page.getByRole('button', { name: 'New ticket' }).click();
    const form = page.getByRole('dialog', { name: 'New ticket' });
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(form.getByText('Description is required')).toBeVisible();
    await expect(form.locator('p', { hasText: 'Pick a team' })).toBeVisible();

    // The case field suggests ids starting with what is typed, and refuses one the replica does not have.
    await form.getByLabel('Case').fill(caseId.slice(0, -1));
    await expect(form.locator(`datalist option[value="${caseId}"]`)).toHaveCount(1);
    await form.getByLabel('Case').fill('case-that-does-not-exist');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(form.getByText('That case does not exist')).toBeVisible();
    await form.getByLabel('Case').fill(caseId);
    await form.getByLabel('Team (group)').selectOption({ label: 'Claims Desk' });
    await form.getByLabel('Assigned to').selectOption({ label: 'María López' });
    await expect(form.getByLabel('Status')).toHaveValue('assigned');
    await form.getByLabel('Description').fill('Call the customer about the form ticket');
    // Enter submits the form.
    await form.getByLabel('Description').press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Ticket Saved' })).toBeVisible();
    await expect(form).toBeHidden();

    const row = await inbox.searchCase(caseId);
    await expect(row).toContainText('Call the customer about the form ticket');
    await expect(row).toContainText('Claims Desk');
    await expect(row).toContainText('María López');
    await page.screenshot({ path: 'test-results/ticket-form-created.png' });

    await row.getByTestId('ticket-case-id').click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    const ticketId = decodeURIComponent(page.url().split('/tickets/')[1]!);
    await expect(page.getByText('This ticket has no form')).toBeVisible();
    await page.getByRole('button', { name: 'Edit ticket' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ticket ${caseId}` });
    await expect(edit.getByLabel('Description')).toHaveValue('Call the customer about the form ticket');
    // María is not in Field Support: the assignee resets to 'Waiting for operator'.
    await edit.getByLabel('Team (group)').selectOption({ label: 'Field Support' });
    await expect(edit.getByLabel('Assigned to')).toHaveValue('');
    await expect(edit.getByLabel('Status')).toHaveValue('unassigned');
    await page.screenshot({ path: 'test-results/ticket-form-edit.png' });
    await edit.getByRole('button', { name: 'Update Ticket' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket updated!' })).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(page.getByTestId('ticket-assignee')).toHaveText('Waiting for operator');
    await expect(page.getByText('Field Support')).toBeVisible();

    // The server holds the change once it is sent.
    await expect
      .poll(async () => (await pullAll(page.request, token, 'tickets')).find((d) => d.id === ticketId), { timeout: 30_000 })
      .toMatchObject({ teamId: 'team-demo-field', status: 'unassigned', assigneeMemberId: null, caseId });

    // Escape closes the form without saving.
    await page.getByRole('button', { name: 'Edit ticket' }).click();
    await edit.getByLabel('Description').fill('Not saved');
    await page.keyboard.press('Escape');
    await expect(edit).toBeHidden();
    await expect(page.getByText('Not saved')).toHaveCount(0);
  });

  test('a NORMAL agent is offered neither New ticket in the inbox nor Edit ticket on a ticket', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    await expect(page.getByRole('button', { name: 'New ticket' })).toHaveCount(0);
    await (await inbox.searchCase(caseId)).getByTestId('ticket-case-id').click();
    await expect(page.getByRole('button', { name: 'Solve', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit ticket' })).toHaveCount(0);
  });
});
