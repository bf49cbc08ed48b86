import { expect, test } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { attachPhoto, serverFiles, signTicket } from './pages/fileTools.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

test.describe('ticket work in the inbox and the ticket screen', () => {
  test.setTimeout(120_000);

  test('the agent claims, adds a note, attaches a photo, signs and solves; the admin sees it live; the engine moves on', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
    await new ShellPage(page).signInAs(AGENT);
    const agent = new InboxPage(page);
    await agent.goto();
    await expect(agent.tab('Personal')).toBeVisible();
    await expect(agent.tab('Manager')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/inbox-agent.png' });
    const caseId = await agent.firstUnassignedCaseId();

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await new ShellPage(adminPage).signInAs(ADMIN);
    const admin = new InboxPage(adminPage);
    await admin.goto();
    await admin.tab('Manager').click();
    const adminRow = await admin.searchCase(caseId);
    await expect(adminRow).toContainText('Waiting for operator');

    const row = await agent.searchCase(caseId);
    await row.getByRole('button', { name: 'Claim' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ticket Assigned' })).toBeVisible();
    await expect(row).toContainText(AGENT.name);
    await expect(adminRow).toContainText(AGENT.name, { timeout: 30_000 });

    await row.getByTestId('ticket-case-id').click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    await expect(agent.title).toHaveText(`Ticket ${caseId}`);
    await expect(page).toHaveTitle(`${caseId} · Inbox · Workflow Console`);
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });
    await agent.noteButton.click();
    const dialog = page.getByRole('dialog', { name: 'New note' });
    await dialog.getByRole('button', { name: 'Save note' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await agent.addNote('Called the customer', 'The customer confirmed the policy number.');
    await expect(agent.notes).toContainText('Called the customer');
    await expect(agent.notes).toContainText('NA');
    await attachPhoto(page);
    await signTicket(page);
    const files = page.getByTestId('case-files');
    for (const name of [/photo-.*\.png/, /signature-.*\.png/]) {
      await expect(files.getByRole('listitem').filter({ hasText: name }).getByTestId('file-thumbnail')).toBeVisible({ timeout: 15_000 });
    }
    await page.screenshot({ path: 'test-results/ticket-detail.png' });
    const ticketId = page.url().split('/tickets/')[1]!;
    await expect(files).not.toContainText('waiting to be sent', { timeout: 60_000 });

    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    // Back to the inbox as it was left: still searching for the case, which is gone now.
    await expect(page).toHaveURL(new RegExp(`/tickets\\?q=${caseId}$`));
    await expect(agent.search).toHaveValue(caseId);
    await expect(page.getByText('There are no more tickets in your inbox.')).toBeVisible({ timeout: 15_000 });
    await expect(adminRow).toHaveCount(0, { timeout: 30_000 });
    await adminContext.close();

    // The engine moves the ticket's instance on past its human-interface stage.
    const token = await apiToken(page.request, ADMIN);
    const ticket = (await pullAll(page.request, token, 'tickets')).find((d) => d.id === ticketId);
    expect(ticket).toMatchObject({ state: 'resolved', exit: 'approved' });
    const onServer = await serverFiles(page.request, token, String(ticket?.caseId));
    expect(onServer.filter((f) => /^(photo|signature)-/.test(f.name)).map((f) => f.name.split('-')[0]).sort()).toEqual(['photo', 'signature']);
    expect(ticket?.instanceId, 'the seeded ticket belongs to an instance').toBeTruthy();
    await expect
      .poll(
        async () => {
          const reply = await page.request.get(`/instances/${String(ticket!.instanceId)}`, { headers: { authorization: `Bearer ${token}` } });
          return ((await reply.json()) as { currentStage: string | null }).currentStage;
        },
        { timeout: 30_000 },
      )
      .not.toBe(ticket!.stageKey);
  });

  test('solving an unclaimed ticket asks to claim it first and returns to the inbox', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    await (await inbox.searchCase(caseId)).getByTestId('ticket-case-id').click();
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(page.getByText('Assign/claim the ticket before solving it.')).toBeVisible();
    await expect(page).toHaveURL(/\/tickets(\?|$)/);
  });

  test('an unknown ticket id goes back to the inbox with Case not found', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    await new InboxPage(page).goto();
    await page.goto('/tickets/no-such-ticket');
    await expect(page.getByText('Case not found, please refresh')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('NORMAL has no cancel button; ADMIN cancels with CTRL + hover and the confirmation', async ({ page, browser }) => {
    await new ShellPage(page).signInAs(AGENT);
    const agent = new InboxPage(page);
    await agent.goto();
    await expect(page.getByRole('row').filter({ hasText: AGENT.name }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('button', { name: 'Cancel ticket' })).toHaveCount(0);

    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const adminPage = await adminContext.newPage();
    await new ShellPage(adminPage).signInAs(ADMIN);
    const admin = new InboxPage(adminPage);
    await admin.goto();
    await admin.tab('Manager').click();
    const assigned = adminPage.getByRole('tabpanel').getByRole('row').filter({ has: adminPage.getByRole('button', { name: 'Unclaim' }) }).first();
    await expect(assigned).toBeVisible({ timeout: 30_000 });
    const caseId = (await assigned.getByTestId('ticket-case-id').textContent()) ?? '';
    const row = await admin.searchCase(caseId);
    const cancel = row.getByRole('button', { name: 'Cancel ticket' });
    await row.hover();
    await expect(cancel).toBeHidden();
    await adminPage.keyboard.down('Control');
    // The button shows only while the pointer is on the row: a live update that moves the row hides it again,
    // and a person would hover once more.
    await expect(async () => {
      await row.hover({ position: { x: 20, y: 10 } });
      await expect(cancel).toBeVisible({ timeout: 1_000 });
      await cancel.click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await adminPage.keyboard.up('Control');
    const dialog = adminPage.getByRole('dialog', { name: 'Cancel ticket' });
    await expect(dialog).toContainText('Are you sure you want to cancel this ticket? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel ticket' }).click();
    await expect(adminPage.getByText('Ticket canceled!')).toBeVisible();
    await expect(admin.row(caseId)).toHaveCount(0);
    await adminContext.close();
  });
});

/*
 * The template frame inherits the console's content policy, which allows the inlined bridge script by its hash
 * (server/http/bridgeScriptHash.ts): this journey runs under the real policy.
 */
test.describe('the frame message bridge', () => {
  test.setTimeout(120_000);
  test.use({ viewport: { width: 1440, height: 1000 } });

  test('a malformed note gets the spec error and writes nothing; a good note saves; the template submit solves', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const row = await inbox.searchCase(caseId);
    await row.getByRole('button', { name: 'Claim' }).click();
    await expect(row).toContainText(AGENT.name);
    await row.getByTestId('ticket-case-id').click();
    await expect(page.getByText('No notes for this case')).toBeVisible({ timeout: 30_000 });

    const frame = page.frameLocator('[data-testid="ticket-template"]');
    // The values arrive a second after the frame loads: the case id is among the initial values.
    await expect.poll(() => frame.locator('body').evaluate(() => (window as unknown as { ConsoleBridge?: { caseId: string | null } }).ConsoleBridge?.caseId ?? null), { timeout: 15_000 }).not.toBeNull();
    await page.screenshot({ path: 'test-results/ticket-detail-template.png' });

    type Bridge = { send: (type: string, payload: object) => Promise<unknown>; addNote: (t: string, d: string, x: string) => Promise<unknown>; caseId: string };
    const malformed = await frame.locator('body').evaluate(() => {
      const bridge = (window as unknown as { ConsoleBridge: Bridge }).ConsoleBridge;
      return bridge.send('isNotes', { case_note: 'Only///two parts', caseId: bridge.caseId });
    });
    expect(malformed).toMatchObject({ type: 'isNotes-response', success: false, error: 'Invalid note format' });
    const noCase = await frame.locator('body').evaluate(() =>
      (window as unknown as { ConsoleBridge: Bridge }).ConsoleBridge.send('notes-create-direct', { note: 'Hello' }),
    );
    expect(noCase).toMatchObject({ success: false, error: 'Missing required note data or invalid caseId' });
    const files = await frame.locator('body').evaluate(() => (window as unknown as { ConsoleBridge: Bridge }).ConsoleBridge.send('uploadFiles', { files: [] }));
    expect(files).toMatchObject({ success: false, error: 'Invalid files data' });
    await expect(page.getByText('No notes for this case')).toBeVisible();

    const saved = await frame.locator('body').evaluate(() =>
      (window as unknown as { ConsoleBridge: Bridge }).ConsoleBridge.addNote('From the template', 'Checked the documents', ''),
    );
    expect(saved).toMatchObject({ success: true, message: 'Note saved successfully' });
    await expect(inbox.notes).toContainText('From the template');

    // A message from another window is not taken, even with the right shape.
    await page.evaluate(() => window.postMessage({ type: 'isNotes', case_note: 'A///B///C', caseId: 'x' }, '*'));

    for (const input of await frame.locator('input[required]').all()) {
      if ((await input.inputValue()) === '') await input.fill((await input.getAttribute('type')) === 'date' ? '2026-03-05' : 'PN-1');
    }
    await frame.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(/\/tickets(\?|$)/, { timeout: 15_000 });
    await inbox.search.fill(caseId);
    await expect(page.getByText('There are no more tickets in your inbox.')).toBeVisible({ timeout: 15_000 });
  });
});
