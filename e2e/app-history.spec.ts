import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';
import { shotPath } from './pages/layout.ts';

const INSPECTIONS = { id: 'app-demo-inspections', name: 'Field Inspections' };
const CLAIMS = { id: 'app-demo-claims', name: 'Claims Intake' };

/** Runs a change as the console's outbox would send it, answering its outcome. */
async function serverMutation(request: APIRequestContext, token: string, name: string, args: unknown): Promise<{ status: string; code?: string }> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${token}` },
    data: { clientId: `e2e-history-${stamp}`, mutations: [{ id: `history-${stamp}`, name, args, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`${name} failed: ${reply.status()} ${await reply.text()}`);
  return ((await reply.json()) as { results: { status: string; code?: string }[] }).results[0]!;
}

/** The newest version of a run the pull answers (a run moved during the pull comes twice). */
const runDoc = async (request: APIRequestContext, token: string, id: string) => (await pullAll(request, token, 'runs')).filter((doc) => doc.id === id).at(-1);
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();
/** The history's rows as the table shows them at desktop width. */
const tableRows = (page: Page) => page.locator('table tbody tr[data-instance-id]');

/**
 * Issue 14, second slice: the administrator starts three test runs of Field Inspections from the Apps list, finds
 * them in App history (filters in the URL, the range only with two dates), opens one and follows it live until its
 * ticket is canceled; a new run shows in the history without a reload.
 */
test('an administrator generates three instances, finds them in App history and follows one live', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/apps');
  const card = page.locator(`li[data-app-id="${INSPECTIONS.id}"]`);
  await expect(card).toBeVisible({ timeout: 30_000 });
  // Field Inspections already has the runs behind the field team's open tickets.
  const seeded = new Set((await pullAll(request, token, 'runs')).filter((doc) => doc.kind === 'instance' && doc.appId === INSPECTIONS.id && !doc.deleted).map((doc) => doc.id)).size;
  const instancesStat = card.getByTestId('app-stats').locator('div').filter({ hasText: 'Instances' }).locator('dd');
  const before = Number(await instancesStat.textContent());

  // The modal checks what it is given before anything is sent.
  await card.getByRole('button', { name: `Generate instances of ${INSPECTIONS.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Generate instances of ${INSPECTIONS.name}` });
  await dialog.getByLabel('How many (1 to 50)').fill('51');
  await dialog.getByLabel('JSON').check();
  await dialog.getByLabel('Values (a JSON object)').fill('[1, 2]');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(dialog.getByText('Enter a whole number from 1 to 50')).toBeVisible();
  await expect(dialog.getByText('The values must be a JSON object')).toBeVisible();
  await dialog.getByLabel('How many (1 to 50)').fill('3');
  await dialog.getByLabel('Name and value').check();
  await dialog.getByLabel('Name 1', { exact: true }).fill('plate');
  await dialog.getByLabel('Value 1', { exact: true }).fill('ABC-123');
  await dialog.getByRole('button', { name: 'Add value' }).click();
  await dialog.getByLabel('Name 2', { exact: true }).fill('estimate');
  await dialog.getByLabel('Value 2', { exact: true }).fill('1200');
  await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(toast(page, '3 instances started')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The card counts them at once, and App History lists them first (newest first).
  await expect(instancesStat).toHaveText(String(before + 3));
  await card.getByRole('link', { name: `App History of ${INSPECTIONS.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/apps/history\\?appId=${INSPECTIONS.id}`));
  await expect(page).toHaveTitle(new RegExp(`^App History · ${INSPECTIONS.name}`));
  const count = page.getByTestId('history-count');
  await expect(count).toHaveText(`${seeded + 3} instances`, { timeout: 30_000 });
  // A pull may meet a run twice when the engine moves it meanwhile.
  const generated = [
    ...new Set(
      (await pullAll(request, token, 'runs'))
        .filter((doc) => doc.kind === 'instance' && doc.appId === INSPECTIONS.id && (doc.values as Record<string, unknown>).plate === 'ABC-123')
        .map((doc) => doc.id),
    ),
  ];
  expect(generated).toHaveLength(3);
  const firstThree = async () => (await tableRows(page).evaluateAll((rows) => rows.map((row) => row.getAttribute('data-instance-id') ?? ''))).slice(0, 3).sort();
  expect(await firstThree()).toEqual([...generated].sort());
  // The engine takes each to its human-interface stage, where it waits: RUNNING, and HOLD in the filter's words.
  for (const id of generated) await expect(page.locator(`tr[data-instance-id="${id}"]`)).toContainText('RUNNING', { timeout: 30_000 });
  const ids = [...generated];

  const status = (name: string) => page.getByRole('checkbox', { name });
  await status('ERROR').check();
  await expect(page).toHaveURL(/status=/);
  await expect(page.getByText('No instances match these filters')).toBeVisible();
  await status('HOLD').check();
  await expect(count).toHaveText(`${seeded + 3} instances`);
  await page.reload();
  await expect(status('HOLD')).toBeChecked({ timeout: 30_000 });
  await expect(count).toHaveText(`${seeded + 3} instances`);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).not.toHaveURL(/status=/);
  // The range applies only when both dates are chosen (part 1 §5).
  await page.getByLabel('From', { exact: true }).fill('2099-01-01');
  await expect(count).toHaveText(`${seeded + 3} instances`);
  await page.getByLabel('To', { exact: true }).fill('2099-01-31');
  await expect(page.getByText('No instances match these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count).toHaveText(`${seeded + 3} instances`);
  await page.screenshot({ path: shotPath('history-1280'), fullPage: true });

  // Live: a run started elsewhere shows without a reload.
  const fourth = `inst-e2e-${Date.now()}`;
  expect(await serverMutation(request, token, 'instance.start', { appId: INSPECTIONS.id, ids: [fourth], values: { plate: 'XYZ-999' } })).toMatchObject({ status: 'applied' });
  await expect(count).toHaveText(`${seeded + 4} instances`, { timeout: 30_000 });
  await expect(tableRows(page).first()).toHaveAttribute('data-instance-id', fourth);
  ids.push(fourth);

  // Open one of the three from its id (keyboard: the id is a link, Enter follows it).
  const target = ids[2]!;
  await page.getByRole('link', { name: target }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/instances/${target}$`));
  const general = page.locator('[data-fold="general"]');
  const stages = page.locator('[data-fold="stages"]');
  await expect(general.locator('[data-field="status"]')).toContainText('RUNNING', { timeout: 30_000 });
  await expect(general.locator('[data-field="app"]')).toContainText(INSPECTIONS.name);
  await expect(general.getByText('ABC-123')).toBeVisible();
  await expect(general.locator('[data-field="ended"]')).toHaveCount(0);
  await expect(stages.locator('li[data-stage-key="start"]')).toContainText('SUCCESS');
  const inspection = stages.locator('li[data-stage-key="inspection"]');
  await expect(inspection).toContainText('WAITING');
  await expect(inspection).toContainText('human-interface');
  await expect(page.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await page.screenshot({ path: shotPath('instance-1280'), fullPage: true });

  // Phone width: cards instead of the table, nothing sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: shotPath('instance-390'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.goBack();
  await expect(page.locator(`ul li[data-instance-id="${fourth}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('table')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: shotPath('history-390'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/instances/${target}`);
  await expect(general.locator('[data-field="status"]')).toContainText('RUNNING', { timeout: 30_000 });

  // Its ticket is canceled elsewhere: the open detail follows, and the run ends INCOMPLETE. The other test runs'
  // tickets are canceled too, so the shared demo inbox is left as it was.
  // The engine reaches the fourth run's human-interface stage on its own time: wait until every ticket exists.
  const openTicket = async (id: string) => (await pullAll(request, token, 'tickets')).findLast((doc) => doc.instanceId === id && doc.state === 'open');
  for (const id of ids) await expect.poll(() => openTicket(id), { message: `ticket of ${id}`, timeout: 30_000 }).toBeDefined();
  for (const id of ids) {
    const ticket = await openTicket(id);
    await serverMutation(request, token, 'ticket.claim', { ticketId: ticket!.id });
    expect(await serverMutation(request, token, 'ticket.cancel', { ticketId: ticket!.id })).toMatchObject({ status: 'applied' });
  }
  await expect(general.locator('[data-field="status"]')).toContainText('INCOMPLETE', { timeout: 30_000 });
  await expect(general.locator('[data-field="ended"]')).toBeVisible();
  await expect(inspection).toContainText('UNKNOWN');
});

