/**
 * Registers the service worker through workbox-window. The worker takes over at once (skipWaiting and
 * clientsClaim in workers/sw.ts), so an update is noticed as a change of controller; the page then offers a
 * reload instead of swapping the code under the user's feet.
 */
import { Workbox } from 'workbox-window';
import { updateReadyAtom } from '../state/shellAtoms.ts';
import { appStore } from '../state/store.ts';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate === true) appStore.set(updateReadyAtom, true);
  });
  workbox.addEventListener('waiting', () => {
    appStore.set(updateReadyAtom, true);
    workbox.messageSkipWaiting();
  });
  void workbox.register();
}
