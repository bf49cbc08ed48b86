import { useAtomValue } from 'jotai';
import { toastsAtom } from '../app/state/toastAtoms.ts';
import { ToastItem } from './ToastItem.tsx';

/** The notices of the whole console, bottom right; each leaves after its kind's duration. */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="pointer-events-none fixed right-4 bottom-4 z-50 flex flex-col gap-2">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
