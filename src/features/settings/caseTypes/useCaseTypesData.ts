import { useMemo } from 'react';
import { useQuery, useSyncStatus } from '../../../data/replica.ts';
import { compareStates, listedCaseTypes } from '../../../domain/cases/caseTypeRules.ts';
import type { AppDoc, CaseStateDoc, CaseTypeDoc } from '../../../domain/sync/documents.gen.ts';
import { usePendingIds } from '../usePendingIds.ts';

export type CaseTypesData = {
  /** True until the replica answers (and, on a new device, until the config documents have arrived). */
  loading: boolean;
  /** The listed types: TBD never (part 2 §9), by ID. */
  types: CaseTypeDoc[];
  /** The apps the user sees, by name: the starting app picker's choices. */
  apps: AppDoc[];
  typeById: (id: string) => CaseTypeDoc | undefined;
  /** A type's states in order (-1 last). */
  statesOf: (caseTypeId: string) => CaseStateDoc[];
  appName: (id: string | null) => string | null;
  /** Types with a change of their own still in the outbox. */
  pendingTypeIds: ReadonlySet<string>;
  /** States with a change still in the outbox. */
  pendingStateIds: ReadonlySet<string>;
};

const KINDS = ['caseType', 'caseState', 'app'];

/**
 * Settings → Cases and the case type screen read the replica's config collection by its `kind` index: case types,
 * their states and the apps that may start them. Config is a workspace's settings (tens of documents), so one
 * query serves the list, the screen and its forms, and every change (another admin's too) shows at once.
 */
export function useCaseTypesData(): CaseTypesData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: KINDS } } });
  const status = useSyncStatus();
  const configArrived = status.loaded === null || status.loaded.includes('config');
  // A state's change names its type too: only the type's own changes mark the type.
  const pendingTypeIds = usePendingIds(['caseType.'], ['caseTypeId']);
  const pendingStateIds = usePendingIds(['caseState.'], ['stateId']);
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    const types = listedCaseTypes(live.filter((doc): doc is CaseTypeDoc => doc.kind === 'caseType'));
    const states = live.filter((doc): doc is CaseStateDoc => doc.kind === 'caseState');
    const apps = live.filter((doc): doc is AppDoc => doc.kind === 'app').sort((a, b) => a.name.localeCompare(b.name));
    const typesById = new Map(types.map((type) => [type.id, type]));
    const appsById = new Map(apps.map((app) => [app.id, app]));
    return {
      loading: loading || (types.length === 0 && !configArrived && status.problem === null),
      types,
      apps,
      typeById: (id) => typesById.get(id),
      statesOf: (caseTypeId) => states.filter((s) => s.caseTypeId === caseTypeId).sort(compareStates),
      appName: (id) => (id === null ? null : (appsById.get(id)?.name ?? null)),
      pendingTypeIds,
      pendingStateIds,
    };
  }, [docs, loading, configArrived, status.problem, pendingTypeIds, pendingStateIds]);
}
