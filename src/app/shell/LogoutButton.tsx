import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSyncStatus } from '../../data/replica.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazyDialog, MountWhenOpened } from '../../ui/MountWhenOpened.tsx';

type Props = { onSignOut: () => Promise<void> };

// Asked only while changes still wait: the header (on every signed-in page) goes without the dialog's code till then.
const Dialog = lazyDialog(() => import('../../ui/Dialog.tsx').then((m) => m.Dialog));

/** Logs out at once, unless the outbox still holds changes: then it says how many and asks first. */
export function LogoutButton({ onSignOut }: Props) {
  const { t } = useTranslation();
  const { pending } = useSyncStatus();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      await onSignOut();
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <>
      <button
        type="button"
        disabled={busy}
        onClick={() => (pending > 0 ? setConfirming(true) : void signOut())}
        aria-label={t('shell.logout')}
        title={t('shell.logout')}
        className="inline-flex items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Icon name="logout" />
      </button>
      <MountWhenOpened open={confirming} onClose={() => setConfirming(false)}>
        <Dialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={t('shell.logoutPendingTitle')}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                {t('shell.stay')}
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => void signOut()}>
                {t('shell.logoutAnyway')}
              </Button>
            </>
          }
        >
          <p>{t('shell.logoutPendingText', { count: pending })}</p>
        </Dialog>
      </MountWhenOpened>
    </>
  );
}
