import type { SyncStatus } from './replicaApi.ts';

/**
 * Whether the device cannot sync now, so a screen works on what the replica holds: the browser is offline, or the
 * worker tried the server and failed. Before the worker's first answer the status is not online either, which is
 * not the same thing: the replica may be about to receive what the screen looks for.
 */
export function cannotSync(status: SyncStatus): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || (!status.online && status.problem !== null);
}
