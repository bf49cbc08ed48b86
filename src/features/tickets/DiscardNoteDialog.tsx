import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = { open: boolean; onKeep: () => void; onDiscard: () => void };

/** Asked when Escape (or a click outside) would close a note with typed text: nothing typed is lost by accident. */
export function DiscardNoteDialog({ open, onKeep, onDiscard }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      title={t('notes.discardTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onKeep} data-autofocus>
            {t('notes.keepEditing')}
          </Button>
          <Button variant="danger" onClick={onDiscard}>
            {t('notes.discard')}
          </Button>
        </>
      }
    >
      <p>{t('notes.discardText')}</p>
    </Dialog>
  );
}
