import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { updateReadyAtom } from '../state/shellAtoms.ts';

/** Offers the new version once its service worker controls the page. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [ready, setReady] = useAtom(updateReadyAtom);
  if (!ready) return null;
  return (
    <div role="status" className="fixed bottom-4 left-4 z-50 flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-3 text-white shadow-lg">
      <span>{t('pwa.updateReady')}</span>
      <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
        {t('pwa.reload')}
      </Button>
      <Button size="sm" variant="ghost" className="text-white hover:bg-white/10" onClick={() => setReady(false)}>
        {t('pwa.later')}
      </Button>
    </div>
  );
}
