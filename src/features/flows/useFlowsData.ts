import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import type { FlowDoc } from '../../domain/sync/documents.gen.ts';

/** The workspace's flows from the replica's config collection (its `kind` index); a workspace has few of them. */
export function useFlowsData(): { loading: boolean; flows: FlowDoc[] } {
  const { docs, loading } = useQuery('config', { selector: { kind: 'flow' } });
  const status = useSyncStatus();
  const configArrived = status.loaded === null || status.loaded.includes('config');
  return useMemo(() => {
    const flows = (docs as FlowDoc[]).filter((doc) => !doc.deleted);
    return { loading: loading || (flows.length === 0 && !configArrived && status.problem === null), flows };
  }, [docs, loading, configArrived, status.problem]);
}
