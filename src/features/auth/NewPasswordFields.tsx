import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateNewPasswordForm } from '../../domain/auth/passwordRules.ts';
import { PasswordField } from './PasswordField.tsx';

type Props = {
  newPassword: string;
  confirmation: string;
  onChange: (next: { newPassword: string; confirmation: string }) => void;
  disabled?: boolean;
};

/** New password and its confirmation with the strength and match rules of part 1 §5. */
export function NewPasswordFields({ newPassword, confirmation, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState({ newPassword: false, confirmation: false });
  const errors = validateNewPasswordForm(newPassword, confirmation);
  return (
    <>
      <PasswordField
        label={t('update.newPassword')}
        autoComplete="new-password"
        value={newPassword}
        disabled={disabled}
        hint={t('update.rules')}
        onChange={(event) => onChange({ newPassword: event.target.value, confirmation })}
        onBlur={() => setTouched((current) => ({ ...current, newPassword: true }))}
        error={touched.newPassword && errors.newPassword !== undefined ? t(errors.newPassword) : undefined}
      />
      <PasswordField
        label={t('update.confirmation')}
        autoComplete="new-password"
        value={confirmation}
        disabled={disabled}
        onChange={(event) => onChange({ newPassword, confirmation: event.target.value })}
        onBlur={() => setTouched((current) => ({ ...current, confirmation: true }))}
        error={touched.confirmation && errors.confirmation !== undefined ? t(errors.confirmation) : undefined}
      />
    </>
  );
}
