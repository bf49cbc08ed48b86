import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { StartupFailure } from '../../app/accountLoader.ts';
import { HOME_PATH, PUBLIC_PATHS } from '../../app/routes.ts';
import { announceStartupFailure, endSession } from '../../app/sessionActions.ts';
import { AuthError, signIn } from '../../data/auth.ts';
import { canSubmitLogin, normaliseLoginInput, validateLogin } from '../../domain/auth/loginValidation.ts';
import type { LoginField, LoginInput } from '../../domain/auth/loginValidation.ts';
import type { ToastKind } from '../../domain/ui/uiConstants.ts';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { errorKey, validationKey } from './authMessages.ts';
import { FormNotice } from './FormNotice.tsx';
import { PasswordField } from './PasswordField.tsx';
import { TextField } from './TextField.tsx';
import { signInAccount } from './signInAccount.ts';

type Notice = { key: string; kind: ToastKind };

/** Part 1 §2 log in: trimmed fields, show/hide password, Login enabled once both are filled, §8 messages. */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [input, setInput] = useState<LoginInput>({ username: '', password: '' });
  const [touched, setTouched] = useState<Record<LoginField, boolean>>({ username: false, password: false });
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const errors = validateLogin(input);
  const shownError = (field: LoginField) => {
    const message = touched[field] ? errors[field] : undefined;
    return message === undefined ? undefined : t(validationKey(message));
  };

  function update(field: LoginField, value: string) {
    setInput((current) => ({ ...current, [field]: value }));
    setNotice(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitLogin(input) || submitting) return;
    setTouched({ username: true, password: true });
    if (errors.username !== undefined || errors.password !== undefined) return;
    const { username, password } = normaliseLoginInput(input);
    setSubmitting(true);
    setNotice(null);
    try {
      await signInAccount(await signIn(username, password));
      // The shell mounts with its main area at the top and fits the window, so there is no scroll to reset; the
      // router's reset would lay the new screen out in the task that renders it (a third of that task in a trace).
      await navigate({ to: HOME_PATH, resetScroll: false });
    } catch (error) {
      setSubmitting(false);
      if (error instanceof StartupFailure) {
        await endSession();
        announceStartupFailure();
        return;
      }
      setNotice(error instanceof AuthError ? { key: errorKey(error.code), kind: error.severity } : { key: 'errors.unavailable', kind: 'error' });
    }
  }

  return (
    <AuthCard title={t('login.title')} pageTitle={t('login.pageTitle')}>
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('login.username')}
          name="username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="name@company.com"
          value={input.username}
          onChange={(event) => update('username', event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, username: true }))}
          error={shownError('username')}
        />
        <PasswordField
          label={t('login.password')}
          name="password"
          autoComplete="current-password"
          value={input.password}
          onChange={(event) => update('password', event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, password: true }))}
          error={shownError('password')}
        />
        {notice !== null && <FormNotice kind={notice.kind} message={t(notice.key)} />}
        <Button type="submit" disabled={!canSubmitLogin(input) || submitting}>
          {submitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <Link to={PUBLIC_PATHS.recovery} className="self-center text-sm font-medium text-brand underline-offset-2 hover:underline">
        {t('login.forgot')}
      </Link>
    </AuthCard>
  );
}