/** A failed Claims Intake run (seeded: its policy lookup timed out) offers Retry, which runs it again once. */
test('a failed instance shows Retry, and retrying runs it again once; the history pages past 10', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto(`/apps/history?appId=${CLAIMS.id}`);
  await expect(tableRows(page)).toHaveCount(10, { timeout: 30_000 });
  const pager = page.getByRole('navigation', { name: /Instances of Claims Intake/ });
  await expect(pager).toContainText('Page 1 of');
  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(pager).toContainText('Page 2 of');
  await page.reload();
  await expect(page.getByRole('navigation', { name: /Instances of Claims Intake/ })).toContainText('Page 2 of', { timeout: 30_000 });

  await page.getByRole('checkbox', { name: 'ERROR' }).check();
  await expect(page).not.toHaveURL(/page=/);
  // The four seeded failures, and any run the daily claims event (9:00 in the calendar's zone) started and failed
  // while the journeys ran: compared with the server's failed runs of the app at the same moment.
  await expect(async () => {
    const runs = new Map((await pullAll(request, token, 'runs')).filter((doc) => doc.kind === 'instance' && doc.appId === CLAIMS.id).map((doc) => [doc.id, doc]));
    const failedRuns = [...runs.values()].filter((doc) => !doc.deleted && doc.status === 'ERROR').length;
    expect(failedRuns).toBeGreaterThanOrEqual(4);
    await expect(tableRows(page)).toHaveCount(Math.min(10, failedRuns), { timeout: 2_000 });
    await expect(tableRows(page).filter({ hasText: 'ERROR' })).toHaveCount(Math.min(10, failedRuns), { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  // A seeded failure (a run the daily event started meanwhile fails otherwise): a click anywhere on its row opens it.
  const seededFailures = [...new Map((await pullAll(request, token, 'runs')).map((doc) => [doc.id, doc])).values()].filter(
    (doc) => doc.kind === 'instance' && doc.appId === CLAIMS.id && doc.status === 'ERROR' && doc.attempt === 3 && String(doc.error).includes('Policy lookup timed out'),
  );
  expect(seededFailures.length).toBeGreaterThan(0);
  const failed = seededFailures[0]!.id;
  await page.locator(`table tbody tr[data-instance-id="${failed}"]`).locator('td').nth(2).click();
  await expect(page).toHaveURL(new RegExp(`/instances/${failed}$`));

  const general = page.locator('[data-fold="general"]');
  await expect(general.locator('[data-field="status"]')).toContainText('ERROR', { timeout: 30_000 });
  await expect(general.locator('[data-field="attempt"]')).toContainText('3');
  await expect(general.locator('[data-field="error"]')).toContainText('Policy lookup timed out');
  await expect(page.locator('li[data-stage-key="policy"]')).toContainText('FAILED');
  // A double click retries once (part 1 §9 guard).
  await page.getByRole('button', { name: 'Retry from the failed stage' }).dblclick();
  await expect(toast(page, 'Instance retried successfully')).toBeVisible();
  await expect(general.locator('[data-field="attempt"]')).toContainText('4');
  await expect.poll(async () => (await runDoc(request, token, failed))?.attempt, { timeout: 30_000 }).toBe(4);
  // The retried stage is a new visit; the failed one stays in the list.
  await expect(page.locator('li[data-stage-key="policy"]')).toHaveCount(2, { timeout: 30_000 });
  await page.waitForTimeout(1500);
  expect((await runDoc(request, token, failed))?.attempt).toBe(4);
});

/** Offline, a retry (here from the start) shows at once, is kept on this device, and is sent when the network returns. */
test('offline, a retry from the start is queued, shown at once, and sent when the network returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto(`/apps/history?appId=${CLAIMS.id}&status=ERROR`);
    await waitForOfflineReady(page);
    await expect(tableRows(page).last()).toBeVisible({ timeout: 30_000 });
    const failed = String(await tableRows(page).last().getAttribute('data-instance-id'));
    await page.getByRole('link', { name: failed }).click();
    const general = page.locator('[data-fold="general"]');
    await expect(general.locator('[data-field="status"]')).toContainText('ERROR', { timeout: 30_000 });
    const attempt = Number((await general.locator('[data-field="attempt"] dd').textContent()) ?? '0');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Retry from the start' }).click();
    await expect(toast(page, 'Saved on this device; it will be sent when you are back online')).toBeVisible();
    await expect(general.locator('[data-field="status"]')).toContainText('RUNNING');
    await expect(general.locator('[data-field="attempt"]')).toContainText(String(attempt + 1));
    await expect(page.getByText('Waiting to be sent')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Retry from the start' })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await runDoc(request, token, failed))?.attempt, { timeout: 30_000 }).toBe(attempt + 1);
  } finally {
    await context.setOffline(false);
  }
});

test('an unknown instance and an unknown app say they were not found; an app without instances goes back to Apps', async ({ page, request }) => {
  const token = await apiToken(request, ADMIN);
  const stamp = Date.now();
  const empty = { id: `app-e2e-empty-${stamp}`, flowId: `flow-e2e-empty-${stamp}`, name: `Empty ${stamp}`, description: 'No runs yet', engine: { id: 'eng-demo-main' } };
  expect(await serverMutation(request, token, 'app.create', empty)).toMatchObject({ status: 'applied' });
  await new ShellPage(page).signInAs(ADMIN);
  try {
    await page.goto(`/apps/history?appId=${empty.id}`);
    await expect(toast(page, `${empty.name} has no instances yet`)).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/apps$/);
  } finally {
    await serverMutation(request, token, 'app.delete', { id: empty.id });
  }
  await page.goto('/instances/inst-does-not-exist');
  await expect(page.getByRole('heading', { name: 'Instance not found' })).toBeAttached({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to Apps' }).click();
  await expect(page).toHaveURL(/\/apps$/);
  await page.goto('/apps/history?appId=app-does-not-exist');
  await expect(page.getByRole('heading', { name: 'App not found' })).toBeAttached({ timeout: 30_000 });
});
