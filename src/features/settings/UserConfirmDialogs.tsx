import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserDoc } from '../../domain/sync/documents.gen.ts';
import { loadCatalogue } from '../../i18n/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

type Props = { user: UserDoc | null; onConfirm: (user: UserDoc) => void; onClose: () => void };

/**
 * Part 1 §2: the user's delete confirmation is in Spanish whatever the interface language; an English interface
 * also says it in English, so nobody confirms words they cannot read. The Spanish catalogue is its own chunk (kept
 * offline by the service worker); until it is in, the dialog shows the interface language only.
 */
export function DeleteUserDialog({ user, onConfirm, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const guard = useButtonGuard();
  const name = user?.name ?? '';
  const english = !i18n.language.startsWith('es');
  const [spanishReady, setSpanishReady] = useState(!english);
  useEffect(() => {
    let live = true;
    if (english) void loadCatalogue('es').then(() => live && setSpanishReady(true));
    return () => {
      live = false;
    };
  }, [english]);
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={t('accounts.remove.title', { name })}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('accounts.remove.no')}
          </Button>
          <Button variant="danger" onClick={() => guard(() => user && onConfirm(user))}>
            {t('accounts.remove.yes')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        {spanishReady && <p lang="es">{i18n.getFixedT('es')('accounts.remove.confirm', { name })}</p>}
        {english && <p className="text-sm text-slate-600">{t('accounts.remove.confirm', { name })}</p>}
      </div>
    </Dialog>
  );
}

/** Part 1 §2: 'A confirmation dialog exists for sending a recovery message to a user.' */
export function RecoveryDialog({ user, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const guard = useButtonGuard();
  return (
    <Dialog
      open={user !== null}
      onClose={onClose}
      title={t('accounts.recovery.title')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('settings.cancel')}
          </Button>
          <Button onClick={() => guard(() => user && onConfirm(user))}>{t('accounts.recovery.send')}</Button>
        </>
      }
    >
      <p>{t('accounts.recovery.text', { name: user?.name ?? '', email: user?.email ?? '' })}</p>
    </Dialog>
  );
}
