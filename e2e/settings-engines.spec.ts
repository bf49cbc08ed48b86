import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';
import { shotPath } from './pages/layout.ts';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every axe violation, whatever its impact, as "rule: targets" lines (empty when clean). */
async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Neither the page nor the shell's scrolling main area scrolls sideways (STYLE: none from 320 px up). */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => [document.documentElement, document.querySelector('main')].every((e) => e === null || e.scrollWidth <= e.clientWidth));

/** Journeys share one e2e server: what a test made over the API goes again, apps first (an engine in use is refused). */
async function removeEngine(request: APIRequestContext, token: string, engineId: string, appIds: string[] = []): Promise<void> {
  for (const id of appIds) await request.delete(`/apps/${id}`, { headers: auth(token) });
  await request.delete(`/engines/${engineId}`, { headers: auth(token) });
}

const liveEnginesNamed = async (request: APIRequestContext, token: string, name: string) =>
  (await pullAll(request, token, 'config')).filter((d) => d.kind === 'engine' && d.name === name && !d.deleted);

/**
 * Issue 13, engines: the administrator creates an engine and authorises Nico Agent with the assignment picker, sees
 * it in the list, deactivates it, and deletes it after a confirmation in Spanish. The Subscribed apps tab lists an
 * engine's apps five a page and a click opens the app's edit screen.
 */
