import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { router } from './router.tsx';
import { appStore } from './state/store.ts';

/** The console's providers, outermost first: the one Jotai store, the translations, the router. */
export function AppProviders({ i18n }: { i18n: I18n }) {
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </JotaiProvider>
  );
}
