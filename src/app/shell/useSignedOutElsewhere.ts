import { useEffect } from 'react';
import { CREDENTIALS_STORAGE_KEY } from '../../data/auth.ts';

/**
 * Signing out in one tab clears the session cookie for all of them; the other tabs learn it from the local
 * credentials disappearing (a `storage` event) and leave at once, instead of at their next refused request.
 */
export function useSignedOutElsewhere(onSignedOut: () => void): void {
  useEffect(() => {
    const listener = (event: StorageEvent) => {
      if (event.key === CREDENTIALS_STORAGE_KEY && event.newValue === null) onSignedOut();
    };
    window.addEventListener('storage', listener);
    return () => window.removeEventListener('storage', listener);
  }, [onSignedOut]);
}
