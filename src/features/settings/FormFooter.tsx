import { useTranslation } from 'react-i18next';
import { FormFooter as DialogFooter } from '../../ui/FormFooter.tsx';

type Props = { onClose: () => void; busy: boolean; refusal?: string | null };

/** The foot of every settings form: the refusal it got, if any, then Cancel and Save (Saving… while it saves). */
export function FormFooter({ onClose, busy, refusal = null }: Props) {
  const { t } = useTranslation();
  return <DialogFooter onClose={onClose} cancelLabel={t('settings.cancel')} submitLabel={busy ? t('settings.saving') : t('settings.save')} submitDisabled={busy} refusal={refusal} />;
}
