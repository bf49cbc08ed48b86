import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { readStoredAccount } from '../../app/state/accountAtoms.ts';
import { PUBLIC_PATHS } from '../../app/routes.ts';
import { readCredentials } from '../../data/auth.ts';
import { AuthCard } from './AuthCard.tsx';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

/** /update: a reset through the recovery link's token, or a signed-in user's change of password. */
export function UpdatePasswordScreen() {
  const { t } = useTranslation();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const token = typeof search.token === 'string' ? search.token : null;
  const credentials = readCredentials();
  const stored = credentials === null ? null : readStoredAccount(credentials.userId);

  if (token !== null) {
    return (
      <AuthCard title={t('update.title')} intro={t('update.resetIntro')}>
        <ResetPasswordForm token={token} />
      </AuthCard>
    );
  }
  if (credentials !== null && stored !== null) {
    return (
      <AuthCard title={t('update.title')} intro={t('update.intro')}>
        <ChangePasswordForm credentials={credentials} username={stored.account.username} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('update.title')} intro={t('update.signInFirst')}>
      <div className="flex justify-center gap-4 text-sm font-medium">
        <Link to={PUBLIC_PATHS.login} className="text-brand hover:underline">
          {t('login.submit')}
        </Link>
        <Link to={PUBLIC_PATHS.recovery} className="text-brand hover:underline">
          {t('login.forgot')}
        </Link>
      </div>
    </AuthCard>
  );
}
