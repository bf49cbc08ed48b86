import { deflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage } from './pages/ShellPage.ts';

/** A small striped PNG, built here so the test needs no fixture file. */
function pngFixture(width = 48, height = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: height }, (_, y) => Buffer.from([0, ...Array.from({ length: width }, (_, x) => ((x + y) % 8 < 4 ? [200, 40, 40] : [30, 60, 180])).flat()]));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

type ServerFile = { id: string; name: string; size: number; type: string };

async function serverFiles(request: APIRequestContext, token: string, caseId: string): Promise<ServerFile[]> {
  const reply = await request.get(`/cases/${caseId}/files`, { params: { pageSize: '100' }, headers: { authorization: `Bearer ${token}` } });
  expect(reply.status()).toBe(200);
  return ((await reply.json()) as { files: ServerFile[] }).files;
}

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

async function attachPhoto(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Photo', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Attach a photo' });
  await dialog.getByTestId('photo-input').setInputFiles({ name: 'site.png', mimeType: 'image/png', buffer: pngFixture() });
  await expect(dialog.getByRole('img', { name: 'Photo preview' })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('ticket files', () => {
  test.setTimeout(180_000);

  test('the agent claims a ticket, attaches a photo, signs and solves it; the server holds both PNGs', async ({ page, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(AGENT);
    const { caseId } = await openFreeTicket(page, request, adminToken);
    await expect(page.getByText('No files for this case')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('ticket-assignee')).toContainText(AGENT.name);

    await attachPhoto(page);
    await expect(page.getByTestId('case-files')).toContainText(/photo-.*\.png/);

    await page.getByRole('button', { name: 'Signature', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Signature' });
    const pad = dialog.getByTestId('signature-pad');
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 12; i += 1) await page.mouse.move(box.x + 30 + i * 20, box.y + box.height / 2 + (i % 2 ? -30 : 30), { steps: 4 });
    await page.mouse.up();
    await dialog.getByRole('button', { name: 'Save signature' }).click();
    await expect(dialog).toBeHidden();

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

    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('a photo attached offline survives a reload and reaches the server exactly once', async ({ page, context, request }) => {
    const adminToken = await apiToken(request, ADMIN);
    await new ShellPage(page).signInAs(AGENT);
    const { caseId } = await openFreeTicket(page, request, adminToken);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const list = page.getByTestId('case-files');
    await expect(page.getByText('No files for this case').or(list)).toBeVisible({ timeout: 30_000 });
    const before = (await serverFiles(request, adminToken, caseId)).length;

    await context.setOffline(true);
    await attachPhoto(page);
    await expect(list).toContainText('waiting to be sent');
    await page.reload();
    await expect(page.getByTestId('case-files')).toContainText('waiting to be sent', { timeout: 30_000 });

    await context.setOffline(false);
    await expect(page.getByTestId('case-files')).not.toContainText('waiting to be sent', { timeout: 60_000 });
    const after = await serverFiles(request, adminToken, caseId);
    expect(after).toHaveLength(before + 1);
    expect(after.filter((f) => /^photo-/.test(f.name))).toHaveLength(1);
  });
});
