/// <reference lib="webworker" />
/**
 * The kiosk's own service worker (scope /forms/, built to /forms/kiosk-sw.js by scripts/vite/kioskBuild.ts, which
 * fills in `__KIOSK_BUILD`). It keeps kiosk.html, the kiosk's script, style and forwarder worker on install and
 * answers every /forms/… page with that kiosk.html, so a reload with no network still shows the form (the form's
 * definition comes from the page's IndexedDB). The per-form manifest and the icons are kept as they are fetched.
 * It takes control at once, so the first visit is already covered. Self-contained: it imports nothing, so the
 * build gives it no shared chunk (a classic service worker cannot import one).
 */
export {};

declare const self: ServiceWorkerGlobalScope & { __KIOSK_BUILD: { version: string; page: string; files: string[] } };

const BUILD = self.__KIOSK_BUILD;
const SHELL_CACHE = `kiosk-shell-${BUILD.version}`;
const RUNTIME_CACHE = 'kiosk-runtime';
// The server varies its answers by Accept-Encoding; the decoded body kept serves any request.
const MATCH: CacheQueryOptions = { ignoreVary: true };
const KEPT_WHEN_FETCHED = [/^\/forms\/[^/]+\/manifest\.webmanifest$/, /^\/icons\//, /^\/favicon\.svg$/];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(BUILD.files))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('kiosk-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function fromShell(path: string, request: Request): Promise<Response> {
  const cached = await caches.match(path, { ...MATCH, cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

/** The network's answer, kept for next time; the kept one when the network does not answer. */
async function networkThenKept(request: Request): Promise<Response> {
  const cache = await caches.open(RUNTIME_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, MATCH);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith('/forms/')) {
    event.respondWith(fromShell(BUILD.page, request));
    return;
  }
  if (BUILD.files.includes(url.pathname)) {
    event.respondWith(fromShell(url.pathname, request));
    return;
  }
  if (KEPT_WHEN_FETCHED.some((pattern) => pattern.test(url.pathname))) event.respondWith(networkThenKept(request));
});
