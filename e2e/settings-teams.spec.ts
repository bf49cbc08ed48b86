import { expect, test, type Locator } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll, removeTeamLink, restoreTeamThresholds } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const CLAIMS_DESK = {
  teamId: 'team-demo-claims',
  name: 'Claims Desk',
  engineId: 'eng-demo-main',
  color: 'color1',
  lightYellow: 50,
  lightRed: 75,
  notifyChannels: ['email', 'slack'],
  webhookEmail: 'claims-desk@demo.local',
  slackLink: 'https://slack.example.com/archives/claims-desk',
};

const countOf = async (summary: Locator, light: 'green' | 'yellow' | 'red') => Number((await summary.locator(`[data-light="${light}"]`).innerText()).replace(/\D+/g, ''));

/**
 * Issue 13, teams: the administrator sets Claims Desk's thresholds in Settings; an agent's inbox in another browser
 * recolours that team's tickets without a reload; a red threshold above 75 is corrected to 75, as part 1 §5 says.
 */
test('team thresholds set in Settings recolour an agent’s inbox live; red 120 becomes 75', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, ADMIN);
  const agentContext = await browser.newContext();
  try {
    const agentPage = await agentContext.newPage();
    await new ShellPage(agentPage).signInAs(AGENT);
    const inbox = new InboxPage(agentPage);
    await agentPage.goto('/tickets?teams=team-demo-claims');
    await expect(inbox.rows().first()).toBeVisible({ timeout: 30_000 });
    const summary = agentPage.locator('[data-section="ticket-manager"]').first().getByTestId('light-counts');
    const redBefore = await countOf(summary, 'red');
    const greenBefore = await countOf(summary, 'green');
    const yellowBefore = await countOf(summary, 'yellow');

    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await expect(page.getByRole('tab', { name: 'Teams/Members' })).toBeVisible();
    const card = page.locator('[data-team-id="team-demo-claims"]');
    await card.getByRole('button', { name: 'Edit team Claims Desk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit team Claims Desk' });
    await dialog.getByLabel('Yellow threshold (%)').fill('10');
    await dialog.getByLabel('Red threshold (%)').fill('20');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Team edited!' })).toBeVisible();
    await expect(card.getByTestId('team-lights')).toHaveText('yellow 10 · red 20');

    // The agent's inbox, untouched, recolours: what was on time or in warning past 20% now runs late.
    await expect.poll(() => countOf(summary, 'red'), { timeout: 15_000 }).toBeGreaterThan(redBefore);
    const after = { green: await countOf(summary, 'green'), yellow: await countOf(summary, 'yellow'), red: await countOf(summary, 'red') };
    expect(after.green + after.yellow + after.red).toBe(greenBefore + yellowBefore + redBefore);

    // 120 is out of red's range (0 to 75): the field says 75 as soon as it is left, and 75 is saved.
    await card.getByRole('button', { name: 'Edit team Claims Desk' }).click();
    await dialog.getByLabel('Red threshold (%)').fill('120');
    await dialog.getByLabel('Yellow threshold (%)').focus();
    await expect(dialog.getByLabel('Red threshold (%)')).toHaveValue('75');
    await dialog.getByLabel('Yellow threshold (%)').fill('50');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByTestId('team-lights')).toHaveText('yellow 50 · red 75');
    await expect.poll(() => countOf(summary, 'red'), { timeout: 15_000 }).toBe(redBefore);
    await page.screenshot({ path: 'test-results/settings-teams-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/settings-teams-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await agentContext.close();
    await restoreTeamThresholds(request, adminToken, CLAIMS_DESK);
  }
});

/** Issue 13, offline: a team edited offline (colour and a new member) survives a reload and reaches the server once. */
test('a team edited offline survives a reload and reaches the server once when the network returns', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, ADMIN);
  const FIELD = { teamId: 'team-demo-field', name: 'Field Support', engineId: 'eng-demo-main', color: 'color3', lightYellow: 40, lightRed: 70, notifyChannels: ['sms', 'email'], webhookEmail: 'field@demo.local', slackLink: null };
  const linksOfMaria = async () =>
    (await pullAll(request, adminToken, 'config')).filter((d) => d.kind === 'teamMember' && d.teamId === FIELD.teamId && d.memberId === 'mbr-demo-maria' && !d.deleted);
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await waitForOfflineReady(page);
    const card = page.locator('[data-team-id="team-demo-field"]');
    await expect(card).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await card.getByRole('button', { name: 'Edit team Field Support' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit team Field Support' });
    await dialog.getByRole('radio', { name: 'Colour 4' }).check();
    await dialog.getByTestId('team-members').getByLabel('María López').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    await expect(card.getByText('4', { exact: true })).toBeVisible();
    await expect(card.getByText('Waiting to be sent')).toBeVisible();

    await page.reload();
    await expect(card.getByText('4', { exact: true })).toBeVisible({ timeout: 30_000 });
    const maria = page.getByTestId('members-list').getByRole('listitem').filter({ hasText: 'María López' });
    await expect(maria).toContainText('Field Support');
    await expect(card.getByText('Waiting to be sent')).toBeVisible();
    await expect(maria.getByText('Waiting to be sent')).toBeVisible();

    await context.setOffline(false);
    await expect(card.getByText('Waiting to be sent')).toBeHidden({ timeout: 30_000 });
    await expect(maria.getByText('Waiting to be sent')).toBeHidden();
    await expect.poll(async () => (await linksOfMaria()).length, { timeout: 30_000 }).toBe(1);
    await expect.poll(async () => (await pullAll(request, adminToken, 'config')).find((d) => d.id === FIELD.teamId)?.color, { timeout: 30_000 }).toBe('color4');
    // Once: a second look a moment later still finds one link and one change.
    await page.waitForTimeout(2_000);
    expect(await linksOfMaria()).toHaveLength(1);
  } finally {
    await context.setOffline(false);
    await restoreTeamThresholds(request, adminToken, FIELD);
    for (const link of await linksOfMaria()) await removeTeamLink(request, adminToken, FIELD.teamId, String(link.id));
  }
});

/** Part 1 §9: a team's people show as up to five initials buttons; one filters the member list to that person. */
test('a team’s initials buttons filter the members to one person and back', async ({ page }) => {
  await new ShellPage(page).signInAs(ADMIN);
  await page.goto('/admin-info');
  const people = page.locator('[data-team-id="team-demo-claims"]').getByRole('group', { name: 'People of Claims Desk' });
  await expect(people.getByRole('button')).not.toHaveCount(0, { timeout: 30_000 });
  expect(await people.getByRole('button').count()).toBeLessThanOrEqual(5);
  const members = page.getByTestId('members-list').getByRole('listitem');
  const all = await members.count();
  expect(all).toBeGreaterThan(1);

  const nico = people.getByRole('button', { name: 'Show only Nico Agent in the members' });
  await nico.click();
  await expect(nico).toHaveAttribute('aria-pressed', 'true');
  await expect(members).toHaveCount(1);
  await expect(members.first()).toContainText('Nico Agent');
  await expect(page.getByText('Showing only Nico Agent')).toBeVisible();

  await page.getByRole('button', { name: 'Show all members' }).click();
  await expect(members).toHaveCount(all);
  await expect(nico).toHaveAttribute('aria-pressed', 'false');
  await expect(page).toHaveTitle(/^Teams\/Members · Settings · /);
});
