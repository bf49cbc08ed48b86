import { cannotSync } from '../../data/cannotSync.ts';
import { useSyncStatus } from '../../data/replica.ts';

/**
 * Whether this device holds the workspace's cases: pulled to the end at least once, or it cannot sync (then the
 * page works on what it has and says how fresh that is). On a device still on its first load a count of 0 means
 * "not here yet", so screens wait rather than show empty figures.
 */
export function useCasesArrived(): boolean {
  const sync = useSyncStatus();
  return cannotSync(sync) || (sync.loaded?.includes('cases') ?? false);
}
