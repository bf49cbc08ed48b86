import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';

const ADMIN = { username: 'admin@demo.local', password: 'Admin#2026', name: 'Ada Admin' };
const WORKSPACE_NAME = 'Demo Workspace';

test.describe('foundation smoke', () => {
  test('the login page loads and enables Login only when both fields are filled', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page).toHaveTitle('Log in · Workflow Console');
    await expect(login.forgotPasswordLink).toHaveAttribute('href', '/recovery');

    await expect(login.loginButton).toBeDisabled();
    await login.username.fill(ADMIN.username);
    await expect(login.loginButton).toBeDisabled();
    await login.password.fill('   ');
    await expect(login.loginButton).toBeDisabled();
    await login.password.fill(ADMIN.password);
    await expect(login.loginButton).toBeEnabled();
    await login.username.fill('');
    await expect(login.loginButton).toBeDisabled();
  });

  test('the password toggle shows and hides the password', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.password.fill(ADMIN.password);
    await expect(login.password).toHaveAttribute('type', 'password');
    await login.passwordToggle.click();
    await expect(login.password).toHaveAttribute('type', 'text');
    await login.passwordToggle.click();
    await expect(login.password).toHaveAttribute('type', 'password');
  });

  test('validation messages appear under the fields after they lose focus', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.username.fill('not-an-email');
    await login.password.focus();
    await expect(page.getByText('Invalid email address format')).toBeVisible();
    await login.password.fill('abc');
    await login.username.focus();
    await expect(page.getByText('Password must be 6 characters at minimum')).toBeVisible();
  });

  test('a wrong password is refused with the spec message', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.username, 'Wrong#2026');
    await expect(login.alert).toHaveText('Username or password incorrect. Please try again');
    await expect(login.heading).toBeVisible();
  });

  test('the demo admin signs in, sees the account and workspace in the shell, and logs out', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(`  ${ADMIN.username} `, ADMIN.password);

    const userBadge = page.getByTestId('user-badge');
    await expect(userBadge).toContainText(ADMIN.name);
    await expect(page.getByTestId('workspace-name')).toHaveText(WORKSPACE_NAME);

    await page.reload();
    await expect(userBadge).toContainText(ADMIN.name);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(login.heading).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
  });
});
