import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthError, updatePassword } from '../../data/auth.ts';
import type { Credentials } from '../../data/auth.ts';
import { validateNewPasswordForm } from '../../domain/auth/passwordRules.ts';
import { Button } from '../../ui/Button.tsx';
import { errorKey } from './authMessages.ts';
import { FormNotice } from './FormNotice.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { PasswordField } from './PasswordField.tsx';
import { useCurrentPasswordCheck } from './useCurrentPasswordCheck.ts';

type Props = { credentials: Credentials; username: string };

const CHECK_MESSAGES = {
  checking: 'update.checking',
  matched: 'update.currentMatches',
  wrong: 'update.currentWrong',
  unavailable: 'errors.unavailable',
} as const;

/** The signed-in user's password change: verify the current password, then the new fields unlock. */
export function ChangePasswordForm({ credentials, username }: Props) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState('');
  const [fields, setFields] = useState({ newPassword: '', confirmation: '' });
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; key: string } | null>(null);
  const check = useCurrentPasswordCheck(username, current);
  const unlocked = check === 'matched';
  const errors = validateNewPasswordForm(fields.newPassword, fields.confirmation);
  const ready = unlocked && errors.newPassword === undefined && errors.confirmation === undefined;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || saving) return;
    setSaving(true);
    try {
      await updatePassword(credentials, username, current, fields.newPassword);
      setResult({ kind: 'success', key: 'update.changed' });
      setCurrent('');
      setFields({ newPassword: '', confirmation: '' });
    } catch (error) {
      setResult({ kind: 'error', key: error instanceof AuthError ? errorKey(error.code) : 'errors.unavailable' });
    } finally {
      setSaving(false);
    }
  }

  const checkMessage = check in CHECK_MESSAGES ? CHECK_MESSAGES[check as keyof typeof CHECK_MESSAGES] : undefined;
  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <PasswordField
        label={t('update.current')}
        autoComplete="current-password"
        value={current}
        onChange={(event) => {
          setCurrent(event.target.value);
          setResult(null);
        }}
        error={check === 'wrong' || check === 'unavailable' ? t(CHECK_MESSAGES[check]) : undefined}
        hint={check === 'checking' || check === 'matched' ? t(checkMessage ?? '') : undefined}
      />
      <NewPasswordFields newPassword={fields.newPassword} confirmation={fields.confirmation} onChange={setFields} disabled={!unlocked} />
      {result !== null && <FormNotice kind={result.kind} message={t(result.key)} />}
      <Button type="submit" disabled={!ready || saving}>
        {saving ? t('update.saving') : t('update.submit')}
      </Button>
    </form>
  );
}
