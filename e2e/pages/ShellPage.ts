import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { LoginPage } from './LoginPage.ts';

export const ADMIN = { username: 'admin@demo.local', password: 'Admin#2026', name: 'Ada Admin' };
export const AGENT = { username: 'agent@demo.local', password: 'Agent#2026', name: 'Nico Agent' };
export const WORKSPACE_NAME = 'Demo Workspace';

export class ShellPage {
  readonly page: Page;
  readonly menu: Locator;
  readonly workspaceName: Locator;
  readonly userBadge: Locator;
  readonly syncIndicator: Locator;
  readonly logoutButton: Locator;
  readonly menuToggle: Locator;
  readonly screenTitle: Locator;

  constructor(page: Page) {
    this.page = page;
    this.menu = page.getByRole('navigation', { name: /Main menu|Menú principal/ });
    this.workspaceName = page.getByTestId('workspace-name');
    this.userBadge = page.getByTestId('user-badge');
    this.syncIndicator = page.getByTestId('sync-indicator');
    this.logoutButton = page.getByRole('button', { name: /^(Log out|Cerrar sesión)$/ });
    this.menuToggle = page.getByRole('button', { name: /menu|menú/i }).first();
    this.screenTitle = page.locator('#screen-title');
  }

  /** Signs in through the login screen and waits for the shell. */
  async signInAs(user: { username: string; password: string; name: string }): Promise<void> {
    const login = new LoginPage(this.page);
    await login.goto();
    await login.signIn(user.username, user.password);
    await expect(this.userBadge).toContainText(user.name);
  }

  menuLink(name: string | RegExp): Locator {
    return this.menu.getByRole('link', { name });
  }

  /** The visible names of the menu entries, in order. */
  async menuNames(): Promise<string[]> {
    const links = this.menu.getByRole('link');
    const names = await links.evaluateAll((elements) =>
      elements.map((element) => element.querySelector('span:not([data-counter])')?.textContent?.trim() ?? ''),
    );
    return names;
  }
}

/**
 * Waits until the service worker controls the page, so a reload works offline. The first visit is normally
 * claimed at activation; if it was not, a reload under the now active worker is (as any later visit would be).
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const controlled = await page
    .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (controlled) return;
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}
