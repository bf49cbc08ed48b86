import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, pullAll } from './serverReads.ts';
import { ADMIN, ShellPage } from './ShellPage.ts';

/**
 * The administrator's part of the front desk journey (issue 18): in the console, a new form for the Claims case
 * type with the demo desk's template, then Copy link. Answers the form's id and name and the link as the clipboard
 * holds it. The page's context needs clipboard permissions.
 */
export async function createClaimsFormInConsole(page: Page, request: APIRequestContext, stamp: string): Promise<{ formId: string; name: string; link: string }> {
  const token = await apiToken(request, ADMIN);
  const seeded = (await pullAll(request, token, 'config')).find((doc) => doc.kind === 'frontdeskForm' && doc.formId === 'claims-intake');
  const name = `Walk-in claims ${stamp}`;
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/frontdesk');
  await expect(page.locator('[data-form-id="claims-intake"]:visible')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New form' }).click();
  const dialog = page.getByRole('dialog', { name: 'New frontdesk form' });
  await dialog.getByLabel('Case Type').selectOption({ label: 'Insurance claim' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Walk-in customers register a claim at the lobby kiosk');
  await dialog.getByLabel('Template', { exact: true }).fill(String(seeded?.template));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form created!' })).toBeVisible();
  const form = async () => (await pullAll(request, token, 'config')).find((doc) => doc.kind === 'frontdeskForm' && doc.name === name);
  await expect.poll(form, { timeout: 15_000 }).toBeDefined();
  const formId = String((await form())!.formId);
  await page.locator(`[data-form-id="${formId}"]:visible`).getByRole('button', { name: `Copy link of ${formId}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form URL copied!' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  return { formId, name, link };
}
