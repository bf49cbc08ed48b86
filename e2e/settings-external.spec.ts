import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

type WorkspaceView = { id: string; name: string; externalDashboardUrl: string | null; chatLink: string | null };

async function workspace(request: APIRequestContext, token: string): Promise<WorkspaceView> {
  const reply = await request.get('/workspaces/ws-demo', { headers: { authorization: `Bearer ${token}` } });
  return (await reply.json()) as WorkspaceView;
}

async function setWorkspace(request: APIRequestContext, token: string, data: Partial<WorkspaceView>): Promise<void> {
  const reply = await request.patch('/workspaces/ws-demo', { headers: { authorization: `Bearer ${token}` }, data });
  expect(reply.status(), await reply.text()).toBe(200);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Two frames after the resize, so the picture is of the phone layout and not of one half-way there.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} scrolls sideways at 390 px`).toBe(true);
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map((v) => `${v.impact}: ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
}

/**
 * Issue 13, External / collections and WhatsApp: the administrator sets the workspace's external dashboard URL and
 * chat link in Settings; the External tab and /collections frame the dashboard, /WA opens WhatsApp on that number;
 * cleared, they show 'No external resources found!' and the WhatsApp empty state (part 1 §2, §3, §6).
 */
test('an administrator sets the external dashboard and chat link in Settings; External, /collections and /WA use them; cleared, they say so', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const token = await apiToken(request, ADMIN);
  const dashboard = `${baseURL}/external-demo.html`;
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info?tab=workspace');
    await expect(page.getByRole('tab', { name: 'Workspace', selected: true })).toBeVisible({ timeout: 30_000 });
    const form = page.getByRole('region', { name: 'Workspace' });
    const url = form.getByLabel('External dashboard URL');
    const chat = form.getByLabel('Chat link');

    // A plain-http address on a real host and a chat link that is no number are caught, in words that say what fits.
    await url.fill('http://bi.example/dashboards');
    await chat.fill('call the office');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText('Enter an https address (http only for localhost), or leave it empty')).toBeVisible();
    await expect(form.getByText('Enter a phone number with its country code (digits, spaces and a leading +) or an https link')).toBeVisible();
    await expect(url).toHaveAttribute('aria-invalid', 'true');
    expect((await workspace(request, token)).externalDashboardUrl).toBeNull();

    await url.fill(dashboard);
    await chat.fill('+34 600 000 000');
    await page.waitForTimeout(1_100);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Workspace settings saved' })).toBeVisible();
    await expect.poll(async () => (await workspace(request, token)).chatLink, { timeout: 15_000 }).toBe('+34 600 000 000');
    expect((await workspace(request, token)).externalDashboardUrl).toBe(dashboard);
    await shoot(page, 'settings-workspace');

    // Settings → External: the sample dashboard in a sandboxed frame that sends no referrer.
    await page.getByRole('tab', { name: 'External' }).click();
    await expect(page).toHaveURL(/\/admin-info\?tab=external$/);
    const frame = page.locator('iframe[title="External dashboard of Demo Workspace"]');
    await expect(frame).toHaveAttribute('src', dashboard);
    await expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    // Served from the console's own origin, so it must not keep that origin (it could reach into the console).
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-forms');
    await expect(page.frameLocator('iframe[title="External dashboard of Demo Workspace"]').getByRole('heading', { name: 'Sample external dashboard' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute('href', dashboard);
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'settings-external');

    // The Cases tab lists the case types (issue 15); Billing says it is empty.
    await page.getByRole('tab', { name: 'Cases', exact: true }).click();
    await expect(page.getByRole('tabpanel').getByRole('link', { name: 'New case type' })).toBeVisible();
    await page.getByRole('tab', { name: 'Billing', exact: true }).click();
    await expect(page.getByRole('tabpanel').getByText('No billing information')).toBeVisible();
    // Trace Management (issue 19) has tabs of its own.
    await page.getByRole('tab', { name: 'Trace', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Flow Trace', selected: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Webhook Trace' })).toBeVisible();
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'External', selected: true })).toBeVisible();

    // /collections frames the same dashboard; offline it says it needs a connection instead of a broken frame.
    await page.goto('/collections');
    await expect(page.locator('#screen-title')).toHaveText('Collections');
    await expect(page.frameLocator('iframe[title="External dashboard of Demo Workspace"]').getByText('Invoices issued')).toBeVisible({ timeout: 15_000 });
    await page.context().setOffline(true);
    await expect(page.getByText('The external dashboard needs a connection')).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('iframe')).toHaveCount(0);
    await page.context().setOffline(false);
    await expect(page.locator('iframe[title="External dashboard of Demo Workspace"]')).toBeVisible({ timeout: 15_000 });

    // /WA opens WhatsApp on the number, in a new tab.
    await page.goto('/WA');
    const open = page.getByRole('link', { name: /Open WhatsApp/ });
    await expect(open).toHaveAttribute('href', 'https://wa.me/34600000000');
    await expect(open).toHaveAttribute('target', '_blank');
    await expect(open).toHaveAttribute('rel', /noopener/);
    await expect(page.getByTestId('chat-target')).toHaveText('+34 600 000 000');
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'whatsapp');

    // Cleared in Settings while offline: kept in the outbox and marked pending, the External tab already says the
    // spec's empty text; back online the server has it.
    await page.goto('/admin-info?tab=workspace');
    await expect(url).toHaveValue(dashboard, { timeout: 30_000 });
    await page.context().setOffline(true);
    await url.fill('');
    await chat.fill('');
    await page.waitForTimeout(1_100);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    await expect(form.getByText('Waiting to be sent')).toBeVisible();
    await page.getByRole('tab', { name: 'External' }).click();
    await expect(page.getByText('No external resources found!')).toBeVisible();
    expect((await workspace(request, token)).chatLink).toBe('+34 600 000 000');
    await page.context().setOffline(false);
    await expect.poll(async () => (await workspace(request, token)).chatLink, { timeout: 20_000 }).toBeNull();
    expect((await workspace(request, token)).externalDashboardUrl).toBeNull();
    await page.getByRole('tab', { name: 'Workspace' }).click();
    await expect(form.getByText('Waiting to be sent')).toHaveCount(0, { timeout: 15_000 });
    await expect(url).toHaveValue('');
    await page.goto('/collections');
    await expect(page.getByText('No external resources found!')).toBeVisible();
    await page.goto('/WA');
    await expect(page.getByText('No chat link set')).toBeVisible();
    await expect(page.getByRole('link', { name: /Open WhatsApp/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Set the chat link' }).click();
    await expect(page).toHaveURL(/\/admin-info\?tab=workspace$/);
    await expect(page.getByRole('tab', { name: 'Workspace', selected: true })).toBeVisible();
    await shoot(page, 'whatsapp-empty-admin');
  } finally {
    await setWorkspace(request, token, { externalDashboardUrl: null, chatLink: null });
  }
});

