import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export function NotAuthorizedScreen() {
  const { t } = useTranslation();
  return <StatusPage code="401" title={t('pages.notAuthorized')} />;
}
