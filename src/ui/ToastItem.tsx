import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissToast } from '../app/state/toastAtoms.ts';
import type { Toast } from '../app/state/toastAtoms.ts';
import { Icon } from './Icon.tsx';

const KIND_CLASSES: Record<Toast['kind'], string> = {
  success: 'border-green-700 bg-green-50 text-green-900',
  error: 'border-red-700 bg-red-50 text-red-900',
  warning: 'border-yellow-700 bg-yellow-50 text-yellow-900',
  info: 'border-blue-700 bg-blue-50 text-blue-900',
};

/** One notice; it dismisses itself after its duration. */
export function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.durationMs);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.durationMs]);
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-80 max-w-full items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.detail !== undefined && <p className="text-sm">{toast.detail}</p>}
      </div>
      <button type="button" onClick={() => dismissToast(toast.id)} aria-label={t('toast.dismiss')} className="rounded p-1 hover:bg-black/5">
        <Icon name="close" className="h-4 w-4" />
      </button>
    </div>
  );
}

