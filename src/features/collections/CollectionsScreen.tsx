import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';
import type { ScreenProps } from '../shell/ComingSoonScreen.tsx';
import { ExternalDashboard } from './ExternalDashboard.tsx';

/** /collections (menu Financial, module COLLECTIONS, else /401): the workspace's external dashboard. */
export function CollectionsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const name = t(route.nameKey);
  useDocumentTitle(name);
  return (
    <section aria-labelledby="screen-title" className="flex flex-col gap-6">
      <h1 id="screen-title" className="text-2xl font-semibold text-slate-900">
        {name}
      </h1>
      <ExternalDashboard />
    </section>
  );
}
