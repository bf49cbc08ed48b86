import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PUBLIC_PATHS } from '../../app/routes.ts';
import { AuthCard } from './AuthCard.tsx';

/** Part 1 §2: the expired-session page with a way back to the login. */
export function ExpiredScreen() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('expired.title')} intro={t('expired.text')}>
      <Link
        to={PUBLIC_PATHS.login}
        className="inline-flex justify-center rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        {t('expired.back')}
      </Link>
    </AuthCard>
  );
}
