import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, saveAccountLanguage } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

type ServerState = { id: string; description: string; order: number; hide: boolean };

/** The server's states of a type, read over the REST API (part 2 §7 GET /cases-states?type). */
async function serverStates(request: APIRequestContext, token: string, type: string): Promise<ServerState[]> {
  const reply = await request.get(`/cases-states?type=${type}`, { headers: { authorization: `Bearer ${token}` } });
  expect(reply.ok()).toBe(true);
  return (await reply.json()) as ServerState[];
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Presses a submit button after the double-press guard of part 1 §9 (1,000 ms) has passed since the last one. */
async function pressAfterGuard(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(1_100);
  await page.getByRole('button', { name, exact: true }).click();
}

/**
 * Issue 15, case types and states: the administrator creates case type Claims from Settings → Cases with its states
 * Received (1) → Review (2) → Paid (3) and a new starting app, hides a state (the progress follows at once and the
 * change survives a reload), and edits a state offline, which is sent when the network returns.
 */
test('an admin creates case type Claims with three states and a new starting app, hides a state, and edits one offline', async ({ browser, page, context, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/admin-info?tab=cases');
  await expect(page.getByRole('tab', { name: 'Cases', selected: true })).toBeVisible({ timeout: 30_000 });
  const list = page.getByTestId('case-types');
  await expect(list.locator('[data-case-type="CLAIM"]')).toBeVisible();

  await page.getByRole('link', { name: 'New case type' }).click();
  await expect(page).toHaveURL(/\/admin-info\/case-types\/new$/);
  const form = page.getByTestId('case-type-form');
  await expect(form.getByRole('heading', { name: 'New case type' })).toBeVisible();
  await form.getByRole('button', { name: 'Create case type' }).click();
  await expect(form.getByText('The ID is required').first()).toBeVisible();
  await expect(form.getByText('The description is required').first()).toBeVisible();
  await expect(form.getByText('Choose the starting app')).toBeVisible();

  await form.getByLabel('ID', { exact: true }).fill('Claims');
  await form.getByLabel('Description', { exact: true }).first().fill('Insurance claims from the web');
  await form.getByLabel('Params expected').fill('policyNumber / amount');
  await form.getByLabel('Results expected').fill('decision');
  // The starting app: a new one, made in the small app form, is picked at once.
  await form.getByRole('button', { name: 'New app…' }).click();
  const appDialog = page.getByRole('dialog', { name: 'New App' });
  await appDialog.getByLabel('Engine').selectOption({ label: 'Main Engine' });
  await appDialog.getByLabel('Name').fill('Claims starter');
  await appDialog.getByLabel('Description').fill('Starts a web claim');
  await appDialog.getByRole('button', { name: 'Create' }).click();
  await expect(appDialog).toHaveCount(0);
  await expect(form.getByLabel('Starting app').locator('option:checked')).toHaveText('Claims starter');

  const rows = form.getByTestId('new-state');
  const fillState = async (index: number, id: string, order: string) => {
    await rows.nth(index).getByLabel('Name ID').fill(id);
    await rows.nth(index).getByLabel('Description').fill(id);
    await rows.nth(index).getByLabel('Order').fill(order);
  };
  await fillState(0, 'Received', '1');
  await form.getByRole('button', { name: 'Add a state' }).click();
  await expect(rows.nth(1).getByLabel('Name ID')).toBeFocused();
  await fillState(1, 'Review', '2');
  await form.getByRole('button', { name: 'Add a state' }).click();
  await fillState(2, 'Paid', '3');
  await page.screenshot({ path: shotPath('case-type-create-1280'), fullPage: true });
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page, `case type create form at ${width} px`);
  }
  await page.screenshot({ path: shotPath('case-type-create-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await pressAfterGuard(page, 'Create case type');
  await expect(toast(page, 'Case Type created successfully!')).toBeVisible();

  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  await expect(page).toHaveTitle(/Claims/);
  const states = page.getByTestId('case-states');
  await expect(states.locator('li')).toHaveCount(3);
  await expect(states.locator('li').first()).toHaveAttribute('data-state', 'Received');
  await expect(page.getByRole('link', { name: 'Claims starter' })).toBeVisible();
  const stepper = page.getByTestId('case-stepper');
  await expect(stepper.locator('li')).toHaveText([/Received/, /Review/, /Paid/]);
  await expect.poll(async () => (await serverStates(request, token, 'Claims')).map((s) => `${s.id}:${s.order}`), { timeout: 15_000 }).toEqual(['Received:1', 'Review:2', 'Paid:3']);

  await page.screenshot({ path: shotPath('case-type-view-1280'), fullPage: true });
  await page.setViewportSize({ width: 320, height: 844 });
  await expectNoSidewaysScroll(page, 'case type view at 320 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'case type view at 390 px');
  await page.screenshot({ path: shotPath('case-type-view-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another browser, an agent's, shows the type read-only and sees the change below without a reload.
  const caseTypeId = await page.locator('[data-case-type-id]').getAttribute('data-case-type-id');
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await new ShellPage(agentPage).signInAs(AGENT);
  await agentPage.goto(`/admin-info/case-types/${caseTypeId}`);
  await expect(agentPage.getByTestId('case-states').locator('li')).toHaveCount(3, { timeout: 30_000 });
  await expect(agentPage.getByRole('button', { name: 'Edit state Review' })).toHaveCount(0);

  // Hiding Review takes it out of the progress at once, for every case of the type.
  await states.getByRole('button', { name: 'Edit state Review' }).click();
  const stateDialog = page.getByRole('dialog', { name: 'Edit state Review' });
  await expect(stateDialog.getByLabel('Description')).toBeFocused();
  await stateDialog.getByRole('switch', { name: 'Hide this state from the case progress' }).click();
  await stateDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'State edited successfully!')).toBeVisible();
  await expect(states.locator('[data-state="Review"]')).toContainText('Hidden');
  await expect(stepper.locator('li')).toHaveText([/Received/, /Paid/, /Upcoming Step/]);
  await expect.poll(async () => (await serverStates(request, token, 'Claims')).find((s) => s.id === 'Review')?.hide, { timeout: 15_000 }).toBe(true);
  await expect(agentPage.getByTestId('case-states').locator('[data-state="Review"]')).toContainText('Hidden', { timeout: 15_000 });
  await expect(agentPage.getByTestId('case-stepper').locator('li')).toHaveText([/Received/, /Paid/, /Upcoming Step/]);
  await agentContext.close();

  await page.reload();
  await expect(page.getByTestId('case-states').locator('[data-state="Review"]')).toContainText('Hidden', { timeout: 30_000 });
  await expect(page.getByTestId('case-stepper').locator('li')).toHaveText([/Received/, /Paid/, /Upcoming Step/]);

  // Offline: the edit waits in the outbox, marked, and is sent when the network returns.
  await waitForOfflineReady(page);
  await context.setOffline(true);
  await expect(page.getByTestId('case-types-offline')).toBeVisible();
  await page.waitForTimeout(2_000);
  await page.getByTestId('case-states').getByRole('button', { name: 'Edit state Paid' }).click();
  const paidDialog = page.getByRole('dialog', { name: 'Edit state Paid' });
  await paidDialog.getByLabel('Description').fill('Paid out');
  await paidDialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Saved on this device; it will be sent when you are back online')).toBeVisible();
  const paid = page.getByTestId('case-states').locator('[data-state="Paid"]');
  await expect(paid).toContainText('Paid out');
  await expect(paid).toContainText('Waiting to be sent');
  await page.screenshot({ path: shotPath('case-type-offline-1280'), fullPage: true });
  await context.setOffline(false);
  await expect(paid.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await serverStates(request, token, 'Claims')).find((s) => s.id === 'Paid')?.description, { timeout: 15_000 }).toBe('Paid out');

  // Edit mode is in the URL; the back bar returns to Settings on the Cases tab.
  await page.getByRole('button', { name: 'Case type actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit case type' }).click();
  await expect(page).toHaveURL(/mode=edit/);
  await expect(page.getByRole('heading', { name: 'Edit case type Claims' })).toBeVisible();
  await page.screenshot({ path: shotPath('case-type-edit-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page, 'case type edit at 390 px');
  await page.screenshot({ path: shotPath('case-type-edit-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).not.toHaveURL(/mode=edit/);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Cases', selected: true })).toBeVisible();
  await expect(page.getByTestId('case-types').locator('[data-case-type="Claims"]')).toContainText('3 states');
  await page.screenshot({ path: shotPath('case-types-list-1280'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath('case-types-list-390'), fullPage: true });

  // The same screen in Spanish.
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin-info/case-types/${caseTypeId}`);
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Estados' })).toBeVisible();
    await expect(page.getByTestId('case-stepper')).toContainText('Próximo paso');
    await expect(page.getByRole('button', { name: 'Editar el estado Paid' })).toBeVisible();
    await page.screenshot({ path: shotPath('case-type-view-es-1280'), fullPage: true });
  } finally {
    await saveAccountLanguage(request, token, 'en');
  }
});
