import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

type Stage = { key: string; nodeType: string; name?: string; templateId?: string; config?: Record<string, unknown>; transitions: { to: string; when?: unknown }[] };

/** start → "Review" (human interface: Claims Desk with the seeded claim review form) → end. */
const REVIEW_FLOW: Stage[] = [
  { key: 'start', name: 'Start', nodeType: 'start', transitions: [{ to: 'task' }] },
  { key: 'task', name: 'Review', nodeType: 'human-interface', templateId: 'tpl-demo-claim-review', config: { teamId: 'team-demo-claims', slaSeconds: 3600 }, transitions: [{ to: 'end' }] },
  { key: 'end', name: 'End', nodeType: 'end', transitions: [] },
];

/** A flow of its own for one journey (journeys share one e2e server), made over the REST call. */
async function createFlow(request: APIRequestContext, token: string, name: string, stages: Stage[] = REVIEW_FLOW): Promise<string> {
  const reply = await request.post('/flowmanager/flows', { headers: { authorization: `Bearer ${token}` }, data: { name, description: `e2e: ${name}`, stages } });
  if (!reply.ok()) throw new Error(`creating the flow failed: ${reply.status()} ${await reply.text()}`);
  return String(((await reply.json()) as { id: string }).id);
}

/** The flow's graph as the server holds it now. */
async function serverStages(request: APIRequestContext, token: string, id: string): Promise<Stage[] | undefined> {
  return (await pullAll(request, token, 'config')).find((doc) => doc.id === id)?.stages as Stage[] | undefined;
}
const serverRev = async (request: APIRequestContext, token: string, id: string) => (await pullAll(request, token, 'config')).find((doc) => doc.id === id)?.rev;

const modelerUrl = (id: string, canEdit = true) => `/flows/flow?canEditFlow=${canEdit}&isNewFlow=false&id=${id}`;
const node = (page: Page, key: string) => page.locator(`.react-flow__node[data-id="${key}"]`);
/** The stage drawn with the red outline of a stage that has problems. */
const invalidStage = (page: Page, key: string) => node(page, key).locator('[data-invalid="true"]');
/** Where the canvas places a stage, in the flow's own coordinates (the view may pan and zoom). */
const placement = (page: Page, key: string) => node(page, key).evaluate((element) => (element as HTMLElement).style.transform);
const panel = (page: Page) => page.getByRole('complementary', { name: 'Selected stage or transition' });

async function openModeler(page: Page, id: string, canEdit = true) {
  await page.goto(modelerUrl(id, canEdit));
  await expect(node(page, 'start')).toBeVisible({ timeout: 30_000 });
}