test('an engine is created with an authorised user, deactivated, its apps paged, and deleted after a Spanish confirmation', async ({ page, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ADMIN);
  const name = `E2E Engine ${Date.now()}`;
  const paged = (await (await request.post('/engines', { headers: auth(token), data: { name: `E2E Paged ${Date.now()}`, description: 'Six apps' } })).json()) as { id: string; name: string };
  const appIds: string[] = [];
  for (let i = 1; i <= 6; i += 1) {
    const app = await request.post('/apps', { headers: auth(token), data: { name: `Paged app ${i}`, description: `App number ${i}`, engine: { id: paged.id }, calendar: { id: 'cal-demo-mx' } } });
    expect(app.status(), await app.text()).toBe(201);
    appIds.push(((await app.json()) as { id: string }).id);
  }
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=engines');
    const list = page.getByTestId('engines-list');
    await expect(list.locator('[data-engine-id="eng-demo-main"]')).toBeVisible({ timeout: 30_000 });

    // Save stays disabled until name and description are given; the picker authorises Nico Agent (move right).
    await page.getByRole('button', { name: 'New engine' }).click();
    const form = page.getByRole('dialog', { name: 'New engine' });
    const save = form.getByRole('button', { name: 'Save' });
    await expect(save).toBeDisabled();
    await expect(form.getByText('Name and description are required.')).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await expect(save).toBeDisabled();
    await form.getByLabel('Description').fill('Made by the engines journey');
    await expect(save).toBeEnabled();
    await form.getByRole('button', { name: 'Advanced Settings' }).click();
    await expect(form.getByTestId('engine-form-id')).toHaveText(/^eng-[0-9a-f-]{36}$/);
    const available = form.getByRole('listbox', { name: 'Available users' });
    const assigned = form.getByRole('listbox', { name: 'Authorised users' });
    const moveRight = form.getByRole('button', { name: 'Authorise the selected users' });
    await expect(moveRight).toBeDisabled();
    // Keyboard: focus the list, walk to Nico Agent, select with Space; the tooltip names id, role and e-mail.
    await available.focus();
    const nico = available.getByRole('option', { name: 'Nico Agent' });
    for (let i = 0; i < 5 && !(await nico.getByRole('tooltip').isVisible()); i += 1) await page.keyboard.press('ArrowDown');
    await expect(nico.getByRole('tooltip')).toHaveText('ID: usr-demo-agent · Role: NORMAL · E-mail: agent@demo.local');
    await page.keyboard.press('Space');
    await expect(nico).toHaveAttribute('aria-selected', 'true');
    await moveRight.click();
    await expect(assigned.getByRole('option', { name: 'Nico Agent' })).toBeVisible();
    await expect(available.getByRole('option', { name: 'Nico Agent' })).toHaveCount(0);
    await expect(assigned).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('engine-form-1280') });
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: 'Engine created successfully' })).toBeVisible();
    await expect(form).toBeHidden();
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Active');
    const detail = page.getByTestId('engine-detail');
    await expect(detail.getByTestId('engine-users')).toHaveText('Nico Agent');
    await expect(page).toHaveURL(/tab=engines&engine=eng-/);

    // Edit engine: deactivate it.
    await detail.getByRole('button', { name: 'Engine actions' }).click();
    await page.getByRole('menuitem', { name: 'Edit engine' }).click();
    const edit = page.getByRole('dialog', { name: `Edit engine ${name}` });
    await expect(edit.getByRole('button', { name: 'Save' })).toBeDisabled();
    await edit.getByRole('switch', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Engine updated successfully' })).toBeVisible();
    await expect(row).toContainText('Inactive');
    await expect(detail.getByTestId('engine-active')).toHaveText('Inactive');

    // Subscribed apps: the demo engine's apps (two seeded; journeys before this one on the same server may add
    // some); the six-app engine five a page, the sixth on page 2.
    await list.locator('[data-engine-id="eng-demo-main"]').getByRole('link').click();
    await detail.getByRole('tab', { name: 'Subscribed apps' }).click();
    await expect(detail.getByRole('link', { name: 'app-demo-claims' })).toBeVisible();
    expect(await detail.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
    await list.locator(`[data-engine-id="${paged.id}"]`).getByRole('link').click();
    await detail.getByRole('tab', { name: 'Subscribed apps' }).click();
    await expect(detail.locator('tbody tr')).toHaveCount(5);
    await expect(detail.getByText('Page 1 of 2')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('engines-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(list).toBeHidden();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: shotPath('engines-apps-390'), fullPage: true });
    await detail.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/appsPage=2/);
    await expect(detail.locator('tbody tr')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('engine-detail').locator('tbody tr')).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole('button', { name: 'All engines' }).click();
    await expect(list).toBeVisible();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: shotPath('engines-list-390'), fullPage: true });
    await page.getByRole('button', { name: 'New engine' }).click();
    await page.getByRole('dialog', { name: 'New engine' }).getByRole('button', { name: 'Advanced Settings' }).click();
    await expect(page.getByRole('listbox', { name: 'Available users' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('engine-form-390') });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await list.locator(`[data-engine-id="${paged.id}"]`).getByRole('link').click();
    await detail.getByRole('tab', { name: 'Subscribed apps' }).click();
    await detail.locator(`[data-app-id="${appIds[0]}"]`).getByText('App number 1').click();
    await expect(page).toHaveURL(new RegExp(`/apps/edit\\?appId=${appIds[0]}`));

    // The demo engine is in use: the dialog says by what instead of offering to delete it.
    await page.goto('/admin-info?tab=engines&engine=eng-demo-main');
    await page.getByRole('button', { name: 'Engine actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete engine' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(/^\d+ apps and 3 teams still use this engine: move or delete them first\.$/); // journeys before this one may add apps
    await page.getByRole('button', { name: 'Close' }).click();

    // Deleting asks in Spanish, whatever the interface language, and removes the engine.
    await list.getByRole('listitem').filter({ hasText: name }).getByRole('link').click();
    await page.getByRole('button', { name: 'Engine actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete engine' }).click();
    const confirm = page.getByRole('dialog', { name: 'Eliminar motor' });
    await expect(confirm).toContainText(`¿Está seguro de que desea eliminar el motor ${name}? Esta acción no se puede deshacer.`);
    expect(await axeViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Engine deleted' })).toBeVisible();
    await expect(list.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New engine' })).toBeFocused();
    await expect.poll(async () => (await liveEnginesNamed(request, token, name)).length, { timeout: 15_000 }).toBe(0);
  } finally {
    await removeEngine(request, token, paged.id, appIds);
    for (const engine of await liveEnginesNamed(request, token, name)) await removeEngine(request, token, engine.id);
  }
});

/** Issue 13, offline: an engine created offline shows at once as waiting, survives a reload, and reaches the server once. */
test('an engine created offline reaches the server once when the network returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  const name = `Offline Engine ${Date.now()}`;
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=engines');
    await waitForOfflineReady(page);
    const list = page.getByTestId('engines-list');
    await expect(list.locator('[data-engine-id="eng-demo-main"]')).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await page.getByRole('button', { name: 'New engine' }).click();
    const form = page.getByRole('dialog', { name: 'New engine' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Description').fill('Made without a network');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    const row = list.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Waiting to be sent');
    expect(await liveEnginesNamed(request, token, name)).toHaveLength(0);
    // Not asked again after the reload: the reloaded page starts a new sync worker, and Playwright's offline
    // emulation reaches a new worker a moment after it starts, so its first push can get out (seen once in ~12 runs).
    await page.reload();
    await expect(row).toBeVisible({ timeout: 30_000 });

    await context.setOffline(false);
    await expect.poll(async () => (await liveEnginesNamed(request, token, name)).length, { timeout: 30_000 }).toBe(1);
    await expect(row).not.toContainText('Waiting to be sent', { timeout: 30_000 });
    // Once: a second look a moment later still finds one engine of that name.
    await page.waitForTimeout(2_000);
    expect(await liveEnginesNamed(request, token, name)).toHaveLength(1);
  } finally {
    await context.setOffline(false);
    for (const engine of await liveEnginesNamed(request, token, name)) await removeEngine(request, token, engine.id);
  }
});
