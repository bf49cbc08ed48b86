import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';
import { AGENT, ShellPage } from './pages/ShellPage.ts';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((n) => JSON.stringify(n.target)).join(", ")})`);
}

test.describe('accessibility (axe)', () => {
  test('the login page has no serious or critical violation', async ({ page }) => {
    await new LoginPage(page).goto();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the shell has no serious or critical violation', async ({ page }) => {
    await new ShellPage(page).signInAs(AGENT);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
