import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The separator of a tab title, most specific part first: "case-demo-0186 · Inbox · Workflow Console". */
export const TITLE_SEPARATOR = ' · ';

/**
 * Names the browser tab after what the screen shows, followed by the console's name, in the reader's language.
 * Parts that are still unknown (a ticket not loaded yet) are left out.
 */
export function useDocumentTitle(...parts: (string | null | undefined)[]): void {
  const { t } = useTranslation();
  const title = [...parts.filter((part): part is string => typeof part === 'string' && part !== ''), t('app.name')].join(TITLE_SEPARATOR);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
