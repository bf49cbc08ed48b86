import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { attachPhoto } from './pages/fileTools.ts';
import { InboxPage } from './pages/InboxPage.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

/** Draws a short zig-zag on the pad with the mouse, as a signer would. */
async function drawSignature(page: Page, pad: Locator): Promise<void> {
  const box = await pad.boundingBox();
  if (!box) throw new Error('the signature pad is not on screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) await page.mouse.move(box.x + 20 + step * ((box.width - 40) / 12), y + (step % 2 === 0 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

test.describe('envelopes', () => {
  test.setTimeout(240_000);

  test('an agent sends a document for e-signature from the ticket; a signer with no sign-in signs; the case shows the signed file', async ({ page, context, browser }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const row = await inbox.searchCase(await inbox.firstUnassignedCaseId());
    await row.getByTestId('ticket-case-id').click();
    await expect(page).toHaveURL(/\/tickets\/tkt-/);
    // Journeys share one server: the ticket is claimed, so the next journey's "first free ticket" is another one
    // whose case has no files yet.
    await page.getByRole('button', { name: 'Claim', exact: true }).click();
    await expect(page.getByTestId('ticket-assignee')).toContainText(AGENT.name);
    const section = page.getByTestId('envelopes');
    await expect(section.getByText('No documents sent for e-signature')).toBeVisible({ timeout: 30_000 });

    // The document to sign: a file of the case.
    await attachPhoto(page);
    const files = page.getByTestId('case-files');
    await expect(files).not.toContainText('waiting to be sent', { timeout: 60_000 });
    const documentName = (await files.getByRole('listitem').first().textContent())?.match(/photo-[^\s]*\.png/)?.[0] ?? '';
    expect(documentName).not.toBe('');

    // Offline the request waits in the outbox with a pending mark; the link needs the network.
    await waitForOfflineReady(page);
    await context.setOffline(true);
    await section.getByRole('button', { name: 'Send for e-signature' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send for e-signature' });
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByText('The signer name is required')).toBeVisible();
    await dialog.getByLabel('Signer name').fill('Ana Signer');
    await dialog.getByLabel('Signer e-mail').fill('ana@customer.example');
    await dialog.getByRole('button', { name: 'Document to sign' }).click();
    await page.getByRole('option', { name: documentName }).click();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog).toBeHidden();
    const envelope = section.getByTestId('envelope');
    await expect(envelope).toHaveAttribute('data-status', 'pending');
    await expect(envelope).toContainText('Waiting to be sent');
    await expect(envelope).toContainText(`Document: ${documentName}`);
    await expect(envelope.getByRole('button', { name: 'Get signing link' })).toBeDisabled();

    // Back online the request is sent, and the link of the envelope just sent comes by itself.
    await context.setOffline(false);
    const link = envelope.getByTestId('signing-link');
    await expect(link).toBeVisible({ timeout: 60_000 });
    await expect(envelope).toContainText('Waiting for signature');
    await envelope.getByRole('button', { name: /^Copy Signing link/ }).click();
    await expect(envelope.getByRole('button', { name: /^Copy Signing link/ })).toHaveText('Copied');
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toBe(await link.inputValue());
    expect(url).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('envelopes-ticket-waiting-1280'), fullPage: true });

    // A second browser, never signed in, opens the link and signs with the mouse.
    const signerContext = await browser.newContext();
    const signer = await signerContext.newPage();
    await signer.goto(url);
    await expect(signer.getByRole('heading', { name: 'Sign the document' })).toBeVisible();
    await expect(signer.getByText('Hello Ana Signer')).toBeVisible();
    await expect(signer.getByText(documentName)).toBeVisible();
    expect((await new AxeBuilder({ page: signer }).analyze()).violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)).toEqual([]);
    await signer.screenshot({ path: shotPath('envelopes-signing-page-1280'), fullPage: true });
    // At phone width the page fits, and the signer signs there.
    await signer.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(signer, 'signing page at 390 px');
    await signer.screenshot({ path: shotPath('envelopes-signing-page-390'), fullPage: true });
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signer.getByRole('status')).toHaveText('Draw your signature (or type your name) first.');
    const pad = signer.getByRole('img', { name: /^Signature pad/ });
    await drawSignature(signer, pad);
    await signer.getByRole('button', { name: 'Clear' }).click();
    await drawSignature(signer, pad);
    await signer.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(signer.getByRole('heading', { name: 'Document signed' })).toBeVisible();
    await expect(signer.getByText('Thank you, Ana Signer: your signature was recorded.')).toBeVisible();

    // The same link again: already signed.
    await signer.goto(url);
    await expect(signer.getByRole('heading', { name: 'Already signed' })).toBeVisible();

    await signerContext.close();

    // The agent's screen shows the envelope signed and the signed PNG among the case files, through the replica.
    await expect(envelope).toHaveAttribute('data-status', 'signed', { timeout: 60_000 });
    await expect(envelope).toContainText('Signed');
    await expect(files).toContainText(/signature-ana-signer-.*\.png/, { timeout: 60_000 });
    await expect(files).toContainText(/audit-signature-ana-signer-.*\.json/);
    await expect(envelope).toContainText(/Signed file: signature-ana-signer-.*\.png/);
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('envelopes-ticket-signed-1280'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSidewaysScroll(page, 'ticket with envelopes at 390 px');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('envelopes-ticket-signed-390'), fullPage: true });
  });

  test('on a phone, in Spanish, a signer who cannot draw signs by typing their name with the keyboard alone', async ({ browser, request }) => {
    const token = await apiToken(request, ADMIN);
    const headers = { authorization: `Bearer ${token}` };
    const caseId = String((await pullAll(request, token, 'cases'))[0]?.id);
    const created = await request.post(`/cases/${caseId}/envelopes`, { headers, data: { signer: { name: 'Lucía Firmante', email: 'lucia@cliente.example' } } });
    expect(created.status()).toBe(201);
    const envelopeId = ((await created.json()) as { id: string }).id;
    const link = await request.post(`/cases/${caseId}/envelopes/${envelopeId}/generateUrl`, { headers, data: { caseId } });
    const url = ((await link.json()) as { url: string }).url;

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', extraHTTPHeaders: { 'accept-language': 'es-ES,es;q=0.9' } });
    const page = await phone.newPage();
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Firmar el documento' })).toBeVisible();
    await expect(page.getByText(`el caso ${caseId}`)).toBeVisible();
    await expectNoSidewaysScroll(page, 'signing page in Spanish at 390 px');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('O escriba su nombre completo para firmar con él')).toBeFocused();
    await page.keyboard.type('Lucía Firmante');
    await page.screenshot({ path: shotPath('envelopes-signing-typed-es-390'), fullPage: true });
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Documento firmado' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documento firmado' })).toBeFocused();
    const envelope = await request.get(`/cases/${caseId}/envelopes/${envelopeId}`, { headers });
    expect(await envelope.json()).toMatchObject({ status: 'signed', signer: { name: 'Lucía Firmante' } });

    const missing = await page.goto(`/sign/${'A'.repeat(43)}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Enlace no válido' })).toBeVisible();
    await phone.close();
  });
});
