import { cannotSync } from '../../data/cannotSync.ts';
import { useSyncStatusWith } from '../../data/replica.ts';
import type { SyncedCollection } from '../../domain/sync/collections.ts';

/**
 * Whether this device holds a collection whole: pulled to the end at least once, or it cannot sync (then the page
 * works on what it has and says how fresh that is). On a device still on its first load a count of 0 means "not
 * here yet", so screens wait rather than show empty or partial figures. A flag of its own: a screen renders again
 * when it changes, not on each percent of the load.
 */
export function useArrived(collection: SyncedCollection): boolean {
  return useSyncStatusWith((sync) => cannotSync(sync) || (sync.loaded?.includes(collection) ?? false));
}

/** Whether this device holds the workspace's cases (see useArrived). */
export function useCasesArrived(): boolean {
  return useArrived('cases');
}
