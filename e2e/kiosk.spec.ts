import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './pages/axe.ts';
import { expectNoSidewaysScroll, shotPath } from './pages/layout.ts';
import { apiToken, pullAll } from './pages/serverReads.ts';
import { createClaimsFormInConsole } from './pages/frontdeskForms.ts';
import { ADMIN } from './pages/ShellPage.ts';

const FORM_LINK = '/forms/claims-intake';
const TABLET = { width: 800, height: 1280 };
const DESKTOP = { width: 1280, height: 900 };

type Visitor = { customerName: string; email: string; policyNumber: string; description: string };
type Stored = { submissionId: string; formId: string; formVersion: number; values: Record<string, string>; filledAt: number; status: string };

const visitor = (stamp: string, n: number): Visitor => ({
  customerName: `Kiosk visitor ${n} ${stamp}`,
  email: `visitor${n}.${stamp}@example.com`,
  policyNumber: `PN-K${n}-${stamp}`,
  description: `Walked in at the desk, visitor ${n}`,
});

const corner = (page: Page) => page.locator('#kiosk-status');
const heading = (page: Page) => page.getByRole('heading', { name: 'Register a claim' });

/** Fills the seeded claims form as a visitor and sends it; the page thanks them, then clears the form for the next. */
async function submitAsVisitor(page: Page, values: Visitor, shot?: string): Promise<void> {
  await page.getByLabel('Your name').fill(values.customerName);
  await page.getByLabel('E-mail').fill(values.email);
  await page.getByLabel('Policy number').fill(values.policyNumber);
  await page.getByLabel('What happened?').fill(values.description);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible({ timeout: 1_000 });
  // The thank-you replaces the form: no field, no earlier message stays on screen.
  await expect(page.getByLabel('Your name')).toBeHidden();
  await expect(page.locator('.kiosk-error')).toHaveCount(0);
  if (shot) await page.screenshot({ path: shotPath(shot) });
  // The form comes back empty for the next visitor after a few seconds.
  await expect(heading(page)).toBeVisible({ timeout: 10_000 });
  await expect(page.getByLabel('Your name')).toHaveValue('');
}

