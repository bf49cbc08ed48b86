import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { shotPath } from './pages/layout.ts';
import { apiToken, pullAll, serverMutation } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

const FIRST_TEXT = '<form><h2>Intake, first version</h2><label>Name <input name="name"></label></form>';
const SECOND_TEXT =
  '<section id="page-1"><h2>Second version: start here</h2></section><section id="page-2"><h2>Second version: the middle</h2></section><section id="page-3"><h2>Second version: the end</h2></section>';

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
const pageRows = (page: Page) => page.getByTestId('builder-page');
const names = async (page: Page) => (await page.getByTestId('page-name').allTextContents()).map((n) => n.trim());
const numbers = async (page: Page) => (await page.getByTestId('page-number').allTextContents()).map((n) => n.trim());
const rowNamed = (page: Page, name: string) => pageRows(page).filter({ has: page.getByTestId('page-name').getByText(name, { exact: true }) });
const activeName = async (page: Page) => (await pageRows(page).filter({ hasText: 'Active' }).getByTestId('page-name').textContent())?.trim();

/** Drags a page's handle with the mouse, in steps so dnd-kit sees a drag, and drops it on `target` (a point). */
async function dragHandle(page: Page, handle: Locator, target: { x: number; y: number }): Promise<void> {
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 8, { steps: 4 });
  await page.mouse.move(target.x, target.y, { steps: 12 });
  await page.waitForTimeout(200);
  await page.mouse.up();
}

