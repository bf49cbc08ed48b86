import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, cacheControlFor } from '../../../server/http/staticAssets.ts';
import { precompressDir } from '../../../scripts/vite/precompress.ts';
import { createTestApp, demoAccount, type TestApp } from '../helpers/testApp.ts';

// A small build folder shaped like Vite's: hashed files under assets/, the rest at the top.
const SCRIPT = `export const answer = ${JSON.stringify('console '.repeat(400))};\n`;
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><script type="module" src="/assets/index-4f2a9c1d.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`,
  'assets/index-4f2a9c1d.js': SCRIPT,
  'assets/index-77b0e2aa.css': `.shell{color:red}\n`.repeat(200),
  'sw.js': `self.addEventListener('fetch', () => {});\n`.repeat(60),
  'manifest.webmanifest': JSON.stringify({ name: 'Workflow Console', description: 'x'.repeat(2000) }),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

let buildDir: string;

beforeAll(async () => {
  buildDir = await fs.mkdtemp(path.join(os.tmpdir(), 'static-assets-'));
  for (const [name, text] of Object.entries(FILES)) {
    await fs.mkdir(path.dirname(path.join(buildDir, name)), { recursive: true });
    await fs.writeFile(path.join(buildDir, name), text);
  }
  await precompressDir(buildDir);
});

afterAll(async () => {
  await fs.rm(buildDir, { recursive: true, force: true });
});

