import { expect, test } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { LoginPage } from './pages/LoginPage.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { createClaimsCase } from './pages/caseSetup.ts';
import { apiToken } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

// Every axe violation counts, whatever its impact (issue 12: none of any impact on the ticket screens).
test.describe('accessibility (axe, every impact)', () => {
  test.setTimeout(120_000);

  test('the login page has no violation', async ({ page }) => {
    await new LoginPage(page).goto();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the shell and its sync panel have no violation', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    expect(await axeViolations(page)).toEqual([]);
    await shell.syncIndicator.click();
    await expect(page.getByRole('heading', { name: 'Changes waiting to sync' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('settings: the teams tab, the team form, the member form and its delete confirmation, and the profile have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await expect(page.locator('[data-team-id="team-demo-claims"]')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit team Claims Desk' }).click();
    await expect(page.getByRole('heading', { name: 'Edit team Claims Desk' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Edit member Sam Patel' }).click();
    await expect(page.getByRole('heading', { name: 'Edit member Sam Patel' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Edit member Sam Patel' }).getByLabel('E-mail').fill('not an address');
    await page.getByRole('dialog', { name: 'Edit member Sam Patel' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please input a well formatted email')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete member Sam Patel' }).click();
    await expect(page.getByRole('heading', { name: 'Delete member Sam Patel' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Your profile' }).click();
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
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
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'New origin' }).click();
      await page.getByRole('dialog', { name: 'New CORS origin' }).getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Origin URL is required')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Delete origin https://axe-check.example' }).click();
      await expect(page.getByRole('heading', { name: 'Delete this origin?' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    } finally {
      await request.delete(`/cors-origins/${id}`, { headers: { authorization: `Bearer ${token}` } });
    }
  });

  test('settings: the Cases tab, the case type screen in view, edit and create modes, its state form and the small app form have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=cases');
    await expect(page.getByTestId('case-types').locator('[data-case-type="CLAIM"]')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'CLAIM', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'CLAIM' })).toBeVisible();
    await page.getByRole('button', { name: 'Advanced Settings' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit state REVIEW' }).click();
    const stateDialog = page.getByRole('dialog', { name: 'Edit state REVIEW' });
    await stateDialog.getByLabel('Description').fill('');
    await stateDialog.getByRole('button', { name: 'Save' }).click();
    await expect(stateDialog.getByText('The description is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/admin-info/case-types/ct-demo-claim?mode=edit');
    await expect(page.getByRole('heading', { name: 'Edit case type CLAIM' })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/admin-info/case-types/new');
    const form = page.getByTestId('case-type-form');
    await form.getByRole('button', { name: 'Create case type' }).click();
    await expect(form.getByText('The ID is required').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'New app…' }).click();
    await expect(page.getByRole('heading', { name: 'New App' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  test('settings: the Workspace tab with its validation messages, External, Cases, Billing and Trace, and the empty /collections and /WA have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=workspace');
    const form = page.getByRole('region', { name: 'Workspace' });
    await form.getByLabel('External dashboard URL').fill('http://bi.example');
    await form.getByLabel('Chat link').fill('call us');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter an https address (http only for localhost), or leave it empty')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Undo changes' }).click();
    for (const tab of ['External', 'Cases', 'Billing', 'Trace']) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
      expect(await axeViolations(page), tab).toEqual([]);
    }
    for (const path of ['/collections', '/WA']) {
      await page.goto(path);
      await expect(page.getByText(/^(No external resources found!|No chat link set)$/)).toBeVisible({ timeout: 30_000 });
      expect(await axeViolations(page), path).toEqual([]);
    }
  });

  test('the inbox, its shortcut dialog, the ticket form, the ticket detail and its note dialog have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.firstUnassignedCaseId();
    expect(await axeViolations(page)).toEqual([]);
    for (const tab of ['Manager', 'External'] as const) {
      await inbox.tab(tab).click();
      await expect(inbox.tab(tab)).toHaveAttribute('aria-selected', 'true');
      expect(await axeViolations(page), tab).toEqual([]);
    }
    await page.keyboard.press('?');
    await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByRole('button', { name: 'Close' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'New ticket' }).click();
    await expect(page.getByRole('dialog', { name: 'New ticket' }).getByRole('button', { name: 'Create Ticket' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tabpanel').getByTestId('ticket-case-id').first().click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await inbox.noteButton.click();
    await expect(page.getByRole('dialog', { name: 'New note' }).getByLabel('Title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the inbox and the ticket detail on a phone have no violation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await inbox.firstUnassignedCaseId();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tabpanel').getByTestId('ticket-case-id').first().click();
    await expect(page.getByRole('heading', { name: 'Files' })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('apps: the list, the App creation form, App edit, the event form and the delete confirmation have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/apps');
    await expect(page.locator('li[data-app-id="app-demo-claims"]')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New App' }).click();
    await page.getByRole('dialog', { name: 'New App' }).getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/apps/edit?appId=app-demo-onboarding');
    await expect(page.locator('tr', { hasText: 'Event-SignUp' })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit event Event-SignUp' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event Event-SignUp' });
    await form.getByLabel('Cron rule').fill('0 9 * * 1-5');
    await expect(form.getByTestId('fire-preview')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Application' }).click();
    await expect(page.getByRole('heading', { name: 'Delete app Customer Onboarding' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
  });
  test('apps: the generate-instances modal, App history and a failed instance’s detail have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/apps');
    await page.getByRole('button', { name: 'Generate instances of Claims Intake' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Generate instances of Claims Intake' });
    await dialog.getByLabel('How many (1 to 50)').fill('0');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(dialog.getByText('Enter a whole number from 1 to 50')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/apps/history?appId=app-demo-claims&status=ERROR');
    const rows = page.locator('table tbody tr[data-instance-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await rows.last().getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Retry' })).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('cases history: the list with filters, the empty search and the phone cards have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/cases?status=COMPLETED&type=ct-demo-claim');
    await expect(page.locator('table tbody tr[data-case-id]').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/cases?q=no-such-case-zz');
    await expect(page.getByText('No cases found.')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cases?q=cust-10');
    await expect(page.locator('ul li[data-case-id]').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the case detail in both views, with its logs, instances and note dialog, and on a phone has no violation', async ({ page, request }) => {
    // A case of its own (journeys share the server and change the seeded ones), made over the API.
    const { caseId } = await createClaimsCase(request, await apiToken(request, ADMIN), Date.now());
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto(`/cases/${caseId}`);
    await expect(page.getByTestId('case-progress-position')).toHaveText('Step 1 of 3 (33%)', { timeout: 30_000 });
    await page.locator('[data-section="case-logs"] summary').click();
    await page.locator('[data-section="case-instances"] summary').click();
    await expect(page.getByTestId('case-logs').locator('[data-log-id]').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('case-instances')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('dialog', { name: 'New note' }).getByLabel('Title')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`/cases/${caseId}?view=dashboard`);
    await expect(page.getByTestId('case-logs').locator('[data-log-id]').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('case-logs').locator('li[data-log-id]').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('flows: the list, the modeler with a stage and with a transition selected, and the New workflow form have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/flows');
    await expect(page.locator('tr[data-flow-id]').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New workflow' }).click();
    await expect(page.getByRole('heading', { name: 'New workflow' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/flows/flow?canEditFlow=true&isNewFlow=false&id=flow-demo-claims');
    await expect(page.locator('.react-flow__node[data-id="review"]')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.locator('.react-flow__node[data-id="review"]').click();
    await expect(page.getByTestId('stage-panel')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^To Field visit/ }).click();
    await expect(page.getByTestId('transition-panel')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('case types: the activity page with its delete confirmation, the history on a phone and the report have no violation', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/dashboard/ct-demo-claim/activity');
    const rows = page.locator('table tbody tr[data-case-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: /^Delete case / }).first().click();
    await expect(page.getByRole('heading', { name: /^Delete case / })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/dashboard/ct-demo-claim');
    await expect(page.locator('[data-card="impact"]')).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/ct-demo-claim/activity?view=history');
    await expect(page.locator('ul li[data-case-id]').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
  });
});
