import { DialogPanel, DialogTitle, Dialog as HeadlessDialog } from '@headlessui/react';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons along the bottom, right-aligned. */
  actions?: ReactNode;
  /** A wider panel, for forms with fields side by side. */
  wide?: boolean;
};

/** A modal dialog: focus is trapped inside, Escape and a click outside close it. */
export function Dialog({ open, onClose, title, children, actions, wide = false }: Props) {
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/40" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        {/* A tall form scrolls inside the panel instead of running off a short screen. */}
        <DialogPanel className={`max-h-full w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl ${wide ? 'max-w-2xl' : 'max-w-md'}`}>
          <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
          <div className="mt-3 text-slate-700">{children}</div>
          {actions !== undefined && <div className="mt-6 flex flex-wrap justify-end gap-2">{actions}</div>}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
