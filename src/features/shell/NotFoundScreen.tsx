import { useTranslation } from 'react-i18next';
import { StatusPage } from './StatusPage.tsx';

export function NotFoundScreen() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('pages.notFound')} />;
}
