import { useTranslation } from 'react-i18next';

/** The inbox's heading, with the hint that the keyboard shortcuts exist (shown where a keyboard is likely). */
export function InboxHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h1 id="screen-title" tabIndex={-1} className="rounded text-2xl font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-focus">
        {title}
      </h1>
      <p className="hidden text-sm text-slate-600 md:block">
        {t('tickets.shortcuts')}: <kbd className="rounded border border-slate-300 bg-white px-1.5 font-mono text-xs text-slate-900">?</kbd>
      </p>
    </div>
  );
}
