import { useMemo } from 'react';
import { useQuery } from '../../data/replica.ts';
import type { EngineLink } from '../../domain/settings/engineRules.ts';
import type { AppDoc, EngineDoc, EngineUserDoc, TeamDoc, UserDoc } from '../../domain/sync/documents.gen.ts';
import { usePendingIds } from './usePendingIds.ts';

export type EnginesData = {
  loading: boolean;
  engines: EngineDoc[];
  /** Every user of the workspace, by name: the picker's two lists are made from these. */
  users: UserDoc[];
  /** The live links of an engine: which user, through which link document. */
  linksOf: (engineId: string) => EngineLink[];
  /** Ids of engines with a change still in the outbox. */
  pendingIds: ReadonlySet<string>;
};

const byName = (a: { name: string; id: string }, b: { name: string; id: string }) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1);

/** Part 1 §2 Settings, Engines: the workspace's engines, their authorised users and everyone who could be, from the replica. */
export function useEnginesData(): EnginesData {
  const { docs, loading } = useQuery('config', { selector: { kind: { $in: ['engine', 'engineUser', 'user'] } } });
  const pendingIds = usePendingIds(['engine.'], ['engineId']);
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    const engines = live.filter((d): d is EngineDoc => d.kind === 'engine').sort(byName);
    const users = live.filter((d): d is UserDoc => d.kind === 'user').sort(byName);
    const links = live.filter((d): d is EngineUserDoc => d.kind === 'engineUser');
    return {
      loading,
      engines,
      users,
      linksOf: (engineId) => links.filter((l) => l.engineId === engineId).map((l) => ({ linkId: l.id, userId: l.userId })),
      pendingIds,
    };
  }, [docs, loading, pendingIds]);
}

/** What uses one engine: its apps (the 'Subscribed apps' tab) and its teams (which also keep it from being deleted). */
export function useEngineUsage(engineId: string | null): { loading: boolean; apps: AppDoc[]; teams: TeamDoc[] } {
  const { docs, loading } = useQuery('config', engineId === null ? null : { selector: { kind: { $in: ['app', 'team'] }, engineId } });
  return useMemo(() => {
    const live = docs.filter((doc) => !doc.deleted);
    return {
      loading,
      apps: live.filter((d): d is AppDoc => d.kind === 'app').sort(byName),
      teams: live.filter((d): d is TeamDoc => d.kind === 'team'),
    };
  }, [docs, loading]);
}