describe('cache lifetimes', () => {
  it.each([
    ['assets/index-4f2a9c1d.js', IMMUTABLE_CACHE],
    ['assets/sync.worker-BpMp0Mk-.js', IMMUTABLE_CACHE],
    ['index.html', REVALIDATE_CACHE],
    ['sw.js', REVALIDATE_CACHE],
    ['manifest.webmanifest', REVALIDATE_CACHE],
    ['icons/icon-192.png', REVALIDATE_CACHE],
    ['console-bridge.js', REVALIDATE_CACHE],
  ])('%s is served with %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe('serving the built PWA', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', { STATIC_DIR: buildDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('a hashed script goes out as brotli to a browser that accepts it, cached for a year, varying by encoding', async () => {
    const reply = await get('/assets/index-4f2a9c1d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(reply.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(SCRIPT);
    expect(reply.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('gzip when the browser accepts only gzip, and the plain file when it accepts neither', async () => {
    const gzipped = await get('/assets/index-4f2a9c1d.js', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-4f2a9c1d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('index.html, sw.js and the manifest are revalidated on every use, and compressed too', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      const reply = await get(url, { 'accept-encoding': 'br' });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(reply.headers['content-encoding'], url).toBe('br');
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('a navigation to a screen gets index.html, compressed and revalidated', async () => {
    const reply = await get('/tickets', { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, br' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(zlib.brotliDecompressSync(reply.rawPayload).toString()).toBe(FILES['index.html']);
  });

  it.each([
    ['/', {}],
    ['/', { accept: 'application/json' }],
    ['/', { accept: '*/*', authorization: 'Bearer x' }],
    ['/admin-info', { accept: '*/*' }],
    ['/some/unknown/page', {}],
  ])('GET %s with %j answers the app (curl and other tools as well as browsers)', async (url, headers: Record<string, string>) => {
    const reply = await get(url, headers);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).toBe(FILES['index.html']);
  });

  it.each([
    ['/apps/unknown-route/x', { accept: '*/*' }],
    ['/templates/x/y/z', {}],
    ['/dashboard', { accept: 'application/json' }],
    ['/dashboard', { accept: '*/*', authorization: 'Bearer x' }],
    ['/assets/missing-chunk.js', { accept: '*/*' }],
  ])('GET %s with %j keeps the JSON 404 of an API path, a missing file or a JSON caller', async (url, headers: Record<string, string>) => {
    const reply = await get(url, headers);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toMatchObject({ code: 'not-found' });
  });

  it('a navigation to a signing link gets the server-rendered signing page, not the console', async () => {
    const reply = await get(`/sign/${'C'.repeat(43)}`, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).toContain('Link not valid');
    expect(reply.body).not.toBe(FILES['index.html']);
  });

  it('a navigation to an answer link of an e-mail stage gets the answer page the server renders, not the console', async () => {
    const reply = await get(`/flowtimer/contact/answer?code=${'C'.repeat(43)}&answer=1`, { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toMatch(/text\/html/);
    expect(reply.body).not.toBe(FILES['index.html']);
  });

  it('the public kiosk API answers JSON even to a browser asking for a page, and takes a same-origin submission', async () => {
    const page = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' };
    const form = await get('/public/forms/claims-intake', page);
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-type']).toMatch(/application\/json/);
    expect(form.json()).toMatchObject({ formId: 'claims-intake', version: 1 });
    const unknown = await get('/public/forms/no-such-form', page);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'not-found', message: 'This form is not available' });
    // The kiosk page posts from the console's own origin: no CORS entry is needed for it.
    const origin = 'http://console.example';
    const posted = await t.app.inject({
      method: 'POST',
      url: '/public/forms/claims-intake/submissions',
      headers: { host: 'console.example', origin, 'x-kiosk-id': 'kiosk-static', 'content-type': 'application/json' },
      payload: { submissionId: '4f3a2b1c-0d9e-4f8a-b7c6-d5e4f3a2b1c0', formVersion: 1, values: { customerName: 'Ana', email: 'ana@example.com', policyNumber: 'P-1' }, filledAt: Date.now() },
    });
    expect(posted.statusCode, posted.body).toBe(201);
  });

  it('the compressed copies are not addressable by their own names', async () => {
    expect((await get('/assets/index-4f2a9c1d.js.br')).statusCode).toBe(404);
  });

  it('an API answer is compressed on the fly for a client that accepts it', async () => {
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const url = '/sync/pull?collection=config&limit=500';
    const plain = await get(url, admin.headers);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const compressed = await get(url, { ...admin.headers, 'accept-encoding': 'br, gzip' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(zlib.brotliDecompressSync(compressed.rawPayload).toString())).toEqual(plain.json());
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('the live stream is neither compressed nor buffered: its first event arrives at once', async () => {
    const admin = await t.loginAs(demoAccount('ADMIN').username);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port, path: '/sync/stream', headers: { ...admin.headers, 'accept-encoding': 'gzip, deflate, br' } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            resolve({ headers: response.headers, chunk: chunk.toString('utf8') });
            request.destroy();
          });
        },
      );
      request.on('error', reject);
      request.setTimeout(5_000, () => reject(new Error('no event within 5 s')));
    });
    expect(first.headers['content-type']).toMatch(/text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.chunk).toContain('event: ready');
  });
});

describe('https-only headers', () => {
  const headersFor = async (env: Record<string, string>) => {
    const t = await createTestApp('pglite', { STATIC_DIR: buildDir, ...env });
    try {
      const reply = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      return { hsts: reply.headers['strict-transport-security'], csp: String(reply.headers['content-security-policy']) };
    } finally {
      await t.close();
    }
  };

  it('over plain http the console sends neither HSTS nor upgrade-insecure-requests', async () => {
    const { hsts, csp } = await headersFor({});
    expect(hsts).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(csp).toContain("script-src 'self'");
    // The external dashboard may be framed from any https origin, and over plain http from this machine too.
    expect(csp).toContain("frame-src 'self' blob: https: http://localhost:* http://127.0.0.1:*");
  });


  it.each([[{ HTTPS: 'true' }], [{ PUBLIC_URL: 'https://console.example' }]])('configured for https (%o) it sends both', async (env) => {
    const { hsts, csp } = await headersFor(env);
    expect(hsts).toMatch(/max-age=31536000/);
    expect(csp).toContain('upgrade-insecure-requests');
    // Served over https, plain http is never framed, not even this machine's.
    expect(csp).toContain("frame-src 'self' blob: https:;");
  });

  it('HTTPS=false wins over an https PUBLIC_URL (TLS ends in front of a proxy that adds its own headers)', async () => {
    const { hsts, csp } = await headersFor({ HTTPS: 'false', PUBLIC_URL: 'https://console.example' });
    expect(hsts).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
