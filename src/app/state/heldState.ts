/**
 * Part 1 §4: logout clears the credentials and all held state. Every atom that holds data of the signed-in
 * user is reset here, so the next account on this browser starts clean.
 */
import { clearCredentials } from '../../data/auth.ts';
import { accountAtom, credentialsAtom, forgetStoredAccount } from './accountAtoms.ts';
import { changeWatchesAtom } from './changeAtoms.ts';
import { selectedCaseIdAtom, sessionStateAtom } from './shellAtoms.ts';
import { appStore } from './store.ts';

export function clearHeldState(): void {
  clearCredentials();
  forgetStoredAccount();
  appStore.set(credentialsAtom, null);
  appStore.set(accountAtom, null);
  appStore.set(selectedCaseIdAtom, null);
  appStore.set(sessionStateAtom, 0);
  appStore.set(changeWatchesAtom, []);
}
