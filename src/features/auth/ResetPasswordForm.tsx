import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLIC_PATHS } from '../../app/routes.ts';
import { AuthError, resetPassword } from '../../data/auth.ts';
import { validateNewPasswordForm, validateRecoveryEmail } from '../../domain/auth/passwordRules.ts';
import { Button } from '../../ui/Button.tsx';
import { errorKey } from './authMessages.ts';
import { FormNotice } from './FormNotice.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { TextField } from './TextField.tsx';

/**
 * The recovery mail's link (/update?token=…): the user names the account, since the client hash is made from
 * the username, and chooses the new password.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [fields, setFields] = useState({ newPassword: '', confirmation: '' });
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; key: string } | null>(null);
  const errors = validateNewPasswordForm(fields.newPassword, fields.confirmation);
  const emailError = validateRecoveryEmail(email);
  const ready = emailError === undefined && errors.newPassword === undefined && errors.confirmation === undefined;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || saving) return;
    setSaving(true);
    try {
      await resetPassword(token, email.trim(), fields.newPassword);
      setResult({ kind: 'success', key: 'update.success' });
    } catch (error) {
      setResult({ kind: 'error', key: error instanceof AuthError ? errorKey(error.code) : 'errors.unavailable' });
    } finally {
      setSaving(false);
    }
  }

  if (result?.kind === 'success') {
    return (
      <>
        <FormNotice kind="success" message={t(result.key)} />
        <Link to={PUBLIC_PATHS.login} className="self-center text-sm font-medium text-brand hover:underline">
          {t('recovery.backToLogin')}
        </Link>
      </>
    );
  }

  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
      <TextField label={t('recovery.email')} type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
      <NewPasswordFields newPassword={fields.newPassword} confirmation={fields.confirmation} onChange={setFields} />
      {result !== null && <FormNotice kind={result.kind} message={t(result.key)} />}
      <Button type="submit" disabled={!ready || saving}>
        {saving ? t('update.saving') : t('update.submit')}
      </Button>
    </form>
  );
}
