import { expect, test, type Page } from '@playwright/test';
import { InboxPage } from './pages/InboxPage.ts';
import { apiToken, pullAll, releaseTickets } from './pages/serverReads.ts';
import { ADMIN, AGENT, ShellPage, waitForOfflineReady } from './pages/ShellPage.ts';

const SESSION_COOKIE = 'wc_session';

/** Every text a script of the page can reach: cookies, both storages, every IndexedDB store, the caches' addresses. */
async function everythingScriptsCanRead(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [document.cookie, JSON.stringify({ ...localStorage }), JSON.stringify({ ...sessionStorage })];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result as unknown[]);
          request.onerror = () => resolve([]);
        });
        parts.push(JSON.stringify(rows, (_key, value: unknown) => (value instanceof Blob ? '[blob]' : value)));
      }
      db.close();
    }
    for (const name of await caches.keys()) parts.push(...(await (await caches.open(name)).keys()).map((r) => r.url));
    return parts.join('\n');
  });
}

test.describe('hostile input and the session token', () => {
  test.setTimeout(120_000);

  test('no script of the page can read the session token: it lives only in an HttpOnly cookie', async ({ page, context }) => {
    await new ShellPage(page).signInAs(AGENT);
    await new InboxPage(page).goto();
    const cookie = (await context.cookies()).find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie!.value.length).toBeGreaterThan(30);
    const readable = await everythingScriptsCanRead(page);
    expect(readable.length).toBeGreaterThan(1000);
    expect(readable).not.toContain(cookie!.value);
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIE);
  });

  test('a page of another site cannot write with the signed-in session: its form post and its fetch are refused', async ({ page, context, request, baseURL }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    const caseId = await inbox.firstUnassignedCaseId();
    const token = await apiToken(request, ADMIN);
    const ticket = (await pullAll(request, token, 'tickets')).find((d) => d.operation === caseId && d.state === 'open')!;

    // The attacker's page, on another site, posts a form to the console's claim call (as text/plain JSON).
    await context.route('http://attacker.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form id="f" method="POST" enctype="text/plain" action="${baseURL}/humaninterface/hicase/lock">
                 <input name='{"case_id":"${ticket.id}","x":"' value='"}'></form>`,
      }),
    );
    const attacker = await context.newPage();
    await attacker.goto('http://attacker.test/');
    // A script of that page, with the console's own header: the browser asks first (CORS), and the server says no.
    const fetched = await attacker.evaluate(async ([url, id]) => {
      try {
        const response = await fetch(url, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json', 'x-console-request': '1' }, body: JSON.stringify({ case_id: id }) });
        return `answered ${response.status}`;
      } catch {
        return 'refused';
      }
    }, [`${baseURL}/humaninterface/hicase/lock`, ticket.id] as const);
    expect(fetched).toBe('refused');
    // A plain form needs no permission to be sent, but the browser leaves the SameSite=Strict cookie out of it.
    const [answer] = await Promise.all([attacker.waitForResponse(`${baseURL}/humaninterface/hicase/lock`), attacker.locator('#f').evaluate((form: HTMLFormElement) => form.submit())]);
    expect(answer.status()).toBe(401);
    const after = (await pullAll(request, token, 'tickets')).find((d) => d.id === ticket.id)!;
    expect(after.status).toBe('unassigned');
  });

  test('a poisoned change in the outbox is shown as refused, and the changes after it still reach the server', async ({ page, context, request }) => {
    await new ShellPage(page).signInAs(AGENT);
    const inbox = new InboxPage(page);
    await inbox.goto();
    await waitForOfflineReady(page);
    const rows = page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Waiting for operator' });
    const [poisonCase, goodCase] = [((await rows.nth(0).getByTestId('ticket-case-id').textContent()) ?? '').trim(), ((await rows.nth(1).getByTestId('ticket-case-id').textContent()) ?? '').trim()];
    const token = await apiToken(request, ADMIN);
    const server = async (caseId: string) => (await pullAll(request, token, 'tickets')).find((d) => d.operation === caseId && d.state === 'open');
    const poisonTicket = (await server(poisonCase))!.id;
    const goodTicket = (await server(goodCase))!.id;
    try {
      // The claim of the first ticket is corrupted on every way out (as a damaged disk or an older version might
      // leave it in the outbox): a NUL character the server cannot store. Retries while offline never reach the
      // server; the first attempt that does carries the poison.
      let corrupted = 0;
      await context.route('**/sync/mutations', async (route) => {
        const batch = route.request().postDataJSON() as { mutations: Array<{ name: string; args: { ticketId?: string } }> };
        for (const mutation of batch.mutations) {
          if (mutation.name === 'ticket.claim' && mutation.args.ticketId === poisonTicket) {
            mutation.args.ticketId = `${poisonTicket}\u0000`;
            corrupted += 1;
          }
        }
        await route.continue({ postData: JSON.stringify(batch) });
      });
      await context.setOffline(true);
      await inbox.row(poisonCase).getByRole('button', { name: 'Claim' }).click();
      await inbox.row(goodCase).getByRole('button', { name: 'Claim' }).click();
      await expect(inbox.row(goodCase).getByTestId('pending-mark')).toBeVisible();
      await context.setOffline(false);

      await expect(inbox.row(poisonCase).getByTestId('ticket-rejection')).toContainText('NUL character', { timeout: 60_000 });
      await expect(inbox.row(poisonCase).getByRole('button', { name: 'Claim' })).toBeVisible();
      await expect(inbox.row(goodCase).getByTestId('pending-mark')).toHaveCount(0, { timeout: 60_000 });
      expect(corrupted).toBeGreaterThan(0);
      await context.unroute('**/sync/mutations');
      expect(await server(goodCase)).toMatchObject({ status: 'assigned' });
      expect(await server(poisonCase)).toMatchObject({ status: 'unassigned' });

      // Later changes go through as usual (a press within 1000 ms of the last one on the row is ignored: part 1 §9).
      await page.waitForTimeout(1_000);
      await inbox.row(poisonCase).getByRole('button', { name: 'Claim' }).click();
      await expect.poll(async () => (await server(poisonCase))?.status, { timeout: 30_000 }).toBe('assigned');
      await page.getByTestId('sync-indicator').click();
      await expect(page.getByTestId('refused-change')).toContainText('NUL character');
    } finally {
      await releaseTickets(request, token, [poisonTicket, goodTicket]);
    }
  });
});
