import { useMemo } from 'react';
import { useQuery } from '../../data/replica.ts';
import { isListedCaseType } from '../../domain/cases/caseHistoryQuery.ts';
import type { CaseStateDoc, CaseTypeDoc } from '../../domain/sync/documents.gen.ts';

export type CaseTypesData = {
  /** The types users may pick, TBD left out (part 2 §2), by description. */
  listed: CaseTypeDoc[];
  typeById: ReadonlyMap<string, CaseTypeDoc>;
  stateById: ReadonlyMap<string, CaseStateDoc>;
  statesOf: (typeId: string) => CaseStateDoc[];
  loading: boolean;
};

/** Case types and their states from the replica's configuration (a few dozen documents). */
export function useCaseTypes(): CaseTypesData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: ['caseType', 'caseState'] } } });
  return useMemo(() => {
    const types = docs.filter((doc): doc is CaseTypeDoc => doc.kind === 'caseType' && !doc.deleted);
    const states = docs.filter((doc): doc is CaseStateDoc => doc.kind === 'caseState' && !doc.deleted);
    const byType = new Map<string, CaseStateDoc[]>();
    for (const state of [...states].sort((a, b) => a.order - b.order || a.description.localeCompare(b.description))) {
      byType.set(state.caseTypeId, [...(byType.get(state.caseTypeId) ?? []), state]);
    }
    return {
      listed: types.filter(isListedCaseType).sort((a, b) => (a.description || a.code).localeCompare(b.description || b.code)),
      typeById: new Map(types.map((type) => [type.id, type])),
      stateById: new Map(states.map((state) => [state.id, state])),
      statesOf: (typeId: string) => byType.get(typeId) ?? [],
      loading,
    };
  }, [docs, loading]);
}
