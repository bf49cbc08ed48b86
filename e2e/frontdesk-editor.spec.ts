import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, serverMutation } from './pages/serverReads.ts';
import { shotPath } from './pages/layout.ts';
import { ADMIN, ShellPage } from './pages/ShellPage.ts';

/** Markup no preview may keep (part 2 §5): a script, an inline handler, data attributes and plain-http addresses. */
const HOSTILE = `<form>
<h2 data-track="hero">Welcome</h2>
<img src="http://images.example/logo.png" alt="Logo" onerror="window.__pwned = 'img'">
<a href="http://help.example/faq" data-x="1">Help</a>
<script>window.__pwned = 'script'</script>
<label>Your name <input name="customerName" required></label>
<button type="submit">Send</button>
</form>`;

/**
 * A stand-in for the external Graphic Designer site, on an origin of its own (localhost, where the console is
 * 127.0.0.1): it says it is ready, shows the template it is sent, and sends back an edited one on request.
 */
const FAKE_DESIGNER = `<!doctype html><html><body><textarea id="got" aria-label="Received template"></textarea>
<button id="send">Send edited template</button><script>
let console_ = null;
window.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'load-template') { console_ = event.origin; document.getElementById('got').value = event.data.template; }
});
document.getElementById('send').addEventListener('click', () => {
  window.parent.postMessage({ type: 'template-changed', template: document.getElementById('got').value.replace('Welcome', 'Welcome, designed') }, console_);
  window.parent.postMessage({ type: 'resize', height: 5000 }, console_);
});
window.parent.postMessage({ type: 'editor-ready' }, '*');
</script></body></html>`;

async function startFakeDesigner(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(FAKE_DESIGNER));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/designer`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function openNewForm(page: Page) {
  await page.goto('/frontdesk');
  await expect(page.locator('[data-form-id="claims-intake"]:visible')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New frontdesk form' });
  await expect(dialog.getByLabel('Template', { exact: true })).toBeVisible();
  return dialog;
}

test.describe('the form template editor (part 2 §2, §5)', () => {
  test.setTimeout(120_000);

  test('a template with a script, onerror, data-* and http links is previewed without any of them', async ({ page }) => {
    await new ShellPage(page).signInAs(ADMIN);
    const dialog = await openNewForm(page);
    await dialog.getByLabel('Template', { exact: true }).fill(HOSTILE);
    await dialog.getByRole('tab', { name: 'Graphic editor' }).click();
    await expect(dialog.getByTestId('template-block').first()).toBeVisible();
    await page.screenshot({ path: shotPath('frontdesk-editor-graphic'), fullPage: true });
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('button', { name: 'Preview Block' }).click();
    const body = page.frameLocator('[data-testid="block-preview"]').locator('body');
    await expect(body).toContainText('Welcome');
    const html = await body.innerHTML();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror/i);
    expect(html).not.toMatch(/data-(track|x)/i);
    expect(html).not.toContain('http:');
    expect(html).toContain('https://images.example/logo.png');
    expect(html).toContain('https://help.example/faq');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    await page.screenshot({ path: shotPath('frontdesk-editor-preview'), fullPage: true });

    // Back in Main Source the template is the one written, byte for byte; emptied, the preview says so.
    await dialog.getByRole('tab', { name: 'Main Source' }).click();
    await expect(dialog.getByLabel('Template', { exact: true })).toHaveValue(HOSTILE);
    await dialog.getByLabel('Template', { exact: true }).fill('<!-- nothing yet -->');
    await dialog.getByRole('tab', { name: 'Graphic editor' }).click();
    await dialog.getByRole('button', { name: 'Select All' }).click();
    await dialog.getByRole('button', { name: 'Preview Block' }).click();
    await expect(dialog.getByText('No content available for preview. Template appears to be empty.')).toBeVisible();
  });

  test('the Graphic Designer is offered only with a designer address; it loads the template and sends changes back', async ({ page, request }) => {
    const designer = await startFakeDesigner();
    const token = await apiToken(request, ADMIN);
    const workspaceId = 'ws-demo';
    try {
      await new ShellPage(page).signInAs(ADMIN);
      let dialog = await openNewForm(page);
      await expect(dialog.getByRole('button', { name: 'Graphic Designer (beta)' })).toHaveCount(0);
      await page.keyboard.press('Escape');

      // Settings → Workspace sets the designer's address.
      await page.goto('/admin-info?tab=workspace');
      await page.getByLabel('Graphic Designer URL').fill(designer.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();

      dialog = await openNewForm(page);
      await dialog.getByLabel('Template', { exact: true }).fill(HOSTILE);
      await dialog.getByRole('button', { name: 'Graphic Designer (beta)' }).click();
      const frame = page.getByTestId('graphic-designer');
      await expect(frame).toHaveAttribute('data-state', 'ready', { timeout: 15_000 });
      const designerFrame = page.frameLocator('iframe[title="Graphic Designer"]');
      await expect(designerFrame.getByLabel('Received template')).toHaveValue(HOSTILE, { timeout: 5_000 });
      await designerFrame.getByRole('button', { name: 'Send edited template' }).click();
      // The height the designer asks for is kept within 600–1200 px.
      await expect.poll(async () => (await page.locator('iframe[title="Graphic Designer"]').boundingBox())?.height).toBe(1200);
      await page.screenshot({ path: shotPath('frontdesk-designer'), fullPage: true });
      await page.getByRole('button', { name: 'Close' }).click();
      await expect(dialog.getByLabel('Template', { exact: true })).toHaveValue(HOSTILE.replace('Welcome', 'Welcome, designed'));
    } finally {
      // The e2e server is shared: the workspace goes back to having no designer.
      await serverMutation(request, token, 'workspace.update', { id: workspaceId, designerUrl: null });
      await designer.close();
    }
  });
});
