import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';

type Props = { onClose: () => void; busy: boolean; refusal?: string | null };

/** The foot of every settings form: the refusal it got, if any, then Cancel and Save (Saving… while it saves). */
export function FormFooter({ onClose, busy, refusal = null }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {refusal !== null && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('settings.cancel')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('settings.saving') : t('settings.save')}
        </Button>
      </div>
    </>
  );
}
