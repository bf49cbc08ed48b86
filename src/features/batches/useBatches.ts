import { useMemo } from 'react';
import { useDoc, useQuery, useSyncStatus } from '../../data/replica.ts';
import { fileOrder } from '../../domain/batches/batchViews.ts';
import type { BatchDoc, BatchLineDoc } from '../../domain/sync/documents.gen.ts';

/** True once the runs collection (batches and their lines) has reached this device at least once. */
export function useBatchesArrived(): boolean {
  const status = useSyncStatus();
  return status.loaded === null || status.loaded.includes('runs');
}

/** Every batch the replica holds, newest first (the list filters them by tab and search). */
export function useBatches(): { batches: BatchDoc[]; loading: boolean; arrived: boolean } {
  const { docs, loading } = useQuery('runs', { selector: { kind: 'batch' }, sort: [{ newestFirst: 'asc' }] });
  const arrived = useBatchesArrived();
  const batches = useMemo(() => docs.filter((doc): doc is BatchDoc => doc.kind === 'batch' && !doc.deleted), [docs]);
  return { batches, loading, arrived };
}

/** One batch, live: undefined while the replica answers, null when it holds no such batch. */
export function useBatch(batchId: string): BatchDoc | null | undefined {
  const doc = useDoc('runs', batchId);
  return doc === undefined ? undefined : doc !== null && doc.kind === 'batch' && !doc.deleted ? doc : null;
}

/** A batch's lines in file order, live: the engine's writes reach the replica as each line runs. */
export function useBatchLines(batchId: string): { lines: BatchLineDoc[]; loading: boolean } {
  const { docs, loading } = useQuery('runs', { selector: { kind: 'batchLine', batchId } });
  const lines = useMemo(() => fileOrder(docs.filter((doc): doc is BatchLineDoc => doc.kind === 'batchLine' && !doc.deleted)), [docs]);
  return { lines, loading };
}
