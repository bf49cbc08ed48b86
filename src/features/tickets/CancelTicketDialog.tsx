import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

type Props = { open: boolean; onConfirm: () => void; onClose: () => void };

/** Part 2 §2: the administrators' cancel asks first; a cancelled ticket cannot come back. */
export function CancelTicketDialog({ open, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('tickets.cancelTitle')}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('tickets.cancelNo')}
          </Button>
          <Button variant="danger" onClick={onConfirm}>
            {t('tickets.cancelYes')}
          </Button>
        </>
      }
    >
      <p>{t('tickets.cancelConfirm')}</p>
    </Dialog>
  );
}
