/// <reference lib="webworker" />
/**
 * The console's service worker (vite-plugin-pwa injectManifest). It precaches the built shell, answers every
 * page navigation with the cached index.html so any route reloads offline, and takes control at once: without
 * skipWaiting + clientsClaim the first visit stays uncontrolled and an offline reload fails. Data never comes
 * from here; screens read the replica.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Server endpoints that a browser may open directly; they must reach the network, never the app shell.
const NETWORK_ONLY_PATHS = [/^\/sync\//, /^\/hooks\//, /^\/status$/, /^\/token$/, /^\/auth\//];

void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NETWORK_ONLY_PATHS }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
