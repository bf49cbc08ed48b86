import { useEffect, useState } from 'react';
import { AuthError, loadAccount, loadWorkspace, signOut } from '../../data/auth.ts';
import type { Account, Credentials, Workspace } from '../../data/auth.ts';

type Props = {
  credentials: Credentials;
  onSignedOut: () => void;
};

type Loaded = { account: Account; workspace: Workspace };

type PanelState =
  | { kind: 'loading' }
  | { kind: 'ready'; loaded: Loaded }
  | { kind: 'failed'; message: string };

export function SignedInPanel({ credentials, onSignedOut }: Props) {
  const [state, setState] = useState<PanelState>({ kind: 'loading' });
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const account = await loadAccount(credentials);
        const workspace = await loadWorkspace(account.workspace.id, credentials);
        if (!cancelled) setState({ kind: 'ready', loaded: { account, workspace } });
      } catch (error) {
        if (cancelled) return;
        if (error instanceof AuthError && error.code === 'session-expired') {
          onSignedOut();
          return;
        }
        const message = error instanceof AuthError ? error.message : 'The system is not available.';
        setState({ kind: 'failed', message });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [credentials, onSignedOut]);

  async function handleSignOut() {
    setSigningOut(true);
    await signOut();
    onSignedOut();
  }

  return (
    <section className="card" aria-labelledby="signed-in-title" aria-busy={state.kind === 'loading'}>
      {state.kind === 'loading' && (
        <p id="signed-in-title" className="card__text" role="status">
          Loading your account…
        </p>
      )}
      {state.kind === 'failed' && (
        <p id="signed-in-title" className="notice notice--error" role="alert">
          {state.message}
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          <p className="card__eyebrow">{state.loaded.workspace.name}</p>
          <h1 id="signed-in-title" className="card__title">
            Signed in as {state.loaded.account.name}
          </h1>
          <p className="card__text">{state.loaded.account.email}</p>
        </>
      )}
      <button type="button" className="button button--secondary" onClick={handleSignOut} disabled={signingOut}>
        Log out
      </button>
    </section>
  );
}
