import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PUBLIC_PATHS } from '../../app/routes.ts';
import { requestPasswordRecovery } from '../../data/auth.ts';
import { validateRecoveryEmail } from '../../domain/auth/passwordRules.ts';
import { Button } from '../../ui/Button.tsx';
import { AuthCard } from './AuthCard.tsx';
import { FormNotice } from './FormNotice.tsx';
import { TextField } from './TextField.tsx';

type Outcome = 'sent' | 'failed' | null;

/** Part 1 §2 recovery: Send is disabled while the address is invalid or a request runs; success says so. */
export function RecoveryScreen() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const error = validateRecoveryEmail(email);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (error !== undefined || sending) return;
    setSending(true);
    setOutcome(null);
    try {
      await requestPasswordRecovery(email);
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    } finally {
      setSending(false);
    }
  }

  return (
    <AuthCard title={t('recovery.title')} intro={t('recovery.intro')}>
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} noValidate>
        <TextField
          label={t('recovery.email')}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setOutcome(null);
          }}
          onBlur={() => setTouched(true)}
          error={touched && error !== undefined ? t(error) : undefined}
        />
        {outcome === 'sent' && <FormNotice kind="success" message={t('recovery.success')} />}
        {outcome === 'failed' && <FormNotice kind="error" message={t('recovery.failure')} />}
        <Button type="submit" disabled={error !== undefined || sending}>
          {sending ? t('recovery.sending') : t('recovery.send')}
        </Button>
      </form>
      <Link to={PUBLIC_PATHS.login} className="self-center text-sm font-medium text-brand underline-offset-2 hover:underline">
        {t('recovery.backToLogin')}
      </Link>
    </AuthCard>
  );
}
