/// <reference lib="webworker" />
/**
 * The console's service worker (vite-plugin-pwa injectManifest). It precaches the shell (index.html, the entry
 * chunk and what it imports, CSS, icons), answers every page navigation with the cached index.html so any route
 * reloads offline, and takes control at once: without skipWaiting + clientsClaim the first visit stays
 * uncontrolled and an offline reload fails. Screen chunks (and the sync worker, the Spanish catalogue, heavy
 * libraries) are not precached: each is kept when first fetched and served cache-first after that (their names
 * carry their content hash), and the signed-in page asks for all of them once the browser is idle, so screens not
 * yet visited open offline too. Data never comes from here; screens read the replica.
 */
import { ROUTE_CHUNKS } from 'virtual:route-chunks';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { ROUTE_CHUNK_CACHE, WARM_ROUTE_CHUNKS, type WarmRouteChunksReply } from '../src/app/pwa/routeChunkMessages.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Server endpoints that a browser may open directly, and static pages (the sample external dashboard), must reach
// the network, never the app shell. So must the public kiosk pages (/forms/…): they are kiosk.html, kept offline by
// their own service worker (kiosk/kiosk-sw.ts), never the console; and so must the public kiosk API (/public/…).
const NETWORK_ONLY_PATHS = [/^\/sync\//, /^\/hooks\//, /^\/flowtimer\//, /^\/sign\//, /^\/status(\/|$)/, /^\/docs(\/|$)/, /^\/openapi\.json$/, /^\/metrics$/, /^\/token$/, /^\/auth\//, /^\/[^/]+\.html$/, /^\/forms\//, /^\/public\//];

// The server varies these answers by Accept-Encoding; the body kept is the decoded script either way.
const MATCH_OPTIONS: CacheQueryOptions = { ignoreVary: true };

void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NETWORK_ONLY_PATHS }));

// Registered after the precache route, which answers for the shell's own files first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: ROUTE_CHUNK_CACHE, matchOptions: MATCH_OPTIONS }),
);

const routeChunkUrls = () => ROUTE_CHUNKS.map((file) => new URL(`/${file}`, self.location.origin).href);

/** Fetches every route chunk not kept yet; answers how many are kept and how many could not be fetched. */
async function warmRouteChunks(): Promise<WarmRouteChunksReply> {
  const cache = await caches.open(ROUTE_CHUNK_CACHE);
  const outcomes = await Promise.all(
    routeChunkUrls().map(async (url) => {
      if (await cache.match(url, MATCH_OPTIONS)) return true;
      try {
        const response = await fetch(url);
        if (!response.ok) return false;
        await cache.put(url, response);
        return true;
      } catch {
        return false;
      }
    }),
  );
  return { type: 'route-chunks-warm', cached: outcomes.filter(Boolean).length, failed: outcomes.filter((ok) => !ok).length };
}

/** A new build's chunks have new names: the previous build's are dropped once this worker takes over. */
async function dropOutdatedRouteChunks(): Promise<void> {
  const current = new Set(routeChunkUrls());
  const cache = await caches.open(ROUTE_CHUNK_CACHE);
  for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
}

self.addEventListener('activate', (event) => event.waitUntil(dropOutdatedRouteChunks()));

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === WARM_ROUTE_CHUNKS) {
    event.waitUntil(warmRouteChunks().then((reply) => event.source?.postMessage(reply)));
  }
});
