import { atom } from 'jotai';
import { addNotice, removeNotice, type Notice } from '../../domain/ui/noticeQueue.ts';
import type { ToastKind } from '../../domain/ui/uiConstants.ts';
import { appStore } from './store.ts';

export type Toast = Notice;

export const toastsAtom = atom<Toast[]>([]);

let nextToastId = 1;
// The timers live here, not in the components: a notice leaves on time whatever React renders meanwhile.
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function startTimer(toast: Toast): void {
  clearTimeout(timers.get(toast.id));
  timers.set(
    toast.id,
    setTimeout(() => dismissToast(toast.id), toast.durationMs),
  );
}

/**
 * Shows a notice for the spec's duration of its kind (or `durationMs` when a screen has its own). An identical
 * notice already showing is counted and shown again for its full time instead of stacking (noticeQueue.ts).
 */
export function showToast(kind: ToastKind, title: string, options: { detail?: string; durationMs?: number } = {}): number {
  const change = addNotice(appStore.get(toastsAtom), { kind, title, detail: options.detail, durationMs: options.durationMs }, nextToastId);
  if (change.shown.id === nextToastId) nextToastId += 1;
  for (const dropped of change.dropped) {
    clearTimeout(timers.get(dropped.id));
    timers.delete(dropped.id);
  }
  appStore.set(toastsAtom, change.notices);
  startTimer(change.shown);
  return change.shown.id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  appStore.set(toastsAtom, (current) => removeNotice(current, id));
}
