import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** The public screens' support notice (part 1 §2). Its own chunk: the sign-in page loads it only when asked. */
export function SupportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('support.title')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('support.close')}
        </Button>
      }
    >
      <p>{t('support.inProgress')}</p>
    </Dialog>
  );
}