test.describe('flows list and modeler', () => {
  test.setTimeout(150_000);

  test('the flows list sorts, searches (in the URL) and opens a flow by its row', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/flows');
    const rows = page.locator('tr[data-flow-id]');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveTitle(/^Flow List · /);
    for (const header of ['#', 'Workflow ID', 'Flow', 'Description']) await expect(page.getByRole('columnheader', { name: `Sort by ${header}`, exact: true })).toBeVisible();

    // Flow, descending: the names read in reverse order, and the header says so.
    const flowHeader = page.getByRole('columnheader', { name: 'Sort by Flow', exact: true });
    await page.getByRole('button', { name: 'Sort by Flow' }).click();
    await expect(flowHeader).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await rows.locator('td:nth-child(3) a').allTextContents();
    expect(ascending).toEqual([...ascending].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.getByRole('button', { name: 'Sort by Flow' }).click();
    await expect(flowHeader).toHaveAttribute('aria-sort', 'descending');
    expect(await rows.locator('td:nth-child(3) a').allTextContents()).toEqual([...ascending].reverse());

    // The search matches the name, the id or the description, is kept in the URL, and an empty result says so.
    const search = page.getByRole('searchbox', { name: 'Search flows by name, ID or description' });
    await search.fill('onboarding');
    await expect(page).toHaveURL(/[?&]q=onboarding/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute('data-flow-id', 'flow-demo-onboarding');
    await search.fill('no such flow at all');
    await expect(page.getByText('No flows found!')).toBeVisible();
    await search.fill('onboarding');
    await expect(rows).toHaveCount(1);

    // A click on the row (not on its link) opens the modeler on that flow, editable and not new.
    await rows.first().locator('td').nth(3).click();
    await expect(page).toHaveURL(/\/flows\/flow\?.*canEditFlow=true/);
    await expect(page).toHaveURL(/isNewFlow=false/);
    await expect(page).toHaveURL(/id=flow-demo-onboarding/);
    await expect(page.getByRole('heading', { level: 1, name: 'AppFlow_Customer Onboarding' })).toBeVisible({ timeout: 30_000 });
    await expect(node(page, 'verify')).toBeVisible();
    // The seeded flow is valid as it is (its settings come from its node templates): nothing to fix, nothing unsaved.
    await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved');
    await expect(page.getByTestId('save-blocked')).toHaveCount(0);

    // Back to the list: Enter on a flow's link opens it too.
    await page.goBack();
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Open flow AppFlow_Customer Onboarding' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/id=flow-demo-onboarding/);
  });

  test('the admin puts an e-mail stage between the human task and the end, fills it in, connects it and saves it to the server', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const id = await createFlow(request, token, `Modeler ${Date.now()}`);
    await new ShellPage(page).signInAs(ADMIN);
    await openModeler(page, id);

    // Take the human task's transition to the end away.
    await node(page, 'task').click();
    await expect(panel(page).getByRole('heading', { name: 'Stage Review' })).toBeVisible();
    await panel(page).getByRole('button', { name: 'Delete transition: End' }).click();
    // Now the end cannot be reached and the task reaches no end: both stages say so, and Save says why it is off.
    await expect(invalidStage(page, 'end')).toBeVisible();
    await expect(node(page, 'end')).toContainText('No path from the start reaches this stage');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.getByTestId('save-blocked')).toContainText('Cannot save');

    // Add an e-mail stage from the palette; its form shows what is missing.
    await page.getByRole('button', { name: 'Add E-mail stage' }).click();
    await expect(node(page, 'email')).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Stage E-mail' })).toBeVisible();
    await expect(panel(page).getByText('The recipient is required')).toBeVisible();
    await panel(page).getByLabel('Name', { exact: true }).fill('Tell the customer');
    await panel(page).getByLabel('To', { exact: true }).fill('{{email}}');
    await panel(page).getByLabel('Subject', { exact: true }).fill('Your claim {{policyNumber}}');
    await panel(page).getByLabel('Body', { exact: true }).fill('Dear {{customerName}}, we have reviewed your claim.');
    await expect(panel(page).getByText('The recipient is required')).toHaveCount(0);
    await panel(page).getByLabel('Add transition to…').selectOption({ label: 'End (end)' });

    // Connect the task to it, with a condition from the rule builder.
    await node(page, 'task').click();
    await panel(page).getByLabel('Add transition to…').selectOption({ label: 'Tell the customer (email)' });
    await panel(page).getByRole('button', { name: /^To Tell the customer/ }).click();
    await expect(page.getByTestId('transition-panel')).toBeVisible();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Field 1').fill('decision');
    await page.getByLabel('Value 1').fill('approved');
    await expect(page.getByTestId('json-logic')).toContainText('"=="');
    await expect(page.getByTestId('json-logic')).toContainText('"decision"');

    // Valid again: nothing is flagged, and Save sends it.
    await expect(page.locator('[data-invalid="true"]')).toHaveCount(0);
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved · /, { timeout: 30_000 });
    await expect
      .poll(async () => (await serverStages(request, token, id))?.find((s) => s.key === 'email'), { timeout: 30_000 })
      .toMatchObject({ nodeType: 'email', name: 'Tell the customer', config: { to: '{{email}}', subject: 'Your claim {{policyNumber}}', body: 'Dear {{customerName}}, we have reviewed your claim.' }, transitions: [{ to: 'end' }] });
    const task = (await serverStages(request, token, id))!.find((s) => s.key === 'task')!;
    expect(task.transitions).toEqual([{ to: 'email', when: { '==': [{ var: 'decision' }, 'approved'] } }]);

    // Undo from the keyboard (on the canvas, not in a field, whose Ctrl+Z is the field's own) takes the last step
    // back; redo puts it again.
    await node(page, 'start').click();
    await page.keyboard.press('Control+z');
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');
    await page.keyboard.press('Control+Shift+z');
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved · /);

    // Delete from the keyboard removes the selected stage (and the transitions into it).
    await node(page, 'email').click();
    await page.keyboard.press('Delete');
    await expect(node(page, 'email')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(node(page, 'email')).toBeVisible();
  });

  test('an unreachable stage blocks saving, shows why on itself, and the autosave leaves the server alone', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const id = await createFlow(request, token, `Unreachable ${Date.now()}`);
    const before = await serverStages(request, token, id);
    await page.clock.install();
    await new ShellPage(page).signInAs(ADMIN);
    await openModeler(page, id);

    await page.getByRole('button', { name: 'Add Script stage' }).click();
    const script = node(page, 'script');
    await expect(invalidStage(page, 'script')).toBeVisible();
    await expect(script.getByTestId('stage-problems')).toContainText('No path from the start reaches this stage');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expect(page.getByTestId('save-blocked')).toContainText('Cannot save: Script: No path from the start reaches this stage');
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved: fix the problems to save');
    await page.clock.fastForward(31_000);
    await page.clock.fastForward(31_000);
    expect(await serverStages(request, token, id)).toEqual(before);
  });

  test('the modeler saves by itself every 30 s, offline too: the change waits and reaches the server once', async ({ page, context, request }) => {
    const token = await apiToken(request, ADMIN);
    const id = await createFlow(request, token, `Autosave ${Date.now()}`);
    await page.clock.install();
    await new ShellPage(page).signInAs(ADMIN);
    await openModeler(page, id);
    const status = page.getByTestId('save-status');
    const renameTask = async (name: string) => {
      await node(page, 'task').click();
      await panel(page).getByLabel('Name', { exact: true }).fill(name);
      await expect(status).toHaveText('Unsaved changes');
    };
    const serverTaskName = async () => (await serverStages(request, token, id))?.find((s) => s.key === 'task')?.name;

    // Online: nothing is sent before 30 s; at 30 s the change goes.
    await renameTask('Review online');
    await page.clock.fastForward(20_000);
    expect(await serverTaskName()).toBe('Review');
    await page.clock.fastForward(11_000);
    await expect.poll(serverTaskName, { timeout: 30_000 }).toBe('Review online');
    await expect(status).toHaveText(/^Saved · /, { timeout: 30_000 });
    await page.clock.fastForward(12_000);
    await expect(status).toHaveText(/^Saved · 1\d s ago$/);

    // Offline: the autosave queues the change in the outbox; the page says it waits; the server has the old name.
    await context.setOffline(true);
    await renameTask('Review offline');
    await page.clock.fastForward(31_000);
    await expect(status).toHaveText('Waiting to be sent', { timeout: 30_000 });
    expect(await serverTaskName()).toBe('Review online');

    // Back online: it reaches the server, once — later ticks find nothing to send.
    await context.setOffline(false);
    await expect.poll(serverTaskName, { timeout: 60_000 }).toBe('Review offline');
    await expect(status).toHaveText(/^Saved · /, { timeout: 30_000 });
    const rev = await serverRev(request, token, id);
    await page.clock.fastForward(31_000);
    await page.clock.fastForward(31_000);
    expect(await serverRev(request, token, id)).toBe(rev);
  });

  test('a stage dragged from the palette lands where it is dropped, and leaving the modeler saves the change', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    const id = await createFlow(request, token, `Leave ${Date.now()}`);
    await new ShellPage(page).signInAs(ADMIN);
    await openModeler(page, id);
    const canvas = page.getByTestId('flow-canvas');
    // The first load's note above the screen goes when the replica is in, moving the page up under the pointer: a
    // drag started then may press on the palette's hint instead of the button. Drag once the page holds still.
    await expect(page.getByTestId('background-load')).toHaveCount(0, { timeout: 30_000 });
    const box = (await canvas.boundingBox())!;
    // A drag the browser starts while the canvas is still settling (a loaded machine) can end without a drop: the
    // user would simply drag again, and so does the journey — but never once the stage is there.
    await expect(async () => {
      if ((await node(page, 'timer').count()) === 0) {
        await page.getByRole('button', { name: 'Add Timer stage' }).dragTo(canvas, { targetPosition: { x: box.width / 2, y: box.height - 60 } });
      }
      await expect(node(page, 'timer')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const dropped = (await node(page, 'timer').boundingBox())!;
    expect(dropped.y).toBeGreaterThan(box.y + box.height / 2);
    // A timer nothing leads to: connect it between the task and the end so the flow stays valid, then leave.
    await panel(page).getByLabel('Add transition to…').selectOption({ label: 'End (end)' });
    await node(page, 'task').click();
    await panel(page).getByLabel('Add transition to…').selectOption({ label: 'Timer (timer)' });
    await expect(page.getByTestId('save-status')).toHaveText('Unsaved changes');
    await new ShellPage(page).menuLink(/^Flow List/).click();
    await expect(page).toHaveURL(/\/flows$/);
    await expect.poll(async () => (await serverStages(request, token, id))?.find((s) => s.key === 'timer')?.transitions, { timeout: 30_000 }).toEqual([{ to: 'end' }]);
  });

  test('a WFREADONLY user sees the canvas read-only', async ({ browser, request }) => {
    const token = await apiToken(request, ADMIN);
    const id = await createFlow(request, token, `Read only ${Date.now()}`);
    // The demo workspace has no WFREADONLY account and the API makes none, so the account as the server sends
    // it at start-up gets the right (what the console reads it from). The server's refusal of such a user's
    // flow.update is proved in tests/server/sync/flowMutations.test.ts.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route('**/users/usr-demo-admin', async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as Record<string, unknown>;
      await route.fulfill({ response: reply, json: { ...body, rights: [{ id: 'WFREADONLY' }] } });
    });
    try {
      await new ShellPage(page).signInAs(ADMIN);
      await openModeler(page, id);
      await expect(page.getByTestId('read-only-reason')).toHaveText('Your account can view flows but not change them.');
      await expect(page.getByText('Read only', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Add E-mail stage' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
      // The stage can be looked at, not changed: its fields are disabled, Delete does nothing, a drag moves nothing.
      await node(page, 'task').click();
      await expect(panel(page).getByLabel('Name', { exact: true })).toBeDisabled();
      await expect(panel(page).getByRole('button', { name: 'Delete stage' })).toHaveCount(0);
      await page.keyboard.press('Delete');
      await expect(node(page, 'task')).toBeVisible();
      const placed = await placement(page, 'task');
      const box = (await node(page, 'task').boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + 200, box.y + 150, { steps: 5 });
      await page.mouse.up();
      expect(await placement(page, 'task')).toBe(placed);
      await expect(page.locator('.react-flow__handle.connectable')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('opened without canEditFlow the canvas is read-only; an unknown id is not found; a new flow without id goes back', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    await openModeler(page, 'flow-demo-claims', false);
    await expect(page.getByTestId('read-only-reason')).toHaveText('This flow was opened for viewing.');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);

    await page.goto('/flows/flow?canEditFlow=true&isNewFlow=false&id=flow-does-not-exist');
    await expect(page.getByText('Flow not found', { exact: true })).toBeVisible({ timeout: 30_000 });

    await page.goto('/flows');
    await expect(page.locator('tr[data-flow-id]').first()).toBeVisible({ timeout: 30_000 });
    await page.goto('/flows/flow?canEditFlow=true&isNewFlow=true');
    await expect(page).toHaveURL(/\/flows$/);
  });

  test('New workflow creates a flow through the outbox and opens it in the modeler', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/flows');
    await expect(page.locator('tr[data-flow-id]').first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog', { name: 'New workflow' });
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    const name = `Fresh flow ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await expect(page).toHaveURL(/\/flows\/flow\?.*isNewFlow=true/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible({ timeout: 30_000 });
    await expect(node(page, 'start')).toBeVisible();
    await expect(node(page, 'end')).toBeVisible();
    const id = new URL(page.url()).searchParams.get('id')!;
    await expect.poll(async () => (await pullAll(request, token, 'config')).find((doc) => doc.id === id)?.name, { timeout: 30_000 }).toBe(name);
  });

  test('the flows list and the modeler fit at 1,280 and 390 px', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.goto('/flows');
      // A table on a desktop, a card per flow on a phone.
      await expect(page.locator(width === 390 ? 'li[data-flow-id]' : 'tr[data-flow-id]').first()).toBeVisible({ timeout: 30_000 });
      await expectNoSidewaysScroll(page, `/flows at ${width} px`);
      await page.screenshot({ path: shotPath(`flows-list-${width}`), fullPage: true });
      await openModeler(page, 'flow-demo-claims');
      await node(page, 'review').click();
      await expect(panel(page).getByRole('heading', { name: 'Stage Claim review' })).toBeVisible();
      await expectNoSidewaysScroll(page, `/flows/flow at ${width} px`);
      await page.screenshot({ path: shotPath(`flows-modeler-${width}`), fullPage: true });
      await page.locator('#main-content').evaluate((main) => main.scrollTo(0, main.scrollHeight));
      await page.screenshot({ path: shotPath(`flows-modeler-lower-${width}`) });
    }
  });
});
