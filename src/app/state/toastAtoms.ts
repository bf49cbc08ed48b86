import { atom } from 'jotai';
import { TOAST_DURATION_MS } from '../../domain/ui/uiConstants.ts';
import type { ToastKind } from '../../domain/ui/uiConstants.ts';
import { appStore } from './store.ts';

export type Toast = { id: number; kind: ToastKind; title: string; detail?: string; durationMs: number };

export const toastsAtom = atom<Toast[]>([]);

let nextToastId = 1;

/** Shows a notice for the spec's duration of its kind (or `durationMs` when a screen has its own). */
export function showToast(kind: ToastKind, title: string, options: { detail?: string; durationMs?: number } = {}): number {
  const id = nextToastId++;
  const toast: Toast = { id, kind, title, durationMs: options.durationMs ?? TOAST_DURATION_MS[kind] };
  if (options.detail !== undefined) toast.detail = options.detail;
  appStore.set(toastsAtom, (current) => [...current, toast]);
  return id;
}

export function dismissToast(id: number): void {
  appStore.set(toastsAtom, (current) => current.filter((toast) => toast.id !== id));
}
