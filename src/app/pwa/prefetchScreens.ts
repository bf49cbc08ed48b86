/**
 * After sign-in, once the browser is idle, the service worker fetches every screen chunk not kept yet (and the
 * libraries only some screens use), so each screen also opens offline, visited or not. The page itself runs none
 * of that code until the screen opens. workers/sw.ts answers with how many chunks it keeps.
 */
import { whenIdle } from '../whenIdle.ts';
import { WARM_ROUTE_CHUNKS, type WarmRouteChunksReply } from './routeChunkMessages.ts';

/** The last answer of the service worker, for the offline journey in e2e/ to wait on. */
export const ROUTE_CHUNKS_ATTRIBUTE = 'data-route-chunks';

const IDLE_TIMEOUT_MS = 10_000;

let asked = false;

export function prefetchScreensWhenIdle(): void {
  if (asked || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  asked = true;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<WarmRouteChunksReply | null>) => {
    if (event.data?.type !== 'route-chunks-warm') return;
    document.documentElement.setAttribute(ROUTE_CHUNKS_ATTRIBUTE, event.data.failed === 0 ? 'cached' : 'partial');
  });
  const ask = () => void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage({ type: WARM_ROUTE_CHUNKS }));
  whenIdle(ask, { timeoutMs: IDLE_TIMEOUT_MS, fallbackMs: 2_000 });
}