const centreOf = async (locator: Locator) => {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

/** Starts one run of the app and answers the ticket its human-interface stage opened. */
async function ticketOfNewRun(request: APIRequestContext, token: string, appId: string, instanceId: string): Promise<Record<string, unknown>> {
  expect(await serverMutation(request, token, 'instance.start', { appId, ids: [instanceId], values: { name: instanceId } })).toMatchObject({ status: 'applied' });
  let ticket: Record<string, unknown> | undefined;
  await expect
    .poll(async () => {
      ticket = (await pullAll(request, token, 'tickets')).findLast((doc) => doc.instanceId === instanceId);
      return ticket?.id;
    }, { timeout: 30_000 })
    .toBeTruthy();
  return ticket!;
}

test.describe('human-interface builder (part 2 §2, §4; issue 19 item 2)', () => {
  test.setTimeout(180_000);

  test('the admin makes a template three pages, reorders them by mouse and keyboard, follows them in the preview and saves a new version; older tickets keep the old one', async ({ page, request }) => {
    const stamp = Date.now();
    const token = await apiToken(request, ADMIN);
    const templateId = `tpl-e2e-hib-${stamp}`;
    const templateName = `Intake ${stamp}`;
    const appId = `app-e2e-hib-${stamp}`;
    const flowId = `flw-e2e-hib-${stamp}`;
    const applied = { status: 'applied' };

    // A human-interface template with no pages yet, and an app whose flow opens a ticket with it.
    expect(
      await serverMutation(request, token, 'template.create', {
        id: templateId,
        name: templateName,
        caseTypeId: 'ct-demo-claim',
        nodeType: 'human-interface',
        description: 'Intake with pages',
        config: { general: {}, conditions: [] },
        template: FIRST_TEXT,
      }),
    ).toMatchObject(applied);
    expect(await serverMutation(request, token, 'app.create', { id: appId, flowId, name: `HI builder ${stamp}`, description: 'Opens intake tickets', engine: { id: 'eng-demo-main' }, isActive: true })).toMatchObject(applied);
    await expect.poll(async () => (await pullAll(request, token, 'config')).some((doc) => doc.id === flowId), { timeout: 30_000 }).toBe(true);
    const stages = [
      { key: 'start', name: 'Start', nodeType: 'start', config: {}, transitions: [{ to: 'intake' }] },
      { key: 'intake', name: 'Intake', nodeType: 'human-interface', templateId, config: { teamId: 'team-demo-claims', slaSeconds: 3600 }, transitions: [{ to: 'end' }] },
      { key: 'end', name: 'End', nodeType: 'end', config: {}, transitions: [] },
    ];
    expect(await serverMutation(request, token, 'flow.update', { id: flowId, stages })).toMatchObject(applied);
    const before = await ticketOfNewRun(request, token, appId, `inst-e2e-hib-${stamp}-1`);
    expect(before).toMatchObject({ template: FIRST_TEXT, templateVersion: 1 });

    // From the builder list, the template's row opens its builder.
    await new ShellPage(page).signInAs(ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/builder?q=${templateId}`);
    await page.locator(`[data-template-id="${templateId}"]:visible`).getByText(templateName).click();
    await expect(page).toHaveURL(new RegExp(`/builder/${templateId}/create`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Human Interface Builder > ${templateName}`);
    await expect(page).toHaveTitle(new RegExp(`Human Interface Builder > ${templateName}`));
    await expect(page.getByText('No pages found!')).toBeVisible();

    // Three pages through 'New Page'.
    for (const name of ['Welcome', 'Details', 'Review']) {
      await page.getByRole('button', { name: 'New Page' }).click();
      const dialog = page.getByRole('dialog', { name: 'New Page' });
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toHaveCount(0);
    }
    expect(await names(page)).toEqual(['Welcome', 'Details', 'Review']);
    expect(await numbers(page)).toEqual(['1', '2', '3']);
    await expect(rowNamed(page, 'Welcome')).toContainText('Start');
    await expect(rowNamed(page, 'Review')).toContainText('End');

    // By mouse: Review dropped on Welcome goes first; ids renumber and the badges follow.
    await dragHandle(page, rowNamed(page, 'Review').getByRole('button', { name: 'Move page Review' }), await centreOf(rowNamed(page, 'Welcome')));
    await expect.poll(() => names(page)).toEqual(['Review', 'Welcome', 'Details']);
    expect(await numbers(page)).toEqual(['1', '2', '3']);
    await expect(rowNamed(page, 'Review')).toContainText('Start');
    await expect(rowNamed(page, 'Details')).toContainText('End');

    // A drop outside the list restores the order.
    await dragHandle(page, rowNamed(page, 'Details').getByRole('button', { name: 'Move page Details' }), await centreOf(page.getByTestId('builder-preview')));
    await page.waitForTimeout(300);
    expect(await names(page)).toEqual(['Review', 'Welcome', 'Details']);

    // By keyboard: Space picks Details up, two ArrowUps carry it to the top, Space drops it.
    const handle = rowNamed(page, 'Details').getByRole('button', { name: 'Move page Details' });
    await handle.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(250);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(250);
    await page.keyboard.press('Space');
    await expect.poll(() => names(page)).toEqual(['Details', 'Review', 'Welcome']);
    expect(await numbers(page)).toEqual(['1', '2', '3']);
    await expect(rowNamed(page, 'Details')).toContainText('Start');
    await expect(rowNamed(page, 'Welcome')).toContainText('End');

    // The preview connects (the template is sent 2 s after the frame is ready) and follows the active page.
    const preview = page.getByTestId('builder-preview');
    await expect(preview).toHaveAttribute('data-connected', 'true', { timeout: 10_000 });
    const frame = page.frameLocator('[data-testid="builder-preview"]');
    await expect(frame.getByText('Intake, first version')).toBeVisible();
    await rowNamed(page, 'Review').getByRole('button', { name: /Review/ }).last().click();
    await expect(rowNamed(page, 'Review')).toContainText('Active');
    await expect(frame.locator('#page-title')).toHaveText('Page 2 of 3: Review');
    // The frame's own buttons post movement messages: Next makes the next page active, First page (-1) the first.
    await frame.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => activeName(page)).toBe('Welcome');
    await expect(frame.locator('#page-title')).toHaveText('Page 3 of 3: Welcome');
    await frame.getByRole('button', { name: 'First page' }).click();
    await expect.poll(() => activeName(page)).toBe('Details');

    // Content: the new text; the preview shows only the active page's section.
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByLabel('Template (HTML)').fill(SECOND_TEXT);
    await expect(frame.getByText('Second version: start here')).toBeVisible();
    await expect(frame.getByText('Second version: the end')).toBeHidden();
    await page.getByRole('tab', { name: 'Constraints' }).click();
    await expect(page.getByText('“Details” is the Start page')).toBeVisible();
    await page.screenshot({ path: shotPath('hib-builder-1280') });
    expect(await axeViolations(page)).toEqual([]);

    // Save: a new version through the outbox.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Template edited successfully!')).toBeVisible();
    await expect(page.getByTestId('builder-version')).toHaveText('Version 2', { timeout: 15_000 });
    await expect
      .poll(async () => (await pullAll(request, token, 'config')).find((doc) => doc.id === templateId)?.version, { timeout: 15_000 })
      .toBe(2);

    // A ticket made after the save holds the new text and version; the one made before keeps its own.
    const after = await ticketOfNewRun(request, token, appId, `inst-e2e-hib-${stamp}-2`);
    expect(after).toMatchObject({ template: SECOND_TEXT, templateVersion: 2 });
    await page.goto(`/tickets/${String(before.id)}`);
    await expect(page.frameLocator('[data-testid="ticket-template"]').getByText('Intake, first version')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('ticket-template-version')).toContainText('Template version 1');
    await page.goto(`/tickets/${String(after.id)}`);
    await expect(page.frameLocator('[data-testid="ticket-template"]').getByText('Second version: start here')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('ticket-template-version')).toContainText('Template version 2');

    // Below desktop width the builder says it is desktop only, and Go back returns to the list.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/builder/${templateId}/share`);
    await expect(page.getByText('The Template Builder is available exclusively on desktop.')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: shotPath('hib-builder-390') });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/builder(\?|$)/);
  });

  test('an unknown template id goes back to the builder list', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/builder/tpl-no-such-template/integrate');
    await expect(page).toHaveURL(/\/builder(\?|$)/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Node templates', level: 1 })).toBeVisible();
  });
});