test('a NORMAL user without COLLECTIONS gets /401 at /collections and at the External tab, sees only their profile, and their /WA follows the administrator’s change live', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request, ADMIN);
  try {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await page.goto('/collections');
    await expect(page).toHaveURL(/\/401$/);
    await page.goto('/admin-info?tab=external');
    await expect(page).toHaveURL(/\/401$/);

    await page.goto('/admin-info');
    await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
    await expect(page.getByRole('tablist')).toHaveCount(0);
    const engines = page.getByRole('region', { name: 'Engines Visibility' });
    await expect(engines.getByRole('listitem')).toHaveText(['Main Engine'], { timeout: 30_000 });
    await expect(engines.getByRole('button')).toHaveCount(0);
    await expect(engines.getByRole('textbox')).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
    await shoot(page, 'profile-normal');
    await page.getByRole('link', { name: 'Change your password' }).click();
    await expect(page).toHaveURL(/\/update$/);
    await expect(page.getByLabel(/current password/i).first()).toBeVisible();

    // WA is always in the menu; with no chat link the agent is told so, with no settings link they could not use.
    await page.goto('/WA');
    await expect(shell.menuLink('WhatsApp')).toBeVisible();
    await expect(page.getByText('No chat link set')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Set the chat link' })).toHaveCount(0);
    await shoot(page, 'whatsapp-empty-normal');
    // An administrator sets it elsewhere: this page shows it as soon as the change is pulled, no reload.
    await setWorkspace(request, token, { chatLink: 'https://wa.me/5215512345678' });
    await expect(page.getByRole('link', { name: /Open WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/5215512345678', { timeout: 15_000 });
    await expect(page.getByTestId('chat-target')).toHaveText('+5215512345678');
  } finally {
    await setWorkspace(request, token, { externalDashboardUrl: null, chatLink: null });
  }
});
