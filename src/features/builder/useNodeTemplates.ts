import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import type { NodeTemplateDoc } from '../../domain/sync/documents.gen.ts';

/**
 * The workspace's node templates from the replica's configuration (a few dozen documents, replicated to users
 * with BUILDER or MODELER), and whether the configuration has reached this device at least once.
 */
export function useNodeTemplates(): { templates: NodeTemplateDoc[]; loading: boolean; arrived: boolean } {
  const { docs, loading } = useQuery('config', { selector: { kind: 'nodeTemplate' } });
  const status = useSyncStatus();
  const templates = useMemo(() => docs.filter((doc): doc is NodeTemplateDoc => doc.kind === 'nodeTemplate' && !doc.deleted), [docs]);
  return { templates, loading, arrived: status.loaded === null || status.loaded.includes('config') };
}
