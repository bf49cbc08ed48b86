import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

export class LoginPage {
  readonly page: Page;
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly passwordToggle: Locator;
  readonly loginButton: Locator;
  readonly alert: Locator;
  readonly forgotPasswordLink: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { name: 'Enter your credentials' });
    this.username = page.getByLabel('Username', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.passwordToggle = page.getByRole('button', { name: /^(Show|Hide) password$/ });
    this.loginButton = page.getByRole('button', { name: 'Login', exact: true });
    this.alert = page.getByRole('alert');
    this.forgotPasswordLink = page.getByRole('link', { name: 'Forgot your password' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await expect(this.heading).toBeVisible();
  }

  async fill(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.fill(username, password);
    await this.loginButton.click();
  }
}
