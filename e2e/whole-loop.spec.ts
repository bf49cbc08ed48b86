import { expect, test, type Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { latestMail } from './pages/mailDrop.ts';
import { apiToken, pullAll, serverMutation } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

const node = (page: Page, key: string) => page.locator(`.react-flow__node[data-id="${key}"]`);
const panel = (page: Page) => page.getByRole('complementary', { name: 'Selected stage or transition' });
const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/** The URL, bearer token and body of the example request the webhook form shows (eventRules.webhookCurl). */
function parseCurl(curl: string): { url: string; token: string; body: string } {
  const url = /curl -X POST '([^']+)'/.exec(curl)?.[1];
  const token = /-H 'Authorization: Bearer ([^']+)'/.exec(curl)?.[1];
  const body = /-d '([^']+)'/.exec(curl)?.[1];
  if (url === undefined || token === undefined || body === undefined) throw new Error(`not a curl line this test knows: ${curl}`);
  return { url, token, body };
}

/**
 * Issue 14, the whole loop: the administrator draws start → human interface (Claims Desk, the seeded claim review
 * form) → e-mail → end in the modeler, gives it to a new app, adds a webhook event and sends the request the screen
 * shows; the run waits RUNNING in App history; the agent solves the ticket it opened in another browser; the
 * administrator's open instance detail turns DONE by itself, with every stage and the values the webhook sent.
 */
