import { Outlet } from '@tanstack/react-router';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

const SupportDialog = lazy(() => import('./SupportDialog.tsx').then((m) => ({ default: m.SupportDialog })));

/** The public screens' frame (part 1 §2): the form in the middle, language and support actions on top. */
export function AuthLayout() {
  const { t } = useTranslation();
  const [supportOpen, setSupportOpen] = useState(false);
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <header className="flex items-center justify-between px-4 py-3">
        <span className="font-semibold text-brand">{t('app.name')}</span>
        <div className="flex items-center gap-1">
          <LanguageMenu />
          <Button variant="ghost" size="sm" onClick={() => setSupportOpen(true)}>
            {t('support.action')}
          </Button>
        </div>
      </header>
      <main className="flex min-w-0 flex-1 flex-col items-center justify-center px-3 pb-12 sm:px-4">
        <Outlet />
      </main>
      {supportOpen && (
        <Suspense fallback={null}>
          <SupportDialog onClose={() => setSupportOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
