import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import type { FrontdeskFormDoc } from '../../domain/sync/documents.gen.ts';

/**
 * The workspace's front desk forms from the replica's configuration (a few dozen documents), and whether the
 * configuration has reached this device at least once (until then an empty list is not yet the truth).
 */
export function useFrontdeskForms(): { forms: FrontdeskFormDoc[]; loading: boolean; arrived: boolean } {
  const { docs, loading } = useQuery('config', { selector: { kind: 'frontdeskForm' } });
  const status = useSyncStatus();
  const forms = useMemo(() => docs.filter((doc): doc is FrontdeskFormDoc => doc.kind === 'frontdeskForm' && !doc.deleted), [docs]);
  return { forms, loading, arrived: status.loaded === null || status.loaded.includes('config') };
}
