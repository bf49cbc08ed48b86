/**
 * Loads the signed-in account for the private routes. A stored copy answers at once (so an offline reload
 * still has the user and their modules) and is refreshed from the server in the background; without a copy
 * the server must answer, and if it cannot this is the startup failure of part 1 §4.
 */
import { AuthError, loadAccount, loadWorkspace } from '../data/auth.ts';
import type { Credentials } from '../data/auth.ts';
import { accountAtom, credentialsAtom, readStoredAccount, storeAccount } from './state/accountAtoms.ts';
import type { AccountSnapshot } from './state/accountAtoms.ts';
import { appStore } from './state/store.ts';

export class StartupFailure extends Error {
  readonly sessionEnded: boolean;
  constructor(sessionEnded: boolean) {
    super(sessionEnded ? 'session ended' : 'startup failure');
    this.name = 'StartupFailure';
    this.sessionEnded = sessionEnded;
  }
}

async function fetchSnapshot(credentials: Credentials): Promise<AccountSnapshot> {
  const account = await loadAccount(credentials);
  const workspace = await loadWorkspace(account.workspace.id);
  return { account, workspace };
}

function remember(credentials: Credentials, snapshot: AccountSnapshot): AccountSnapshot {
  storeAccount(snapshot);
  appStore.set(credentialsAtom, credentials);
  appStore.set(accountAtom, snapshot);
  return snapshot;
}

let backgroundRefresh: Promise<void> | null = null;

/** `onSessionEnded` runs when the background refresh learns the server ended the session (401). */
export async function ensureAccount(credentials: Credentials, onSessionEnded: () => void): Promise<AccountSnapshot> {
  const held = appStore.get(accountAtom);
  if (held !== null && held.account.id === credentials.userId) return held;

  const stored = readStoredAccount(credentials.userId);
  if (stored !== null) {
    remember(credentials, stored);
    backgroundRefresh ??= fetchSnapshot(credentials)
      .then((fresh) => {
        if (appStore.get(credentialsAtom)?.userId === credentials.userId) remember(credentials, fresh);
      })
      .catch((error: unknown) => {
        if (error instanceof AuthError && error.code === 'session-expired') onSessionEnded();
      })
      .finally(() => {
        backgroundRefresh = null;
      });
    return stored;
  }

  try {
    return remember(credentials, await fetchSnapshot(credentials));
  } catch (error) {
    throw new StartupFailure(error instanceof AuthError && error.code === 'session-expired');
  }
}

/** Right after sign-in the account is always read fresh from the server. */
export async function loadAccountAfterSignIn(credentials: Credentials): Promise<AccountSnapshot> {
  return remember(credentials, await fetchSnapshot(credentials));
}
