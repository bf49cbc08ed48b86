import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './Sidebar.tsx';

type Props = { open: boolean; onClose: () => void };

/**
 * The menu on a phone: a drawer that slides over the page (the page underneath keeps its width), with focus kept
 * inside while it is open; Escape, the close button, the backdrop or choosing an entry close it.
 */
export function MenuDrawer({ open, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40" aria-label={t('menu.label')}>
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/40 transition-opacity duration-200 data-closed:opacity-0" />
      <DialogPanel
        transition
        className="fixed inset-y-0 left-0 flex max-w-[85vw] transition-transform duration-200 ease-out data-closed:-translate-x-full"
      >
        <Sidebar collapsed={false} onClose={onClose} />
      </DialogPanel>
    </Dialog>
  );
}
