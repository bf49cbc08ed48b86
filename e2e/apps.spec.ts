import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const CALENDAR = { id: 'cal-demo-mx', name: 'Mexico City business days' };
const INSPECTIONS = { id: 'app-demo-inspections', name: 'Field Inspections' };

/** A config document as the server holds it now. */
async function serverDoc(request: APIRequestContext, token: string, id: string) {
  return (await pullAll(request, token, 'config')).find((doc) => doc.id === id);
}

/** Runs a change as the console's outbox would send it: to put the shared demo data back after a journey. */
async function serverMutation(request: APIRequestContext, token: string, name: string, args: unknown): Promise<void> {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const reply = await request.post('/sync/mutations', {
    headers: { authorization: `Bearer ${token}` },
    data: { clientId: `e2e-apps-${stamp}`, mutations: [{ id: `apps-${stamp}`, name, args, at: Date.now() }] },
  });
  if (!reply.ok()) throw new Error(`${name} failed: ${reply.status()} ${await reply.text()}`);
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first();

/**
 * Issue 14, first slice: the administrator searches the apps, creates "Intake" on the demo engine, switches it off
 * and on, picks its calendar, adds a programmed event (five previewed times) and a webhook event whose example
 * request really starts it, then deletes an event and the app.
 */
test('an administrator creates app Intake, gives it a programmed and a webhook event, and deletes it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/apps');
  await expect(page.getByRole('heading', { level: 2, name: 'Main Engine' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle(/^Apps · /);

  // The search is on the name, case-insensitive, kept in the URL; an engine none of whose apps match is left out.
  const search = page.getByRole('searchbox', { name: 'Search apps by name' });
  await search.fill('INSPECT');
  await expect(page).toHaveURL(/[?&]q=INSPECT/);
  await expect(page.locator('li[data-app-id]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Sandbox Engine' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Main Engine' })).toBeHidden();
  await page.reload();
  await expect(search).toHaveValue('INSPECT', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/q=/);
  // Every app of the workspace again (journeys before this one may have added their own).
  const latest = new Map((await pullAll(request, token, 'config')).map((doc) => [doc.id, doc]));
  const apps = [...latest.values()].filter((doc) => doc.kind === 'app' && !doc.deleted);
  await expect(page.locator('li[data-app-id]')).toHaveCount(apps.length);

  // Create "Intake" on the Main Engine: it shows at once, under its engine.
  await page.getByRole('button', { name: 'New App' }).click();
  const create = page.getByRole('dialog', { name: 'New App' });
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(create.getByText('Engine is required')).toBeVisible();
  await expect(create.getByText('Name is required')).toBeVisible();
  await expect(create.getByText('Description is required')).toBeVisible();
  await create.getByLabel('Engine').selectOption({ label: 'Main Engine' });
  await create.getByLabel('Name').fill('Intake');
  await create.getByLabel('Description').fill('Takes in requests from the web form');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'App created successfully')).toBeVisible();
  const card = page.locator('section[data-engine-id="eng-demo-main"] li[data-app-id]').filter({ has: page.getByRole('heading', { name: 'Intake', exact: true }) });
  await expect(card).toBeVisible();
  const appId = String(await card.getAttribute('data-app-id'));
  await expect.poll(async () => (await serverDoc(request, token, appId))?.name, { timeout: 30_000 }).toBe('Intake');
  await expect(card.getByTestId('app-events-count')).toHaveText('0');
  // No instance yet, so no App History.
  await expect(card.getByRole('link', { name: /App History/ })).toHaveCount(0);
  await expect(card.getByRole('link', { name: 'App Flow of Intake' })).toHaveAttribute('href', /\/flows\/flow\?.*canEditFlow=true.*isNewFlow=false/);

  try {
    // Off and on again: optimistic, confirmed by the server each time.
    const appSwitch = card.getByRole('switch', { name: 'Active: Intake' });
    await appSwitch.click();
    await expect(appSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(toast(page, 'App updated successfully')).toBeVisible();
    await expect.poll(async () => (await serverDoc(request, token, appId))?.isActive, { timeout: 30_000 }).toBe(false);
    await appSwitch.click();
    await expect(appSwitch).toHaveAttribute('aria-checked', 'true');
    await expect.poll(async () => (await serverDoc(request, token, appId))?.isActive, { timeout: 30_000 }).toBe(true);

    // App edit: the information card, then the calendar changed and back.
    await card.getByRole('link', { name: 'Edit App Intake' }).click();
    await expect(page).toHaveURL(new RegExp(`/apps/edit\\?appId=${appId}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Intake' })).toBeVisible();
    await expect(page.getByTestId('app-status')).toHaveText('Active');
    const calendar = page.getByRole('region', { name: 'Configuration' }).getByLabel('Calendar');
    await expect(calendar).toHaveValue(CALENDAR.id);
    await calendar.selectOption({ label: 'No calendar' });
    await expect.poll(async () => (await serverDoc(request, token, appId))?.calendarId, { timeout: 30_000 }).toBeNull();
    await calendar.selectOption({ label: CALENDAR.name });
    await expect.poll(async () => (await serverDoc(request, token, appId))?.calendarId, { timeout: 30_000 }).toBe(CALENDAR.id);

    // A programmed event: the default name of part 1 §5, a cron rule and its five next times in the calendar's zone.
    await page.getByRole('button', { name: 'Add event' }).click();
    const eventForm = page.getByRole('dialog', { name: 'New event' });
    await expect(eventForm.getByLabel('Event name')).toHaveValue(/^Event-\[EVENT_NAME\]-\d{10}$/);
    await eventForm.getByLabel('Event name').fill('Event-Morning-Intake');
    await eventForm.getByLabel('Cron rule').fill('0 9 * * 1-5');
    const preview = eventForm.getByTestId('fire-preview');
    await expect(preview.getByRole('listitem')).toHaveCount(5);
    await expect(preview).toContainText('America/Mexico_City');
    await expect(eventForm.getByRole('link', { name: /crontab\.guru/ })).toHaveAttribute('target', '_blank');
    await eventForm.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Event created successfully')).toBeVisible();
    const morning = page.locator('tr', { hasText: 'Event-Morning-Intake' });
    await expect(morning).toBeVisible();
    const morningId = String(await morning.getAttribute('data-event-id'));
    await expect.poll(async () => (await serverDoc(request, token, morningId))?.cronRule, { timeout: 30_000 }).toBe('0 9 * * 1-5');

    const eventSwitch = morning.getByRole('switch', { name: 'Active: Event-Morning-Intake' });
    await eventSwitch.click();
    await expect(eventSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(toast(page, 'Event status updated successfully')).toBeVisible();
    await expect.poll(async () => (await serverDoc(request, token, morningId))?.isActive, { timeout: 30_000 }).toBe(false);

    // A webhook event: Generate Token waits for a passphrase of more than 3 characters; the curl line it shows works.
    await page.getByRole('button', { name: 'Add event' }).click();
    await eventForm.getByLabel('Event name').fill('Event-Web-Intake');
    await eventForm.getByLabel('Start this event with a webhook').check();
    await expect(eventForm.getByLabel('Webhook name')).toHaveValue(/^Webhook-\d{10}$/);
    const generate = eventForm.getByRole('button', { name: 'Generate Token' });
    await expect(generate).toBeDisabled();
    await eventForm.getByLabel('Passphrase').fill('abc');
    await expect(generate).toBeDisabled();
    await eventForm.getByLabel('Passphrase').fill('abcd');
    await generate.click();
    await expect(eventForm.getByTestId('webhook-url')).toHaveValue(/\/hooks\/whk-/);
    await expect(eventForm.getByText('Copy the token now: it is shown only once.')).toBeVisible();
    const curl = await eventForm.getByTestId('webhook-curl').inputValue();
    expect(curl).toMatch(/^curl -X POST '.+\/hooks\/whk-[^']+' -H 'Authorization: Bearer [^']+'/);
    await eventForm.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Event created successfully')).toBeVisible();
    const web = page.locator('tr', { hasText: 'Event-Web-Intake' });
    const webId = String(await web.getAttribute('data-event-id'));
    await expect.poll(async () => (await serverDoc(request, token, webId))?.webhookId, { timeout: 30_000 }).toMatch(/^whk-/);

    const url = /curl -X POST '([^']+)'/.exec(curl)?.[1] ?? '';
    const bearer = /Authorization: Bearer ([^']+)'/.exec(curl)?.[1] ?? '';
    const body = /-d '([^']+)'/.exec(curl)?.[1] ?? '';
    const delivered = await request.post(url, { headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, data: body });
    expect(delivered.ok(), await delivered.text()).toBe(true);
    // Reopened, the form no longer has the token: it was shown once.
    await web.getByRole('button', { name: 'Edit event Event-Web-Intake' }).click();
    const editForm = page.getByRole('dialog', { name: 'Edit event Event-Web-Intake' });
    await expect(editForm.getByText(/A token is set \(ending in .{4}\)/)).toBeVisible();
    await expect(editForm.getByTestId('webhook-token')).toHaveCount(0);
    await expect(editForm.getByTestId('webhook-curl')).toHaveValue(/<YOUR_TOKEN>/);
    await editForm.getByRole('button', { name: 'Cancel' }).click();

    // Delete an event, asked first.
    await morning.getByRole('button', { name: 'Delete event Event-Morning-Intake' }).click();
    const askEvent = page.getByRole('dialog', { name: 'Delete event Event-Morning-Intake' });
    await expect(askEvent).toContainText('Are you sure you want to delete the event Event-Morning-Intake? This action cannot be undone.');
    await askEvent.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Event deleted successfully')).toBeVisible();
    await expect(morning).toBeHidden();
    await expect.poll(async () => (await serverDoc(request, token, morningId))?.deleted, { timeout: 30_000 }).toBe(true);

    // Delete the app: the spec's confirmation, then /apps without it.
    await page.getByRole('button', { name: 'Delete Application' }).click();
    const askApp = page.getByRole('dialog', { name: 'Delete app Intake' });
    await expect(askApp).toContainText('Are you sure you want to delete the app Intake? This action cannot be undone.');
    await askApp.getByRole('button', { name: 'Delete' }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(toast(page, 'App deleted successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Intake', exact: true })).toHaveCount(0);
    await expect.poll(async () => (await serverDoc(request, token, appId))?.deleted, { timeout: 30_000 }).toBe(true);
  } finally {
    if ((await serverDoc(request, token, appId))?.deleted === false) await serverMutation(request, token, 'app.delete', { id: appId });
  }
});

/**
 * Part 1 §4 offline: switching an app off shows at once and is kept on the device, then reaches the server once;
 * a programmed event is saved offline too, while the webhook section says it needs the network.
 */
test('an app switched off offline shows at once and reaches the server once; a programmed event is saved offline', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const token = await apiToken(request, ADMIN);
  let eventId: string | null = null;
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/apps');
    await waitForOfflineReady(page);
    const card = page.locator(`li[data-app-id="${INSPECTIONS.id}"]`);
    await expect(card).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    const appSwitch = card.getByRole('switch', { name: `Active: ${INSPECTIONS.name}` });
    await appSwitch.click();
    await expect(appSwitch).toHaveAttribute('aria-checked', 'false');
    await expect(card.getByText('Waiting to be sent')).toBeVisible();
    await expect(toast(page, 'Saved on this device; it will be sent when you are back online')).toBeVisible();

    await card.getByRole('link', { name: `Edit App ${INSPECTIONS.name}` }).click();
    await expect(page.getByTestId('app-status')).toHaveText('Inactive');
    await page.getByRole('button', { name: 'Add event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Start this event with a webhook').check();
    await expect(form.getByTestId('webhook-offline')).toBeVisible();
    await form.getByLabel('Passphrase').fill('long enough');
    await expect(form.getByRole('button', { name: 'Generate Token' })).toBeDisabled();
    await form.getByLabel('Start this event with a webhook').uncheck();
    await form.getByLabel('Event name').fill('Event-Offline-Check');
    await form.getByLabel('Cron rule').fill('30 7 * * 1-5');
    await expect(form.getByTestId('fire-preview').getByRole('listitem')).toHaveCount(5);
    await form.getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('tr', { hasText: 'Event-Offline-Check' }).getByText('Waiting to be sent')).toBeVisible();
    eventId = await page.locator('tr', { hasText: 'Event-Offline-Check' }).getAttribute('data-event-id');

    await context.setOffline(false);
    await expect(page.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 30_000 });
    await expect.poll(async () => (await serverDoc(request, token, INSPECTIONS.id))?.isActive, { timeout: 30_000 }).toBe(false);
    await expect.poll(async () => (await serverDoc(request, token, String(eventId)))?.cronRule, { timeout: 30_000 }).toBe('30 7 * * 1-5');
    // Once: a moment later the app has not been written again.
    const rev = (await serverDoc(request, token, INSPECTIONS.id))?.rev;
    await page.waitForTimeout(2_000);
    expect((await serverDoc(request, token, INSPECTIONS.id))?.rev).toBe(rev);
  } finally {
    await context.setOffline(false);
    await serverMutation(request, token, 'app.setActive', { id: INSPECTIONS.id, isActive: true });
    if (eventId !== null) await serverMutation(request, token, 'event.delete', { id: eventId, appId: INSPECTIONS.id });
  }
});

test('an unknown app id shows a clear not-found state with the way back', async ({ page }) => {
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/apps/edit?appId=app-does-not-exist');
  await expect(page.getByRole('heading', { name: 'App not found' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Back to Apps' }).click();
  await expect(page).toHaveURL(/\/apps$/);
});
