import type { Kysely } from 'kysely';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';

/**
 * The optimized apps reads' cache: in this process, least recently used first out. Each entry carries the
 * workspace's revision (server/db/revisions.ts) read *before* its answer was computed, and is served only while
 * the workspace is still at that revision. Every write to a workspace (a REST write, a mutation, an engine stage)
 * bumps that one counter, so a served entry is exactly what a fresh read would answer: it is never stale, it only
 * saves the work. A write during the computation makes the entry older than the data it holds, which only costs
 * a miss. Several server processes each keep their own cache; the check against the database keeps all correct.
 */
export type AppsCacheKey = {
  workspaceId: string;
  /** The caller: entries are per caller, so clearing a user's entries is exact. */
  userId: string;
  /** What was asked: 'user:<id>', 'workspace', 'dashboard:…', with the flags. */
  query: string;
};

type Entry = { workspaceId: string; userIds: readonly string[]; rev: number; value: unknown };
type Counters = { hits: number; misses: number };

export type AppsCacheStats = { entries: number; hits: number; misses: number };

export type AppsCache = {
  /** The cached value while `currentRev` is the revision it was computed at; a miss (and the stale entry dropped) otherwise. */
  get<T>(key: AppsCacheKey, currentRev: number): T | undefined;
  /** `subjectUserId`: the user whose apps the answer lists, so clearing that user's entries drops it too. */
  set(key: AppsCacheKey, rev: number, value: unknown, subjectUserId?: string): void;
  clearWorkspace(workspaceId: string): number;
  clearUser(workspaceId: string, userId: string): number;
  stats(workspaceId: string): AppsCacheStats;
};

export const DEFAULT_APPS_CACHE_ENTRIES = 500;
/** Counters are kept for this many workspaces at most (the oldest counted first out), so they cannot grow unbounded. */
const MAX_COUNTED_WORKSPACES = 1000;

const keyOf = (key: AppsCacheKey) => JSON.stringify([key.workspaceId, key.userId, key.query]);

export function createAppsCache(maxEntries = DEFAULT_APPS_CACHE_ENTRIES): AppsCache {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently used.
  const entries = new Map<string, Entry>();
  const counters = new Map<string, Counters>();

  const count = (workspaceId: string, what: keyof Counters) => {
    const current = counters.get(workspaceId) ?? { hits: 0, misses: 0 };
    counters.delete(workspaceId);
    counters.set(workspaceId, { ...current, [what]: current[what] + 1 });
    if (counters.size > MAX_COUNTED_WORKSPACES) counters.delete(counters.keys().next().value as string);
  };
  const dropWhere = (match: (entry: Entry) => boolean) => {
    let dropped = 0;
    for (const [key, entry] of entries) {
      if (match(entry)) {
        entries.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  };

  return {
    get<T>(key: AppsCacheKey, currentRev: number) {
      const id = keyOf(key);
      const entry = entries.get(id);
      if (!entry || entry.rev !== currentRev) {
        if (entry) entries.delete(id);
        count(key.workspaceId, 'misses');
        return undefined;
      }
      entries.delete(id);
      entries.set(id, entry);
      count(key.workspaceId, 'hits');
      return entry.value as T;
    },
    set(key, rev, value, subjectUserId) {
      const id = keyOf(key);
      entries.delete(id);
      entries.set(id, { workspaceId: key.workspaceId, userIds: subjectUserId ? [key.userId, subjectUserId] : [key.userId], rev, value });
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    clearWorkspace: (workspaceId) => dropWhere((entry) => entry.workspaceId === workspaceId),
    clearUser: (workspaceId, userId) => dropWhere((entry) => entry.workspaceId === workspaceId && entry.userIds.includes(userId)),
    stats(workspaceId) {
      let inWorkspace = 0;
      for (const entry of entries.values()) if (entry.workspaceId === workspaceId) inWorkspace += 1;
      const counted = counters.get(workspaceId) ?? { hits: 0, misses: 0 };
      return { entries: inWorkspace, ...counted };
    },
  };
}

/** The workspace's current revision: what a cache entry must match to be served. */
export async function workspaceRevision(db: Kysely<Database> | WorkspaceTx, workspaceId: string): Promise<number> {
  const row = await db.selectFrom('workspace_revisions').select('rev').where('workspace_id', '=', workspaceId).executeTakeFirst();
  return row?.rev ?? 0;
}
