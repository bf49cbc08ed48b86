import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** The keys of the inbox and the ticket screen, and what each does. */
export const TICKET_SHORTCUTS = [
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['Enter'], action: 'open' },
  { keys: ['c'], action: 'claim' },
  { keys: ['u'], action: 'unclaim' },
  { keys: ['n'], action: 'note' },
  { keys: ['/'], action: 'search' },
  { keys: ['?'], action: 'help' },
] as const;

type Props = { open: boolean; onClose: () => void };

export function ShortcutsDialog({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('shortcuts.title')}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('shortcuts.close')}
        </Button>
      }
    >
      <p className="text-sm">{t('shortcuts.intro')}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm" data-testid="shortcut-list">
        {TICKET_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.action} className="contents">
            <dt>
              {shortcut.keys.map((key) => (
                <kbd key={key} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-900 shadow-sm">
                  {key}
                </kbd>
              ))}
            </dt>
            <dd className="text-slate-800">{t(`shortcuts.${shortcut.action}`)}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
