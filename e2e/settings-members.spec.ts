import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, deleteMemberByApi, pullAll, restoreMember } from './pages/serverReads.ts';
import { ADMIN, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const SAM = { id: 'mbr-demo-sam', name: 'Sam Patel', email: 'sam.patel@demo.local', slackLink: 'https://slack.example.com/team/sam', teams: ['team-demo-field'] };
const NEW = { name: 'Rita Offline', email: 'rita.offline@demo.local' };

/** What the server holds, as an administrator pulls it. */
async function serverState(request: APIRequestContext, token: string) {
  const docs = await pullAll(request, token, 'config');
  const live = docs.filter((d) => !d.deleted);
  const newMembers = docs.filter((d) => d.kind === 'member' && d.email === NEW.email);
  const linksOf = (memberId: string, teamId: string) => live.filter((d) => d.kind === 'teamMember' && d.memberId === memberId && d.teamId === teamId);
  return { sam: live.find((d) => d.id === SAM.id), newMembers, liveNew: newMembers.filter((d) => !d.deleted), linksOf };
}

/**
 * Issue 13, members: offline, the administrator renames a member and puts them in a second team, and adds a new
 * member to a team; both survive a reload offline and reach the server once when the network returns. Then the new
 * member is deleted through the confirmation, which asks in English and in Spanish (part 1 §2).
 */
test('members edited and added offline reach the server once; a member is deleted after a bilingual confirmation', async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const adminToken = await apiToken(request, ADMIN);
  try {
    await new ShellPage(page).signInAs(ADMIN);
    await page.goto('/admin-info');
    await waitForOfflineReady(page);
    const list = page.getByTestId('members-list');
    const samRow = list.locator(`[data-member-id="${SAM.id}"]`);
    await expect(samRow).toBeVisible({ timeout: 30_000 });

    await context.setOffline(true);
    await samRow.getByRole('button', { name: 'Edit member Sam Patel' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit member Sam Patel' });
    await expect(edit.getByLabel('Member id')).toHaveValue(SAM.id);
    await edit.getByLabel('Name').fill('Sam Patel Jr');
    await edit.getByTestId('member-teams').getByLabel('Back Office').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Saved on this device; it will be sent when you are back online' })).toBeVisible();
    await expect(samRow).toContainText('Sam Patel Jr');

    await page.getByRole('button', { name: 'New member' }).click();
    const create = page.getByRole('dialog', { name: 'New member' });
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Required')).toHaveCount(2);
    await create.getByLabel('Name').fill(NEW.name);
    await create.getByLabel('E-mail').fill('Maria.Lopez@demo.local');
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create.getByText('Already used by María López')).toBeVisible();
    await create.getByLabel('E-mail').fill(NEW.email);
    await create.getByTestId('member-teams').getByLabel('Claims Desk').check();
    await create.getByRole('button', { name: 'Save' }).click();
    await expect(create).toBeHidden();
    const newRow = list.getByRole('listitem').filter({ hasText: NEW.name });
    await expect(newRow).toContainText('Claims Desk');

    await page.reload();
    await expect(samRow).toContainText('Sam Patel Jr', { timeout: 30_000 });
    await expect(samRow).toContainText('Back Office');
    await expect(newRow).toContainText('Claims Desk');

    await context.setOffline(false);
    await expect.poll(async () => (await serverState(request, adminToken)).sam?.name, { timeout: 30_000 }).toBe('Sam Patel Jr');
    await expect.poll(async () => (await serverState(request, adminToken)).liveNew.length, { timeout: 30_000 }).toBe(1);
    // Once: a moment later there is still one of each.
    await page.waitForTimeout(2_000);
    const synced = await serverState(request, adminToken);
    expect(synced.newMembers).toHaveLength(1);
    expect(synced.linksOf(SAM.id, 'team-demo-back-office')).toHaveLength(1);
    expect(synced.linksOf(SAM.id, 'team-demo-field')).toHaveLength(1);
    const newId = String(synced.liveNew[0]!.id);
    expect(synced.linksOf(newId, 'team-demo-claims')).toHaveLength(1);

    await page.screenshot({ path: 'test-results/settings-members-1280.png', fullPage: true });
    await samRow.getByRole('button', { name: 'Edit member Sam Patel Jr' }).click();
    await page.screenshot({ path: 'test-results/settings-members-form-1280.png' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'test-results/settings-members-form-390.png' });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: 'test-results/settings-members-390.png', fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await newRow.getByRole('button', { name: `Delete member ${NEW.name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete member ${NEW.name}` });
    await expect(confirm).toContainText(`Are you sure you want to delete ${NEW.name}?`);
    await expect(confirm.locator('[lang="es"]')).toContainText(`¿Seguro que quieres eliminar a ${NEW.name}?`);
    await page.screenshot({ path: 'test-results/settings-members-delete-390.png' });
    await confirm.getByRole('button', { name: 'Delete member' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Member deleted!' })).toBeVisible();
    await expect(newRow).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New member' })).toBeFocused();
    await expect.poll(async () => (await serverState(request, adminToken)).liveNew.length, { timeout: 30_000 }).toBe(0);
    expect((await serverState(request, adminToken)).linksOf(newId, 'team-demo-claims')).toHaveLength(0);

    // A member with a user account is not deleted: the dialog says why and offers no delete.
    await list.locator('[data-member-id="mbr-demo-ada"]').getByRole('button', { name: 'Delete member Ada Admin' }).click();
    const refused = page.getByRole('dialog', { name: 'Delete member Ada Admin' });
    await expect(refused).toContainText('Ada Admin has a user account, so the member cannot be deleted.');
    await expect(refused.getByRole('button', { name: 'Delete member' })).toHaveCount(0);
    await refused.getByRole('button', { name: 'Keep member' }).click();
  } finally {
    await context.setOffline(false);
    await restoreMember(request, adminToken, SAM.id, SAM);
    for (const member of (await serverState(request, adminToken)).liveNew) await deleteMemberByApi(request, adminToken, String(member.id));
  }
});
