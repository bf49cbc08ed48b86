import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, saveAccountLanguage } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/**
 * Issue 13: every Settings tab at a desktop and a phone width — each opens from its tab, fits without sideways
 * scrolling (the row of tabs scrolls on its own), and names the browser tab; the screenshots are for looking at.
 * Then the same screen in Spanish, and a NORMAL user's Settings, which is only their profile.
 */
test('each Settings tab fits at 1,280 and 390 px and names the browser tab', async ({ page }) => {
  test.setTimeout(120_000);
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/admin-info');
  const tabs = page.getByRole('tablist', { name: 'Settings sections' }).getByRole('tab');
  await expect(tabs.first()).toBeVisible({ timeout: 30_000 });
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const name of names) {
      const tab = tabs.filter({ hasText: name });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(tab).toBeInViewport();
      await expect(page).toHaveTitle(`${name} · Settings · Workflow Console`);
      // Trace Management nests its own tab panels: the outer one is the Settings section's.
      await expect(page.getByRole('tabpanel').first()).toBeVisible();
      await expectNoSidewaysScroll(page, `${name} at ${width} px`);
      await page.screenshot({ path: shotPath(`settings-${name.replace(/\W+/g, '-').toLowerCase()}-${width}`), fullPage: true });
    }
  }
});

test('Settings in Spanish; a NORMAL user sees only their profile', async ({ page, browser, request }) => {
  const token = await apiToken(request, ADMIN);
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await page.getByRole('button', { name: 'Language' }).click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    const tabs = page.getByRole('tablist', { name: 'Secciones de configuración' }).getByRole('tab');
    await expect(tabs.filter({ hasText: 'Equipos/Miembros' })).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Equipos/Miembros · Configuración · Consola de flujos');
    await expect(page.getByRole('heading', { name: 'Equipos' })).toBeVisible();
    await page.screenshot({ path: shotPath('settings-spanish-1280'), fullPage: true });
  } finally {
    await saveAccountLanguage(request, token, 'en');
  }

  const agent = await browser.newPage();
  try {
    await new ShellPage(agent).signInAs(AGENT);
    await agent.goto('/admin-info');
    await expect(agent.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(agent.getByRole('tablist')).toHaveCount(0);
    await expect(agent.getByText(AGENT.username)).toBeVisible();
    await expect(agent).toHaveTitle('Settings · Workflow Console');
  } finally {
    await agent.close();
  }
});
