import { Outlet } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';

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
      <Dialog
        open={supportOpen}
        onClose={() => setSupportOpen(false)}
        title={t('support.title')}
        actions={
          <Button variant="secondary" onClick={() => setSupportOpen(false)}>
            {t('support.close')}
          </Button>
        }
      >
        <p>{t('support.inProgress')}</p>
      </Dialog>
    </div>
  );
}
