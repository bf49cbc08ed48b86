import type { ToastKind } from '../../domain/ui/uiConstants.ts';

const CLASSES: Record<ToastKind, string> = {
  error: 'bg-red-50 text-red-800',
  warning: 'bg-yellow-50 text-yellow-900',
  info: 'bg-blue-50 text-blue-900',
  success: 'bg-green-50 text-green-900',
};

/** A message about the whole form (a refused sign-in, a sent recovery mail). */
export function FormNotice({ kind, message }: { kind: ToastKind; message: string }) {
  return (
    <p role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'} data-kind={kind} className={`rounded-lg px-3 py-2.5 text-sm ${CLASSES[kind]}`}>
      {message}
    </p>
  );
}
