/**
 * Ending a session (part 1 §4): stop the replica, revoke the server session, clear the credentials and every
 * piece of held state. The caller then navigates: '/' after a logout, '/expired' after an idle expiry.
 */
import { signOut } from '../data/auth.ts';
import { STARTUP_ERROR_DELAY_MS } from '../domain/ui/uiConstants.ts';
import i18n from 'i18next';
import { clearHeldState } from './state/heldState.ts';
import { showToast } from './state/toastAtoms.ts';

export async function endSession(): Promise<void> {
  try {
    // Loaded with the shell, which started it; the sign-in page does not carry the replica's code.
    const { stopReplica } = await import('../data/replica.ts');
    await stopReplica();
  } catch {
    // A replica that failed to stop must not keep the user signed in.
  }
  await signOut();
  clearHeldState();
}

/** Part 1 §4: after a startup failure the user is signed out and, 2 s later, told the system is unavailable. */
export function announceStartupFailure(): void {
  window.setTimeout(() => {
    showToast('error', i18n.t('errors.systemUnavailable'), { detail: i18n.t('errors.tryLater') });
  }, STARTUP_ERROR_DELAY_MS);
}
