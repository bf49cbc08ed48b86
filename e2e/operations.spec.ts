import { expect, test, type APIRequestContext } from '@playwright/test';
import { LoginPage } from './pages/LoginPage.ts';

/** The token scripts/e2e-server.mjs gives the e2e server. */
const METRICS_TOKEN = process.env.METRICS_TOKEN ?? 'e2e-metrics-token-000000000001';
const ADMIN = { username: 'admin@demo.local', password: 'Admin#2026' };
const WEBHOOK = { url: '/hooks/whk-demo-onboarding', token: 'demo-onboarding-hook-token-2026' };

/** Sum of every sample of one metric (all label sets). */
async function metricSum(request: APIRequestContext, name: string): Promise<number> {
  const reply = await request.get('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(reply.status()).toBe(200);
  return (await reply.text())
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

test.describe('operations: metrics and the API reference', () => {
  test("a real sign-in and a webhook delivery move the server's metrics", async ({ page, request }) => {
    const pulls = await metricSum(request, 'sync_pull_pages_total');
    const deliveries = await metricSum(request, 'webhook_deliveries_total');
    const requests = await metricSum(request, 'http_request_duration_seconds_count');

    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(ADMIN.username, ADMIN.password);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    const delivered = await request.post(WEBHOOK.url, { headers: { 'x-webhook-token': WEBHOOK.token }, data: { from: 'operations e2e' } });
    expect(delivered.status()).toBe(202);

    await expect.poll(() => metricSum(request, 'sync_pull_pages_total')).toBeGreaterThan(pulls);
    expect(await metricSum(request, 'webhook_deliveries_total')).toBe(deliveries + 1);
    expect(await metricSum(request, 'http_request_duration_seconds_count')).toBeGreaterThan(requests + 2);
    expect((await request.get('/metrics')).status()).toBe(401);
  });

  test('the API reference renders the generated document', async ({ page, request }) => {
    const document = await request.get('/openapi.json');
    expect(document.status()).toBe(200);
    expect((await document.json()) as { openapi: string }).toMatchObject({ openapi: '3.1.0' });
    // A deep link to the webhook ingress's section; the operation's data-path keeps its path whole.
    await page.goto('/docs/#/hooks');
    await expect(page.getByRole('heading', { name: /Workflow Console API/ })).toBeVisible();
    await expect(page.locator('[data-path="/hooks/{webhookId}"]').first()).toBeVisible();
  });

  test('curl-like clients get the app at / and API paths keep their JSON 404', async ({ request }) => {
    const root = await request.get('/', { headers: { accept: '*/*' } });
    expect(root.status()).toBe(200);
    expect(root.headers()['content-type']).toContain('text/html');
    const api = await request.get('/templates/x/y/z', { headers: { accept: '*/*' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not-found' });
  });
});
