import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { attachPhoto, pngFixture, serverFiles, signTicket } from './pages/fileTools.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

/** Opens the first unassigned ticket of the agent's inbox; answers its id and its case's id. */
async function openFreeTicket(page: Page, request: APIRequestContext, adminToken: string): Promise<{ ticketId: string; caseId: string }> {
  const inbox = new InboxPage(page);
  await inbox.goto();
  const row = await inbox.searchCase(await inbox.firstUnassignedCaseId());
  await row.getByTestId('ticket-case-id').click();
  await expect(page).toHaveURL(/\/tickets\/tkt-/);
  const ticketId = decodeURIComponent(page.url().split('/tickets/')[1] ?? '');
  const ticket = (await pullAll(request, adminToken, 'tickets')).find((doc) => doc.id === ticketId);
  return { ticketId, caseId: String(ticket?.caseId) };
}

test.describe('ticket files', () => {
  test.setTimeout(180_000);

  test('photo and signature reach the server as PNGs; the cache dialog counts them; uncached files offline show the error image', async ({ page, context, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(AGENT);
    const { caseId } = await openFreeTicket(page, request, adminToken);
    await expect(page.getByText('No files for this case')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('ticket-assignee')).toContainText(AGENT.name);

    await attachPhoto(page);
    await expect(page.getByTestId('case-files')).toContainText(/photo-.*\.png/);

    await signTicket(page);

    const list = page.getByTestId('case-files');
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list).not.toContainText('waiting to be sent', { timeout: 60_000 });
    const files = await serverFiles(request, adminToken, caseId);
    expect(files.map((f) => f.name).sort()).toEqual([expect.stringMatching(/^photo-.*\.png$/), expect.stringMatching(/^signature-.*\.png$/)]);
    expect(files.every((f) => f.type === 'image/png' && f.size > 0)).toBe(true);
    const bytes = await request.get(`/cases/${caseId}/files/${files[0]!.id}`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect([...(await bytes.body()).subarray(1, 4)]).toEqual([...Buffer.from('PNG')]);

    // The worker keeps what it sent in the file cache: the manager counts both files.
    await page.getByRole('button', { name: 'File cache' }).click();
    const cache = page.getByRole('dialog', { name: 'File Cache Manager' });
    await expect(cache.getByTestId('file-cache-usage')).toContainText('Cached files2');
    await expect(cache.getByTestId('file-cache-usage')).toContainText(/Total size\d+\.\d{2} MB/);
    await page.screenshot({ path: test.info().outputPath('file-cache-dialog.png') });
    await cache.getByRole('button', { name: 'Clear Cache' }).click();
    await expect(cache.getByTestId('file-cache-usage')).toContainText('Cached files0');
    await cache.getByRole('button', { name: 'Close' }).click();

    // Offline with an empty cache the files cannot be read: the list shows the error image, the viewer says why.
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await page.reload();
    await expect(list.getByTestId('file-thumbnail-error')).toHaveCount(2, { timeout: 30_000 });
    // The sync indicator still says when the data was last brought up to date.
    await expect(page.getByText(/Last sync|Synced just now/)).toBeVisible();
    await expect(page.getByText('Not synced yet')).toHaveCount(0);
    await list.getByRole('button', { name: /^Open photo-/ }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Failed to fetch file');
    await page.screenshot({ path: test.info().outputPath('files-offline-uncached.png') });
    await page.keyboard.press('Escape');
    await context.setOffline(false);
    await page.reload();
    await expect(list.getByTestId('file-thumbnail')).toHaveCount(2, { timeout: 30_000 });

    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('the template uploads and reads files through the bridge; bad messages write nothing; the list shows thumbnails', async ({ page, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(AGENT);
    const { caseId } = await openFreeTicket(page, request, adminToken);
    const frame = page.frameLocator('[data-testid="ticket-template"]');
    await expect.poll(() => frame.locator('body').evaluate(() => (window as unknown as { ConsoleBridge?: { caseId: string | null } }).ConsoleBridge?.caseId ?? null), { timeout: 15_000 }).toBe(caseId);
    const before = await serverFiles(request, adminToken, caseId);
    type Bridge = { send: (type: string, payload: object) => Promise<Record<string, unknown>>; caseId: string };
    const send = (type: string, payload: object) =>
      frame.locator('body').evaluate((_body, [t, p]) => (window as unknown as { ConsoleBridge: Bridge }).ConsoleBridge.send(t as string, p as object), [type, payload] as const);

    // Malformed messages get the spec's replies and nothing reaches the server.
    expect(await send('uploadFiles', { files: [{ name: 'x.png', data: '%%%' }], caseId })).toMatchObject({ success: false, error: 'Invalid files data' });
    expect(await send('uploadFiles', { files: [{ name: 'x.png', data: 'aGk=' }] })).toMatchObject({ success: false, error: 'Case ID must be provided for file upload...' });
    expect(await send('uploadFiles', { files: [{ name: 'x.png', data: 'aGk=' }], caseId: 'case-of-someone-else' })).toMatchObject({ success: false, error: 'S3 upload failed' });
    expect(await send('get-single-file', { caseId })).toMatchObject({ success: false, error: 'File not found or access denied' });
    expect(await send('createCaseForFiles', { files: [{ name: 'x.png', data: 'aGk=' }], description: 'New claim' })).toMatchObject({
      success: false,
      error: 'Failed to create case or upload files',
    });

    const dataUrl = `data:image/png;base64,${pngFixture(120, 90).toString('base64')}`;
    const uploaded = await send('uploadFiles', { files: [{ name: 'from-template.png', type: 'image/png', data: dataUrl }], caseId });
    expect(uploaded).toMatchObject({ type: 'uploadFiles-response', success: true, caseId, files: [{ name: 'from-template.png', type: 'image/png', url: expect.stringContaining(`/cases/${caseId}/files/fil-`) }] });
    const fileId = (uploaded.files as { id: string }[])[0]!.id;
    const read = await send('get-single-file', { caseId, fileId });
    expect(read).toMatchObject({ success: true, file: { id: fileId, name: 'from-template.png', type: 'image/png', data: dataUrl } });

    const list = page.getByTestId('case-files');
    await expect(list).toContainText('from-template.png');
    await expect(list.getByTestId('file-thumbnail')).toBeVisible({ timeout: 15_000 });
    await expect(list).not.toContainText('waiting to be sent', { timeout: 60_000 });
    const after = await serverFiles(request, adminToken, caseId);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((f) => f.id === fileId)).toMatchObject({ name: 'from-template.png', type: 'image/png', size: pngFixture(120, 90).length });
    await page.screenshot({ path: test.info().outputPath('case-files-thumbnails.png') });

    await list.getByRole('button', { name: 'Open from-template.png' }).click();
    const viewer = page.getByRole('dialog', { name: 'from-template.png' });
    await expect(viewer.getByRole('img', { name: 'from-template.png' })).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'from-template.png');
    await page.screenshot({ path: test.info().outputPath('file-viewer.png') });
  });

  test('the admin\'s template creates a case for its files; the case and the file reach the server', async ({ page, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(ADMIN);
    await openFreeTicket(page, request, adminToken);
    const frame = page.frameLocator('[data-testid="ticket-template"]');
    await expect.poll(() => frame.locator('body').evaluate(() => (window as unknown as { ConsoleBridge?: { caseId: string | null } }).ConsoleBridge?.caseId ?? null), { timeout: 15_000 }).not.toBeNull();
    const reply = await frame.locator('body').evaluate(() =>
      (window as unknown as { ConsoleBridge: { createCaseForFiles: (f: unknown[], d: string) => Promise<Record<string, unknown>> } }).ConsoleBridge.createCaseForFiles(
        [new File(['hello'], 'note.txt', { type: 'text/plain' })],
        'Documents brought to the desk',
      ),
    );
    expect(reply).toMatchObject({ success: true, caseId: expect.stringMatching(/^case-/), files: [{ name: 'note.txt', type: 'text/plain', size: 5 }] });
    const newCase = String(reply.caseId);
    await expect.poll(async () => (await pullAll(request, adminToken, 'cases')).find((doc) => doc.id === newCase)?.description, { timeout: 60_000 }).toBe('Documents brought to the desk');
    await expect.poll(async () => (await serverFiles(request, adminToken, newCase)).map((f) => f.name), { timeout: 60_000 }).toEqual(['note.txt']);
  });
});
