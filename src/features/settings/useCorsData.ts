import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadCorsOrigins, type ServerCorsOrigin } from '../../data/auth.ts';
import { useQuery, useSyncStatus } from '../../data/replica.ts';
import { normaliseOriginUrl } from '../../domain/settings/corsRules.ts';
import type { CorsOriginDoc } from '../../domain/sync/documents.gen.ts';
import { usePendingIds } from './usePendingIds.ts';

export type GlobalOrigins = { state: 'loading' | 'offline' | 'error' } | { state: 'ready'; origins: ServerCorsOrigin[] };

export type CorsData = {
  loading: boolean;
  /** The workspace's own origins, from the replica (so offline too), by origin. */
  origins: CorsOriginDoc[];
  /** The global origins, read from the server when online. */
  global: GlobalOrigins;
  retryGlobal: () => void;
  /** Ids of origins with a change still in the outbox. */
  pendingIds: ReadonlySet<string>;
  /** Whether another live origin (the workspace's or a global one) already is this one. */
  exists: (origin: string, exceptId: string | null) => boolean;
};

const byOrigin = (a: { origin: string }, b: { origin: string }) => a.origin.localeCompare(b.origin);

/** Part 1 §2 Settings, CORS Origins: the workspace's origins and the global ones. */
export function useCorsData(): CorsData {
  const { docs, loading } = useQuery('config', { selector: { kind: 'corsOrigin' } });
  const { online } = useSyncStatus();
  const pendingIds = usePendingIds(['cors.'], ['id']);
  const [global, setGlobal] = useState<GlobalOrigins>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!online) {
      setGlobal({ state: 'offline' });
      return;
    }
    let current = true;
    setGlobal({ state: 'loading' });
    loadCorsOrigins().then(
      (all) => current && setGlobal({ state: 'ready', origins: all.filter((o) => o.workspace === null).sort(byOrigin) }),
      () => current && setGlobal({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [online, attempt]);

  const retryGlobal = useCallback(() => setAttempt((n) => n + 1), []);

  return useMemo(() => {
    const origins = docs.filter((d): d is CorsOriginDoc => d.kind === 'corsOrigin' && !d.deleted && d.workspaceId !== null).sort(byOrigin);
    const globalOrigins = global.state === 'ready' ? global.origins : [];
    const exists = (origin: string, exceptId: string | null) => {
      const wanted = normaliseOriginUrl(origin);
      return wanted !== null && [...origins.map((o) => ({ id: o.id, origin: o.origin })), ...globalOrigins.map((o) => ({ id: o._id, origin: o.origin }))].some(
        (o) => o.id !== exceptId && normaliseOriginUrl(o.origin) === wanted,
      );
    };
    return { loading, origins, global, retryGlobal, pendingIds, exists };
  }, [docs, loading, pendingIds, global, retryGlobal]);
}
