import { startTransition, useEffect, useRef, useState } from 'react';
import type { SyncStatus } from './replicaApi.ts';

/** The status before the worker has said anything, and after sign-out. */
export const OFFLINE: SyncStatus = { online: false, syncing: false, pending: 0, lastSyncAt: null, lastError: null, problem: null, sessionEnded: false, sessionEndReason: null, loaded: null, loading: null };

let status: SyncStatus = OFFLINE;
const listeners = new Set<() => void>();

/** Tells every listener that the status or another of the replica's page-side states (its views, refusals) changed. */
export const notify = () => listeners.forEach((listener) => listener());

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The worker's latest status message (src/data/replica.ts sets it). */
export function setSyncStatus(next: SyncStatus): void {
  status = next;
  notify();
}

/** The status as the worker last said it, the browser's word on the network left out. */
export const workerSyncStatus = (): SyncStatus => status;

const browserOnlineNow = () => typeof navigator === 'undefined' || navigator.onLine !== false;

let derived: { from: SyncStatus; browserOnline: boolean; value: SyncStatus } | null = null;

/**
 * The sync status now, for React and for code outside it. The browser learns of a lost network before the worker's
 * next status message arrives (and a late reply can still report success), so the browser's word wins for `online`:
 * the header says Offline at once, and a change made then is told as queued, not as sent. The same object is
 * answered until either changes.
 */
export function currentSyncStatus(): SyncStatus {
  const browserOnline = browserOnlineNow();
  if (derived?.from !== status || derived.browserOnline !== browserOnline) {
    derived = { from: status, browserOnline, value: status.online && !browserOnline ? { ...status, online: false } : status };
  }
  return derived.value;
}

const subscribeWithBrowser = (listener: () => void) => {
  const unsubscribe = subscribe(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    unsubscribe();
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

const asIs = (value: SyncStatus) => value;

/**
 * Online (the server answered last), offline (the browser or the last request said so), or connecting: nothing has
 * failed, but no answer has come yet (the first second after a sign-in or a reload, or a live stream reopening).
 */
export type Connection = 'online' | 'connecting' | 'offline';

export function connectionOf(status: SyncStatus, browserOnline: boolean): Connection {
  if (!browserOnline || status.sessionEnded) return 'offline';
  if (status.online) return 'online';
  return status.problem === null ? 'connecting' : 'offline';
}

/** The connection as the header tells it; a screen's "Offline: …" note shows only when it is 'offline'. */
export function useConnection(): Connection {
  return useSyncStatusWith((status) => connectionOf(status, browserOnlineNow()));
}

export function useSyncStatus(): SyncStatus {
  return useSyncStatusWith(asIs);
}

/** One field of the status: a component renders again when it changes, not on every message (one per percent). */
export function useSyncStatusOf<K extends keyof SyncStatus>(field: K): SyncStatus[K] {
  return useSyncStatusWith((value) => value[field]);
}

/**
 * A value read from the status (a flag, say): a component renders again when it changes, not on every message.
 * React state set in a transition, not useSyncExternalStore: a status message comes once per percent of a first
 * load, and when a store read in a background render changes before that render commits, React renders the whole of
 * it again at once (a shell and its screen: 172-183 ms in cold-inbox runs). A transition neither interrupts nor redoes
 * one already under way, and renders as soon as it has finished.
 */
export function useSyncStatusWith<T>(read: (status: SyncStatus) => T): T {
  const latestRead = useRef(read);
  latestRead.current = read;
  const [value, setValue] = useState(() => read(currentSyncStatus()));
  useEffect(() => {
    const update = () => {
      const next = latestRead.current(currentSyncStatus());
      startTransition(() => setValue(() => next));
    };
    // A message between the first render and this subscription is not lost.
    update();
    return subscribeWithBrowser(update);
  }, []);
  return value;
}
