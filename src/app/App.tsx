import { useCallback, useState } from 'react';
import { readCredentials } from '../data/auth.ts';
import type { Credentials } from '../data/auth.ts';
import { LoginScreen } from '../features/auth/LoginScreen.tsx';
import { RecoveryPlaceholder } from '../features/auth/RecoveryPlaceholder.tsx';
import { SignedInPanel } from '../features/auth/SignedInPanel.tsx';

/**
 * Foundation shell: login, a signed-in panel and the recovery placeholder. The router and the real shell
 * replace this switch in a later issue.
 */
export function App() {
  const [credentials, setCredentials] = useState<Credentials | null>(() => readCredentials());
  const handleSignedOut = useCallback(() => setCredentials(null), []);

  let screen;
  if (window.location.pathname === '/recovery') {
    screen = <RecoveryPlaceholder />;
  } else if (credentials === null) {
    screen = <LoginScreen onSignedIn={setCredentials} />;
  } else {
    screen = <SignedInPanel credentials={credentials} onSignedOut={handleSignedOut} />;
  }

  return <main className="auth-layout">{screen}</main>;
}
