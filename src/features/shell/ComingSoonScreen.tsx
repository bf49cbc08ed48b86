import { useTranslation } from 'react-i18next';
import type { PrivateRoute } from '../../app/routes.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';

export type ScreenProps = { route: PrivateRoute };

/** What a screen shows until its area is built: a clear notice inside the shell, never a blank page. */
export function ComingSoonScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const name = t(route.nameKey);
  useDocumentTitle(name);
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {name}
      </h1>
      <EmptyState icon="construction" title={t('pages.comingSoonTitle', { name })} text={t('pages.comingSoonText')} />
    </section>
  );
}
