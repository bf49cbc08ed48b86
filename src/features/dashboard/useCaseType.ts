import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import { deniedStateOf } from '../../domain/cases/caseActivity.ts';
import type { CaseStateDoc, CaseTypeDoc } from '../../domain/sync/documents.gen.ts';

export type CaseTypeLookup =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'found'; caseType: CaseTypeDoc; states: CaseStateDoc[]; deniedState: CaseStateDoc | null };

/**
 * A case type of the route (its id, or its code as the spec's calls name it) with its states, from the replica's
 * configuration. 'missing' only once the configuration has arrived on this device: before that the type may simply
 * not be here yet. The type TBD is never shown (part 2 §9).
 */
export function useCaseType(param: string): CaseTypeLookup {
  const types = useQuery('config', { selector: { kind: 'caseType' } });
  const states = useQuery('config', { selector: { kind: 'caseState' } });
  const sync = useSyncStatus();
  const configArrived = sync.loaded?.includes('config') ?? false;
  const online = sync.online;
  return useMemo(() => {
    if (types.loading || states.loading) return { status: 'loading' };
    const all = types.docs as CaseTypeDoc[];
    const caseType = all.find((doc) => doc.id === param) ?? all.find((doc) => doc.code === param);
    if (caseType === undefined || caseType.deleted || caseType.code === 'TBD' || caseType.id === 'TBD') {
      return configArrived || (!online && all.length > 0) ? { status: 'missing' } : { status: 'loading' };
    }
    const own = (states.docs as CaseStateDoc[]).filter((state) => state.caseTypeId === caseType.id && !state.deleted);
    return { status: 'found', caseType, states: own, deniedState: deniedStateOf(own, caseType.id) };
  }, [types.loading, types.docs, states.loading, states.docs, param, configArrived, online]);
}
