import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadCatalogue } from '../../i18n/i18n.ts';
import type { MemberDoc } from '../../domain/sync/documents.gen.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { useButtonGuard } from '../../ui/useButtonGuard.ts';

type Props = { member: MemberDoc | null; onConfirm: (member: MemberDoc) => void; onClose: () => void };

/**
 * Part 1 §2: the member's delete confirmation is in Spanish and in English, whatever the interface language (the
 * user's language first). A member with a user account is not deleted (memberMutations.ts says why): the dialog
 * says so instead of asking.
 */
export function DeleteMemberDialog({ member, onConfirm, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const guard = useButtonGuard();
  const name = member?.name ?? '';
  const other = i18n.language.startsWith('es') ? 'en' : 'es';
  const otherT = i18n.getFixedT(other);
  // The other language's catalogue is its own chunk (kept offline by the service worker); until it is in, one language.
  const [otherReady, setOtherReady] = useState(other === 'en');
  useEffect(() => {
    let live = true;
    void loadCatalogue(other).then(() => live && setOtherReady(true));
    return () => {
      live = false;
    };
  }, [other]);
  const linked = member?.userId != null;
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title={t('settings.members.deleteTitle', { name })}
      actions={
        linked ? (
          <Button variant="secondary" onClick={onClose}>
            {t('settings.members.deleteNo')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('settings.members.deleteNo')}
            </Button>
            <Button variant="danger" onClick={() => guard(() => member && onConfirm(member))}>
              {t('settings.members.deleteYes')}
            </Button>
          </>
        )
      }
    >
      {linked ? (
        <p>{t('settings.members.linkedToUser', { name })}</p>
      ) : (
        <div className="flex flex-col gap-2">
          <p>{t('settings.members.deleteConfirm', { name })}</p>
          {otherReady && (
            <p lang={other} className="text-sm text-slate-600">
              {otherT('settings.members.deleteConfirm', { name })}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
