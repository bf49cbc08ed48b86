import { useTranslation } from 'react-i18next';

/** The first stop of the Tab key: it moves focus past the menu and header to the screen itself. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={`#${targetId}`}
      onClick={(event) => {
        // Focus the target without touching the URL: the router owns the hash.
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
      className="sr-only rounded-lg bg-white px-3 py-2 font-semibold text-brand shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60] focus-visible:outline-2 focus-visible:outline-focus"
    >
      {t('shell.skipToContent')}
    </a>
  );
}