/** The submissions the page keeps in IndexedDB until the server has them. */
const storedSubmissions = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<Stored[]>((resolve, reject) => {
        const open = indexedDB.open('workflow-kiosk');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('submissions').objectStore('submissions').getAll();
          all.onsuccess = () => resolve(all.result as Stored[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

test.describe('public kiosk page', () => {
  test('the admin makes a Claims form and copies its link; visitors fill it online and offline; after a reload offline the three stay queued; each makes exactly one case with its values and form version, and replays add none', async ({ browser, request }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const adminToken = await apiToken(request, ADMIN);
    const casesBefore = new Set((await pullAll(request, adminToken, 'cases')).map((doc) => doc.id));

    // The administrator, in the console: a new form for Claims, and its link from Copy link.
    const consoleContext = await browser.newContext({ viewport: DESKTOP });
    await consoleContext.grantPermissions(['clipboard-read', 'clipboard-write']);
    const form = await createClaimsFormInConsole(await consoleContext.newPage(), request, stamp);
    await consoleContext.close();
    expect(form.link).toMatch(new RegExp(`/forms/${form.formId}$`));

    // A fresh device: no sign-in, nothing kept.
    const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(form.link);
    await expect(heading(page)).toBeVisible();
    await expect(page).toHaveTitle(form.name);
    // Kiosk mode: nothing on the page leads away from the form.
    await expect(page.locator('a[href]')).toHaveCount(0);
    await expect(corner(page)).toHaveText('All sent');
    expect(await axeViolations(page)).toEqual([]);
    await expectNoSidewaysScroll(page, 'kiosk form at 1280');
    await page.screenshot({ path: shotPath('kiosk-form-1280') });

    // A visitor who leaves a required field empty is told next to it, in the form's words.
    await page.getByLabel('E-mail').fill('not-an-address');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Please fill in Your name')).toBeVisible();
    await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
    await expect(page.getByLabel('Your name')).toBeFocused();
    await page.getByLabel('E-mail').fill('');

    const online = visitor(stamp, 0);
    await submitAsVisitor(page, online, 'kiosk-thank-you-1280');
    await expect(corner(page)).toHaveText('All sent', { timeout: 15_000 });
    // The kiosk's own service worker has taken over, so a reload works with no network.
    await expect(page.locator('html')).toHaveAttribute('data-kiosk-offline', 'ready', { timeout: 20_000 });

    await context.setOffline(true);
    await expect(corner(page)).toContainText('Offline');
    const offline = [1, 2, 3].map((n) => visitor(stamp, n));
    for (const values of offline) await submitAsVisitor(page, values);
    await expect(corner(page)).toHaveText('3 waiting to be sent · Offline');
    const queued = await storedSubmissions(page);
    expect(queued.map((entry) => entry.values.customerName).sort()).toEqual(offline.map((values) => values.customerName).sort());
    expect(new Set(queued.map((entry) => entry.submissionId)).size).toBe(3);
    for (const entry of queued) {
      expect(entry).toMatchObject({ formId: form.formId, status: 'waiting', formVersion: 1 });
    }

    await page.reload();
    await expect(heading(page)).toBeVisible();
    await expect(corner(page)).toHaveText('3 waiting to be sent · Offline');
    await page.screenshot({ path: shotPath('kiosk-waiting-1280') });
    await page.setViewportSize(TABLET);
    await expectNoSidewaysScroll(page, 'kiosk form at 800');
    await page.screenshot({ path: shotPath('kiosk-waiting-800') });

    await context.setOffline(false);
    await expect(corner(page)).toHaveText('All sent', { timeout: 30_000 });
    expect(await storedSubmissions(page)).toEqual([]);

    // Exactly one new case per submission, each holding its visitor's values.
    const newCases = (await pullAll(request, adminToken, 'cases')).filter((doc) => !casesBefore.has(doc.id));
    const holding = (values: Visitor) => newCases.filter((doc) => JSON.stringify(doc.data).includes(values.customerName));
    for (const values of [online, ...offline]) {
      const cases = holding(values);
      expect(cases, values.customerName).toHaveLength(1);
      expect(cases[0]!.data).toMatchObject(values);
      // The case's log names the form and the version the visitor filled.
      const logs = await pullAll(request, adminToken, 'caseRecords', `case:${cases[0]!.id}`);
      expect(logs.find((doc) => doc.kind === 'caseLog' && doc.fieldChanged === 'formVersion')).toMatchObject({ newValue: '1', actionDescription: `Submitted at front desk form ${form.formId}` });
    }

    // The same three submissions sent again (as a kiosk would after a lost answer): the same cases, none added.
    for (const entry of queued) {
      const reply = await request.post(`/public/forms/${form.formId}/submissions`, {
        headers: { 'x-kiosk-id': `kiosk-e2e-replay-${stamp}` },
        data: { submissionId: entry.submissionId, formVersion: entry.formVersion, values: entry.values, filledAt: entry.filledAt },
      });
      expect(reply.status()).toBe(200);
      const body = (await reply.json()) as { caseId: string; duplicate: boolean };
      expect(body.duplicate).toBe(true);
      expect(holding(offline.find((values) => values.customerName === entry.values.customerName)!)[0]!.id).toContain(body.caseId);
    }
    const after = (await pullAll(request, adminToken, 'cases')).filter((doc) => !casesBefore.has(doc.id));
    expect(after).toHaveLength(newCases.length);
    expect(newCases).toHaveLength(4);
    await context.close();
  });

  test('on a tablet, in Spanish: the form, the thank-you and the corner', async ({ browser }) => {
    const context = await browser.newContext({ viewport: TABLET, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(FORM_LINK);
    await expect(heading(page)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(corner(page)).toHaveText('Todo enviado');
    await expectNoSidewaysScroll(page, 'kiosk form at 800');
    await page.screenshot({ path: shotPath('kiosk-form-800') });
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText('Por favor, complete Your name')).toBeVisible();
    await page.screenshot({ path: shotPath('kiosk-errors-800') });
    const values = visitor(Date.now().toString(36), 9);
    await page.getByLabel('Your name').fill(values.customerName);
    await page.getByLabel('E-mail').fill(values.email);
    await page.getByLabel('Policy number').fill(values.policyNumber);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Gracias' })).toBeVisible({ timeout: 1_000 });
    await expect(page.getByLabel('Your name')).toBeHidden();
    await expect(page.locator('.kiosk-error')).toHaveCount(0);
    await page.screenshot({ path: shotPath('kiosk-thank-you-800') });
    await expect(corner(page)).toHaveText('Todo enviado', { timeout: 15_000 });
    await context.close();
  });

  test("on a device where the console runs, the form link still opens the kiosk, with its own manifest and service worker", async ({ page, request }) => {
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await page.goto(FORM_LINK);
    await expect(heading(page)).toBeVisible();
    await expect(page.locator('#root')).toHaveCount(0);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/forms/claims-intake/manifest.webmanifest');
    const manifest = (await (await request.get(href!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Claims intake desk', scope: FORM_LINK, start_url: FORM_LINK, display: 'standalone' });
    await expect(page.locator('html')).toHaveAttribute('data-kiosk-offline', 'ready', { timeout: 20_000 });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope);
    expect(scope).toMatch(/\/forms\/$/);
  });

  test('with ?reset=<seconds>, a form left half-filled is cleared for the next visitor after that long idle', async ({ page }) => {
    await page.clock.install();
    await page.goto(`${FORM_LINK}?reset=30`);
    await expect(heading(page)).toBeVisible();
    await page.getByLabel('Your name').fill('Someone who walked away');
    await page.clock.runFor(20_000);
    await expect(page.getByLabel('Your name')).toHaveValue('Someone who walked away');
    await page.getByLabel('Policy number').fill('PN-1');
    await page.clock.runFor(20_000);
    await expect(page.getByLabel('Policy number')).toHaveValue('PN-1');
    await page.clock.runFor(11_000);
    await expect(page.getByLabel('Your name')).toHaveValue('');
    await expect(page.getByLabel('Policy number')).toHaveValue('');
  });

  test("a hostile template is shown without scripts, inline handlers, data-* attributes or links", async ({ page, request }) => {
    const stamp = Date.now().toString(36);
    const formId = `kiosk-hostile-${stamp}`;
    const template = `<form><h2>Hostile form</h2><script>window.__pwned = 1</script>
      <img src="/favicon.svg" onerror="window.__pwned = 2" onload="window.__pwned = 3" alt="logo">
      <label data-track="1">Your name <input name="customerName" data-x="y" required></label>
      <a href="http://example.com/terms">Terms</a> <a href="javascript:window.__pwned = 4">More</a>
      <button type="submit" onclick="window.__pwned = 5">Send</button></form>`;
    const adminToken = await apiToken(request, ADMIN);
    const created = await request.post('/sync/mutations', {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { clientId: `e2e-kiosk-${stamp}`, mutations: [{ id: `form-${stamp}`, name: 'form.create', args: { id: `form-${stamp}`, formId, name: 'Hostile form', caseTypeId: 'ct-demo-claim', description: 'A template that tries everything', template, link: `/forms/${formId}` }, at: Date.now() }] },
    });
    expect(created.ok(), await created.text()).toBe(true);

    await page.goto(`/forms/${formId}`);
    await expect(page.getByRole('heading', { name: 'Hostile form', level: 2 })).toBeVisible();
    const main = page.locator('#kiosk');
    await expect(main.locator('script')).toHaveCount(0);
    await expect(main.locator('[onerror], [onload], [onclick]')).toHaveCount(0);
    expect(await main.evaluate((root) => [...root.querySelectorAll('*')].some((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('data-'))))).toBe(false);
    await expect(main.locator('a[href]')).toHaveCount(0);
    await page.getByText('Terms').click();
    await page.getByText('More').click();
    await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test('an unknown form says it is not available, and the console is not reachable from it', async ({ page }) => {
    await page.goto('/forms/no-such-form');
    await expect(page.getByText('This form is not available')).toBeVisible();
    await expect(page.locator('a[href]')).toHaveCount(0);
  });
});
