import { useTranslation } from 'react-i18next';

/** Shown while the account of a private route loads (part 1 §2). */
export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-screen place-items-center bg-canvas" role="status" aria-live="polite">
      <div className="flex flex-col items-center gap-3 text-slate-700">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand" aria-hidden="true" />
        <span>{t('app.loading')}</span>
      </div>
    </div>
  );
}
