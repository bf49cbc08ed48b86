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

/** One notice: its title, detail and how many times it came; the store removes it after its duration. */
export function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <div
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-kind={toast.kind}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-lg border-l-4 p-3 shadow-lg ${KIND_CLASSES[toast.kind]}`}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          {toast.title}
          {toast.count > 1 && (
            <span data-testid="toast-count" className="ml-2 rounded-full bg-black/10 px-1.5 text-xs font-semibold">
              {t('toast.repeated', { count: toast.count })}
            </span>
          )}
        </p>
        {toast.detail !== undefined && <p className="text-sm break-words">{toast.detail}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label={t('toast.dismiss')}
        className="rounded p-1 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-focus"
      >
        <Icon name="close" className="h-4 w-4" />
      </button>
    </div>
  );
}
