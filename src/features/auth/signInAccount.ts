import { StartupFailure, loadAccountAfterSignIn } from '../../app/accountLoader.ts';
import type { Credentials } from '../../data/auth.ts';
import { isLanguage, setLanguage } from '../../i18n/i18n.ts';

/** After a successful sign-in: load the account (a failure is the startup failure of part 1 §4) and take its language. */
export async function signInAccount(credentials: Credentials): Promise<void> {
  try {
    const snapshot = await loadAccountAfterSignIn(credentials);
    if (isLanguage(snapshot.account.language)) await setLanguage(snapshot.account.language);
  } catch {
    throw new StartupFailure(false);
  }
}
