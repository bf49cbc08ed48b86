import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from '../../app/routes.ts';
import { useDocumentTitle } from '../../ui/useDocumentTitle.ts';

/** /401 and /404: a code, a title and Go Home (to /dashboard, part 2 §2). */
export function StatusPage({ code, title }: { code: string; title: string }) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <main className="grid min-h-screen place-items-center bg-canvas px-4">
      <section aria-labelledby="status-title" className="flex flex-col items-center gap-4 text-center">
        <p className="text-6xl font-bold text-brand" aria-hidden="true">
          {code}
        </p>
        <h1 id="status-title" className="text-2xl font-semibold text-slate-900">
          {title}
        </h1>
        <Link
          to={HOME_PATH}
          className="rounded-lg bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-hover focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          {t('app.goHome')}
        </Link>
      </section>
    </main>
  );
}
