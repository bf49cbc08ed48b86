import { useAtomValue } from 'jotai';
import { toastsAtom } from '../app/state/toastAtoms.ts';
import { ToastItem } from './ToastItem.tsx';

/** The notices of the whole console (at most three): across the bottom on a phone, bottom right above that. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col gap-2 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-80">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
