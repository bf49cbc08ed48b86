import { useMemo } from 'react';
import { useDoc, useQuery, useSyncStatus } from '../../data/replica.ts';
import { newestFirstOrder } from '../../domain/engine/instanceHistory.ts';
import type { InstanceDoc, InstanceStageDoc } from '../../domain/sync/documents.gen.ts';

/** True once the runs collection has reached this device at least once (or the device cannot tell). */
function useRunsArrived(): boolean {
  const status = useSyncStatus();
  return status.loaded === null || status.loaded.includes('runs');
}

/**
 * An app's instances from the replica's runs collection, newest first. The query walks the `[kind, newestFirst]`
 * index and keeps the app's; the filters and the page are then applied to that one app's runs.
 */
export function useAppInstances(appId: string | null): { instances: InstanceDoc[]; loading: boolean; arrived: boolean } {
  const { docs, loading } = useQuery('runs', appId === null ? null : { selector: { kind: 'instance', appId }, sort: [{ newestFirst: 'asc' }] });
  const arrived = useRunsArrived();
  const instances = useMemo(() => newestFirstOrder(docs.filter((doc): doc is InstanceDoc => doc.kind === 'instance' && !doc.deleted)), [docs]);
  return { instances, loading, arrived };
}

/** One instance and its stage visits in order, live: the engine's writes reach the replica as they happen. */
export function useInstance(instanceId: string): { instance: InstanceDoc | null | undefined; stages: InstanceStageDoc[]; arrived: boolean } {
  const doc = useDoc('runs', instanceId);
  const { docs } = useQuery('runs', { selector: { kind: 'instanceStage', instanceId }, sort: [{ newestFirst: 'asc' }] });
  const arrived = useRunsArrived();
  const stages = useMemo(
    () => docs.filter((d): d is InstanceStageDoc => d.kind === 'instanceStage' && !d.deleted).sort((a, b) => a.seq - b.seq),
    [docs],
  );
  const instance = doc === undefined ? undefined : doc !== null && doc.kind === 'instance' && !doc.deleted ? doc : null;
  return { instance, stages, arrived };
}
