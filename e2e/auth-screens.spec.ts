import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

test.describe('sign-in screens', () => {
  test('a wrong password shows the spec message', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(AGENT.username, 'Wrong#2026');
    await expect(login.alert).toHaveText('Username or password incorrect. Please try again');
    await page.screenshot({ path: 'test-results/login-wrong-password.png' });
  });

  test('with the server unreachable the login says the system is not available', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/token?*', (route) => route.abort('connectionrefused'));
    await login.signIn(AGENT.username, AGENT.password);
    await expect(page.getByRole('status').filter({ hasText: 'The system is not available.' })).toBeVisible();
  });

  test('a 500 from the server is a warning that the system is not available', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/token?*', (route) => route.fulfill({ status: 500, json: { code: 'internal', message: 'x' } }));
    await login.signIn(AGENT.username, AGENT.password);
    await expect(login.alert).toHaveText('The system is not available.');
    await expect(login.alert).toHaveAttribute('data-kind', 'warning');
  });

  test('when the account cannot load after sign-in the user is signed out and told the system is unavailable', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await page.route('**/users/*', (route) => route.fulfill({ status: 503, json: { code: 'down', message: 'down' } }));
    await login.signIn(AGENT.username, AGENT.password);
    const toast = page.getByRole('alert').filter({ hasText: 'System unavailable!' });
    await expect(toast).toBeVisible({ timeout: 5_000 });
    await expect(toast).toContainText('Please try later');
    await expect(login.heading).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('credentials'))).toBeNull();
  });

  test('a #update hash on the login goes to /update keeping the search string', async ({ page }) => {
    await page.goto('/?token=abcdefghijklmnopqrstuvwxyz#update');
    await expect(page).toHaveURL(/\/update\?token=abcdefghijklmnopqrstuvwxyz$/);
    await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible();
  });

  test('recovery: Send stays disabled until the address is valid, then says the user will be noticed', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.forgotPasswordLink.click();
    await expect(page).toHaveURL(/\/recovery$/);
    const email = page.getByLabel('Email');
    const send = page.getByRole('button', { name: 'Send' });
    await expect(send).toBeDisabled();
    await email.fill('agent@demo');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(send).toBeDisabled();
    await email.fill('agent@demo.local');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByRole('status').filter({ hasText: 'User will be noticed' })).toBeVisible();
  });

  test('update password: the current password is checked after a pause, then the new fields unlock', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.signInAs(AGENT);
    await page.goto('/update');
    const current = page.getByLabel('Current password', { exact: true });
    const next = page.getByLabel('New password', { exact: true });
    const confirmation = page.getByLabel('Confirm new password', { exact: true });
    await expect(next).toBeDisabled();

    await current.fill('Wrong#2026');
    await expect(page.getByText('The passwords you entered do not match. Please double-check and try again.')).toBeVisible();
    await expect(next).toBeDisabled();

    await current.fill(AGENT.password);
    await expect(page.getByText('Current password confirmed')).toBeVisible();
    await expect(next).toBeEnabled();

    await next.fill('weakpass');
    await next.blur();
    await expect(page.getByText('Please create a stronger password')).toBeVisible();
    await next.fill('Stronger#2027');
    await confirmation.fill('Stronger#2028');
    await confirmation.blur();
    await expect(page.getByText('New passwords must match')).toBeVisible();
    await confirmation.fill('Stronger#2027');
    await page.screenshot({ path: 'test-results/update-password.png' });
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Your password was updated.')).toBeVisible();

    // Put the demo password back for the other journeys.
    await current.fill('Stronger#2027');
    await expect(next).toBeEnabled();
    await next.fill(AGENT.password);
    await confirmation.fill(AGENT.password);
    await page.getByRole('button', { name: 'Update password' }).click();
    await expect(page.getByText('Your password was updated.')).toBeVisible();
  });

  test('the expired page says so and leads back to the login', async ({ page }) => {
    await page.goto('/expired');
    await expect(page.getByRole('heading', { name: 'Expired session' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(new LoginPage(page).heading).toBeVisible();
  });
});
