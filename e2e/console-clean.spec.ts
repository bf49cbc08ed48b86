import { expect, test } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

type Problems = { console: string[]; security: string[] };

/**
 * Records console errors, uncaught errors and Chromium's DevTools issues (a CSP violation such as zod's `Function`
 * probe is an issue, not a console message) of the page and of every worker it starts (sync worker, service worker).
 */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { console: [], security: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') problems.console.push(message.text());
  });
  page.on('pageerror', (error) => problems.console.push(error.message));
  const cdp: CDPSession = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => problems.security.push(`page: ${issue.code} ${JSON.stringify(issue.details)}`));
  // Workers are attached paused, given the same watch, then let run: their first schema is built on start.
  cdp.on('Target.attachedToTarget', ({ sessionId }) => {
    const send = (id: number, method: string) => cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) });
    void send(1, 'Audits.enable').then(() => send(2, 'Runtime.runIfWaitingForDebugger')).catch(() => undefined);
  });
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const parsed = JSON.parse(message) as { method?: string; params?: { issue?: { code: string; details: unknown } } };
    if (parsed.method === 'Audits.issueAdded' && parsed.params?.issue) {
      problems.security.push(`worker: ${parsed.params.issue.code} ${JSON.stringify(parsed.params.issue.details)}`);
    }
  });
  await cdp.send('Audits.enable');
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return problems;
}

test.describe('a clean console', () => {
  test('the sign-in page, then the signed-in inbox with its workers, report no console error and no CSP violation', async ({ page }) => {
    const problems = await watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Enter your credentials' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual({ console: [], security: [] });

    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await shell.menuLink(/^Inbox/).click();
    await expect(shell.screenTitle).toHaveText('Inbox');
    await expect(page.getByTestId('sync-indicator')).toHaveAttribute('data-online', 'true', { timeout: 20_000 });
    expect(problems).toEqual({ console: [], security: [] });
  });
});
