import { useSyncExternalStore } from 'react';

/** The browser's own view of the network; the sync worker's status adds whether the server answers. */
export function useNavigatorOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('online', onChange);
      window.addEventListener('offline', onChange);
      return () => {
        window.removeEventListener('online', onChange);
        window.removeEventListener('offline', onChange);
      };
    },
    () => navigator.onLine,
  );
}
