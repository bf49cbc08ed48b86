import { atom } from 'jotai';
import type { ToastKind } from '../../domain/ui/uiConstants.ts';
import { appStore } from './store.ts';

/**
 * A change the user made that is waiting for the server. Its notice says it is queued when it cannot be sent now,
 * and its confirmation ("Ticket Assigned") is shown once, when the document comes back from the server carrying
 * the change (ChangeNotices watches the replica for that), never when it is only queued.
 */
export type ChangeWatch = {
  id: number;
  collection: 'tickets' | 'caseRecords';
  docId: string;
  startedAt: number;
  /** True once the replica holds the server's copy with the change in it (null: the document left the replica). */
  landed: (doc: Record<string, unknown> | null) => boolean;
  confirmation: { kind: ToastKind; title: string };
  queuedTitle: string;
};

export const changeWatchesAtom = atom<ChangeWatch[]>([]);

/** A change left waiting longer than this (with the browser online) is announced as queued. */
export const QUEUED_NOTICE_AFTER_MS = 1500;
/** Enough for a day offline; older watches give way so the list stays small. */
const MAX_WATCHES = 50;

let nextWatchId = 1;

export function watchChange(watch: Omit<ChangeWatch, 'id' | 'startedAt'>): number {
  const id = nextWatchId++;
  appStore.set(changeWatchesAtom, (current) => [...current, { ...watch, id, startedAt: Date.now() }].slice(-MAX_WATCHES));
  return id;
}

export function endWatch(id: number): void {
  appStore.set(changeWatchesAtom, (current) => current.filter((watch) => watch.id !== id));
}