test('the whole loop: a drawn flow, an app started by its webhook, a ticket solved by the agent, the run DONE live', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const flowName = `Intake flow ${stamp}`;
  const appName = `Intake ${stamp}`;
  const mailTo = `intake-${stamp}@example.test`;
  const subject = `Intake ${stamp} reviewed`;
  const token = await apiToken(request, ADMIN);
  let appId: string | null = null;
  let instanceId: string | null = null;
  const agentContext = await browser.newContext();

  try {
    // 1. The flow: New workflow on /flows gives start → end; the modeler puts the human task and the e-mail between.
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/flows');
    await expect(page.locator('tr[data-flow-id]').first()).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New workflow' }).click();
    const newFlow = page.getByRole('dialog', { name: 'New workflow' });
    await newFlow.getByLabel('Name').fill(flowName);
    await newFlow.getByRole('button', { name: 'Create and open' }).click();
    await expect(page.getByRole('heading', { level: 1, name: flowName })).toBeVisible({ timeout: 30_000 });
    await expect(node(page, 'end')).toBeVisible();
    const flowId = new URL(page.url()).searchParams.get('id')!;

    await page.getByRole('button', { name: 'Add Human interface stage' }).click();
    await expect(panel(page).getByRole('heading', { name: /^Stage / })).toBeVisible();
    const taskKey = String(await page.locator('.react-flow__node.selected').getAttribute('data-id'));
    await panel(page).getByLabel('Name', { exact: true }).fill('Review the request');
    await panel(page).getByLabel('Team', { exact: true }).selectOption({ label: 'Claims Desk' });
    await panel(page).getByLabel('Form (node template)').selectOption({ label: 'Claim review' });

    await page.getByRole('button', { name: 'Add E-mail stage' }).click();
    await expect(panel(page).getByRole('heading', { name: 'Stage E-mail' })).toBeVisible();
    const mailKey = String(await page.locator('.react-flow__node.selected').getAttribute('data-id'));
    await panel(page).getByLabel('Name', { exact: true }).fill('Tell the requester');
    await panel(page).getByLabel('To', { exact: true }).fill(mailTo);
    await panel(page).getByLabel('Subject', { exact: true }).fill(subject);
    await panel(page).getByLabel('Body', { exact: true }).fill('Your request from {{source}} has been reviewed.');
    await panel(page).getByLabel('Add transition to…').selectOption({ label: 'End (end)' });

    await node(page, taskKey).click();
    await panel(page).getByLabel('Add transition to…').selectOption({ label: `Tell the requester (${mailKey})` });
    await node(page, 'start').click();
    await panel(page).getByRole('button', { name: 'Delete transition: End' }).click();
    await panel(page).getByLabel('Add transition to…').selectOption({ label: `Review the request (${taskKey})` });
    await expect(page.locator('[data-invalid="true"]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('save-status')).toHaveText(/^Saved · /, { timeout: 30_000 });
    await expect
      .poll(async () => {
        const flow = (await pullAll(request, token, 'config')).findLast((doc) => doc.id === flowId);
        return (flow?.stages as { key: string; nodeType: string; transitions: { to: string }[] }[] | undefined)?.map((s) => `${s.nodeType}>${s.transitions.map((t) => t.to).join(',')}`).sort();
      }, { timeout: 30_000 })
      .toEqual(['email>end', 'end>', `human-interface>${mailKey}`, `start>${taskKey}`].sort());

    // 2. The app: created on the Main Engine, then given the flow in App edit → Configuration.
    await page.goto('/apps');
    await expect(page.getByRole('heading', { level: 2, name: 'Main Engine' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New App' }).click();
    const create = page.getByRole('dialog', { name: 'New App' });
    await create.getByLabel('Engine').selectOption({ label: 'Main Engine' });
    await create.getByLabel('Name').fill(appName);
    await create.getByLabel('Description').fill('Takes in requests from the web form');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'App created successfully')).toBeVisible();
    const card = page.locator('li[data-app-id]').filter({ has: page.getByRole('heading', { name: appName, exact: true }) });
    appId = String(await card.getAttribute('data-app-id'));
    await card.getByRole('link', { name: `Edit App ${appName}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: appName })).toBeVisible({ timeout: 30_000 });
    const configuration = page.getByRole('region', { name: 'Configuration' });
    await configuration.getByLabel('Workflow').selectOption({ label: flowName });
    await expect(configuration.getByRole('link', { name: 'Edit workflow' })).toBeVisible();
    await expect.poll(async () => (await pullAll(request, token, 'config')).findLast((doc) => doc.id === appId)?.flowId, { timeout: 30_000 }).toBe(flowId);

    // 3. A webhook event with its token; the test sends the request exactly as the screen shows it.
    await page.getByRole('button', { name: 'Add event' }).click();
    const eventForm = page.getByRole('dialog', { name: 'New event' });
    await eventForm.getByLabel('Event name').fill('Event-Web-Intake');
    await eventForm.getByLabel('Start this event with a webhook').check();
    await eventForm.getByLabel('Passphrase').fill('intake loop');
    await eventForm.getByRole('button', { name: 'Generate Token' }).click();
    const curlField = eventForm.getByTestId('webhook-curl');
    await expect(curlField).toHaveValue(/Authorization: Bearer (?!<YOUR_TOKEN>)/);
    const curl = parseCurl(await curlField.inputValue());
    await eventForm.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Event created successfully')).toBeVisible();
    const eventRow = page.locator('tr', { hasText: 'Event-Web-Intake' });
    const eventId = String(await eventRow.getAttribute('data-event-id'));
    await expect.poll(async () => (await pullAll(request, token, 'config')).findLast((doc) => doc.id === eventId)?.webhookId, { timeout: 30_000 }).toMatch(/^whk-/);

    const delivered = await request.post(curl.url, { headers: { authorization: `Bearer ${curl.token}`, 'content-type': 'application/json' }, data: curl.body });
    expect(delivered.status(), await delivered.text()).toBe(202);
    instanceId = String(((await delivered.json()) as { instanceId: string }).instanceId);

    // 4. App history lists the run, RUNNING (waiting at the human task); its detail stays open from here on.
    await page.goto('/apps');
    await card.getByRole('link', { name: `App History of ${appName}` }).click();
    const row = page.locator(`tr[data-instance-id="${instanceId}"]`);
    await expect(row).toContainText('RUNNING', { timeout: 30_000 });
    await page.getByRole('link', { name: instanceId }).click();
    await expect(page).toHaveURL(new RegExp(`/instances/${instanceId}$`));
    const general = page.locator('[data-fold="general"]');
    const stages = page.locator('[data-fold="stages"]');
    await expect(general.locator('[data-field="status"]')).toContainText('RUNNING', { timeout: 30_000 });
    await expect(general.locator('[data-field="app"]')).toContainText(appName);
    await expect(stages.locator(`li[data-stage-key="${taskKey}"]`)).toContainText('WAITING');
    // A mark on this document: still there at the end means the page was never reloaded.
    await page.evaluate((mark) => Object.assign(window, { wholeLoopMark: mark }), stamp);

    // 5. The agent, in a browser of their own, finds the ticket (its Case ID is the run's id), claims and solves it.
    const agentPage = await agentContext.newPage();
    await agentPage.setViewportSize({ width: 1440, height: 1000 });
    await new ShellPage(agentPage).signInAs(AGENT);
    const inbox = new InboxPage(agentPage);
    await inbox.goto();
    const ticketRow = await inbox.searchCase(instanceId);
    await expect(ticketRow).toContainText('Claims Desk');
    await expect(ticketRow).toContainText('Waiting for operator');
    await ticketRow.getByRole('button', { name: 'Claim' }).click();
    await expect(toast(agentPage, 'Ticket Assigned')).toBeVisible();
    await ticketRow.getByTestId('ticket-case-id').click();
    await expect(inbox.title).toHaveText(`Ticket ${instanceId}`, { timeout: 30_000 });
    await agentPage.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(agentPage.getByText('There are no more tickets in your inbox.')).toBeVisible({ timeout: 15_000 });

    // 6. Without a reload the administrator's detail turns DONE: every stage succeeded, the values are the webhook's.
    await expect(general.locator('[data-field="status"]')).toContainText('DONE', { timeout: 60_000 });
    await expect(general.locator('[data-field="ended"]')).toBeVisible();
    // The flow was drawn and saved before any run used it, so its edits stayed version 1, which the run names.
    await expect(general.locator('[data-field="flowVersion"] dd')).toHaveText('1');
    expect(await page.evaluate(() => (window as unknown as { wholeLoopMark?: number }).wholeLoopMark)).toBe(stamp);
    for (const key of ['start', taskKey, mailKey, 'end']) await expect(stages.locator(`li[data-stage-key="${key}"]`)).toContainText('SUCCESS');
    await expect(stages.locator(`li[data-stage-key="${taskKey}"]`)).toContainText('human-interface');
    await expect(stages.locator(`li[data-stage-key="${mailKey}"]`)).toContainText('email');
    await expect(general).toContainText('source');
    await expect(general).toContainText('curl');
    // No SMTP on the e2e server: the e-mail stage records the message (mail_log and the mail drop) and goes on.
    await expect.poll(async () => (await latestMail(mailTo, subject))?.body, { timeout: 15_000 }).toBe('Your request from curl has been reviewed.');
    const ticket = (await pullAll(request, token, 'tickets')).findLast((doc) => doc.instanceId === instanceId);
    expect(ticket).toMatchObject({ state: 'resolved', teamId: 'team-demo-claims' });
  } finally {
    await agentContext.close();
    // Journeys share one e2e server: an unsolved ticket is canceled (so the agent's inbox is as it was) and the app
    // (with its event and webhook) deleted. The flow stays, as flows cannot be deleted.
    if (instanceId !== null) {
      const open = (await pullAll(request, token, 'tickets')).filter((doc) => doc.instanceId === instanceId && doc.state === 'open');
      for (const doc of open) {
        await serverMutation(request, token, 'ticket.claim', { ticketId: doc.id });
        await serverMutation(request, token, 'ticket.cancel', { ticketId: doc.id });
      }
    }
    if (appId !== null && (await pullAll(request, token, 'config')).findLast((doc) => doc.id === appId)?.deleted === false) await serverMutation(request, token, 'app.delete', { id: appId });
  }
});
