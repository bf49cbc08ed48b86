import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageFor } from '../../server/http/staticAssets.ts';
import { createTestApp, type TestApp } from '../server/helpers/testApp.ts';

// A build folder with both pages and the kiosk's service worker, as `vite build` writes them.
const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>console</title><div id="root"></div>',
  'kiosk.html': '<!doctype html><title>kiosk</title><main id="kiosk"></main>',
  'forms/kiosk-sw.js': "self.addEventListener('fetch', () => {});\n",
};

let buildDir: string;
let t: TestApp;
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });

beforeAll(async () => {
  buildDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kiosk-static-'));
  for (const [name, text] of Object.entries(FILES)) {
    await fs.mkdir(path.dirname(path.join(buildDir, name)), { recursive: true });
    await fs.writeFile(path.join(buildDir, name), text);
  }
  t = await createTestApp('pglite', { STATIC_DIR: buildDir });
});

afterAll(async () => {
  await t?.close();
  await fs.rm(buildDir, { recursive: true, force: true });
});

describe('the kiosk page is served at a form link, without sign-in', () => {
  it.each([
    ['/forms/claims-intake', 'kiosk.html'],
    ['/forms/any-form-id', 'kiosk.html'],
    ['/frontdesk', 'index.html'],
    ['/tickets/42', 'index.html'],
  ])('%s → %s', (pathname, file) => {
    expect(pageFor(pathname)).toBe(file);
  });

  it('a navigation to /forms/:formId gets kiosk.html, the console routes still get index.html', async () => {
    const kiosk = await page('/forms/claims-intake?reset=60');
    expect(kiosk.statusCode).toBe(200);
    expect(kiosk.body).toContain('<title>kiosk</title>');
    expect(kiosk.headers['cache-control']).toBe('no-cache');
    expect((await page('/frontdesk')).body).toContain('<title>console</title>');
  });

  it("the kiosk's service worker is served from /forms/ (its scope) and revalidated", async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/forms/kiosk-sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('each form has its own web manifest: its name, scoped to its link, standalone, with the console icons', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/forms/claims-intake/manifest.webmanifest' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = reply.json<{ name: string; scope: string; start_url: string; display: string; icons: { src: string; sizes: string }[] }>();
    expect(manifest).toMatchObject({ name: 'Claims intake desk', scope: '/forms/claims-intake', start_url: '/forms/claims-intake', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.every((icon) => icon.src.startsWith('/icons/'))).toBe(true);
  });

  it('an unknown or malformed form id has no manifest: 404 or 400 with a message, never a 500', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/forms/no-such-form/manifest.webmanifest' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not-found', message: 'This form is not available' });
    const malformed = await t.app.inject({ method: 'GET', url: '/forms/NOT_A_SLUG/manifest.webmanifest' });
    expect(malformed.statusCode).toBe(400);
  });
});
