import * as Comlink from 'comlink';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { SyncedCollection } from '../domain/sync/collections.ts';
import type { SyncWorkerApi } from '../../workers/sync/api.ts';
import { LiveReplica } from './liveReplica.ts';
import { SEEK_FROM } from './reader/protocol.ts';
import { ReaderClient } from './reader/readerClient.ts';
import { notify, OFFLINE, setSyncStatus, subscribe, workerSyncStatus } from './syncStatus.ts';
import { LARGE_ANSWER, useViewState } from './viewState.ts';
import type { DocOf, MutationResult, PendingMutation, Rejection, ReplicaQuery, ReplicaSession, SyncStatus } from './replicaApi.ts';

export type { DocOf, MutationResult, PendingMutation, Rejection, ReplicaQuery, SyncStatus } from './replicaApi.ts';
export { connectionOf, currentSyncStatus, useConnection, useSyncStatus, useSyncStatusOf, useSyncStatusWith } from './syncStatus.ts';

const MAX_REJECTIONS = 20;

type Running = { userId: string; worker: Worker; api: Comlink.Remote<SyncWorkerApi>; live: LiveReplica | null; ready: Promise<void> };

let running: Running | null = null;
let rejections: Rejection[] = [];

/**
 * Starts the sync worker for the signed-in user; the page's views read the replica through it (src/data/reader), no
 * database code of its own. Safe to call again (React mounts twice): the same user keeps it; another replaces it.
 */
export function startReplica(session: ReplicaSession): Promise<void> {
  if (running?.userId === session.userId) return running.ready;
  const previous = running ? stopReplica() : Promise.resolve();
  const worker = new Worker(new URL('../../workers/sync/sync.worker.ts', import.meta.url), { type: 'module', name: 'sync' });
  const api = Comlink.wrap<SyncWorkerApi>(worker);
  const current: Running = { userId: session.userId, worker, api, live: null, ready: Promise.resolve() };
  running = current;
  current.ready = (async () => {
    await previous;
    await api.subscribe(
      Comlink.proxy((next: SyncStatus) => setSyncStatus(next)),
      Comlink.proxy((rejection: Rejection) => {
        rejections = [rejection, ...rejections.filter((r) => r.mutationId !== rejection.mutationId)].slice(0, MAX_REJECTIONS);
        notify();
      }),
    );
    await api.start({ userId: session.userId, apiBase: session.apiBase ?? location.origin });
    followBrowserNetwork(api);
    if (running !== current) return;
    const channel = new MessageChannel();
    await api.serveReads(Comlink.transfer(channel.port2, [channel.port2]));
    if (running !== current) {
      channel.port1.close();
      return;
    }
    // Screens read `loaded: null` (nothing said yet) as "arrived", so the views answer only once the worker has
    // said what the first load has brought (its status and the views travel on different ports).
    await statusKnown();
    if (running !== current) {
      channel.port1.close();
      return;
    }
    current.live = new LiveReplica(new ReaderClient(channel.port1), session.userId);
    notify();
  })();
  return current.ready;
}

/** Resolves once the worker's status says what the first load has brought, or after STATUS_WAIT_MS. */
const STATUS_WAIT_MS = 5_000;
function statusKnown(): Promise<void> {
  if (workerSyncStatus().loaded !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, STATUS_WAIT_MS);
    const unsubscribe = subscribe(() => {
      if (workerSyncStatus().loaded !== null) done();
    });
  });
}

/**
 * The page's `online` and `offline` events, passed to the worker: the queue is sent the moment the network returns
 * (not at the next retry) and the status turns Offline the moment it goes.
 */
let unfollowNetwork: (() => void) | null = null;
function followBrowserNetwork(api: Comlink.Remote<SyncWorkerApi>): void {
  unfollowNetwork?.();
  const online = () => void api.reconnect();
  const offline = () => void api.networkLost();
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  unfollowNetwork = () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

/** Stops syncing and closes the replica; the data stays on the device for the user's next sign-in. */
export async function stopReplica(): Promise<void> {
  const current = running;
  if (!current) return;
  unfollowNetwork?.();
  unfollowNetwork = null;
  running = null;
  rejections = [];
  setSyncStatus(OFFLINE);
  await current.ready.catch(() => undefined);
  await current.api.stop().catch(() => undefined);
  current.live?.close();
  current.live?.reader.close();
  current.worker.terminate();
}

/**
 * The only write path of the UI. The page's queries show the effect at once (the overlay of pending effects,
 * src/data/overlay); the answer comes from the sync worker once the change is durable in the outbox (or refused),
 * and only then may the UI report it queued. A refusal takes the shown effect away.
 */
export async function mutate(name: string, args: unknown): Promise<MutationResult> {
  const current = running;
  if (!current) return { ok: false, code: 'not-started', message: 'You are not signed in' };
  const settle = current.live?.preview(name, args) ?? null;
  try {
    await current.ready;
    const result = await current.api.mutate(name, args);
    settle?.(result);
    return result;
  } catch (error) {
    settle?.(null);
    throw error;
  }
}

/** The worker's API once the replica is open (after the first status); null when no one is signed in. */
export async function readyWorkerApi(): Promise<Comlink.Remote<SyncWorkerApi> | null> {
  const current = running;
  if (!current) return null;
  await current.ready;
  return current.api;
}

/** Asks to retry sending and fetching now (the sync indicator's "retry" action). */
export async function reconnect(): Promise<void> {
  await running?.api.reconnect();
}

/** One document as the page's views show it (pending effects included), for code outside React; answers the unsubscribe. */
export function observeDoc<C extends SyncedCollection>(collection: C, id: string, onChange: (doc: DocOf<C> | null) => void): () => void {
  const live = running?.live;
  if (!live) throw new Error('The replica is not open');
  return live.observeDoc<DocOf<C>>(collection, id, onChange);
}

/** Documents matching a query as the page's views show them, for code outside React; answers the unsubscribe. */
export function observeQuery<C extends SyncedCollection>(collection: C, query: ReplicaQuery, onChange: (docs: readonly DocOf<C>[]) => void): () => void {
  const live = running?.live;
  if (!live) throw new Error('The replica is not open');
  return live.observeQuery<DocOf<C>>(collection, query, onChange);
}

/** A count as the page's views show it, for code outside React; answers the unsubscribe. */
export function observeCount(collection: SyncedCollection, selector: Record<string, unknown>, onChange: (count: number) => void, index?: string[]): () => void {
  const live = running?.live;
  if (!live) throw new Error('The replica is not open');
  return live.observeCount(collection, selector, onChange, index);
}

function useLiveReplica(): LiveReplica | null {
  return useSyncExternalStore(subscribe, () => running?.live ?? null);
}

/** What a view answers before its query's answer is in: one array, so a render meanwhile does not look like news. */
const NO_DOCS: never[] = [];

/**
 * Documents matching a query, kept current as the replica changes; `loading` until the first answer. `deferred`: every
 * answer of the worker, the first one included, renders as a transition, whatever its size, for a view no screen
 * weighs against the sync status and whose answers re-render a costly screen (the inbox's cases, arriving page by
 * page; the dashboard's figures, whose screen says it is loading until they are in).
 */
export function useQuery<C extends SyncedCollection>(
  collection: C,
  query: ReplicaQuery | null,
  { deferred = false }: { deferred?: boolean } = {},
): { docs: DocOf<C>[]; loading: boolean } {
  const live = useLiveReplica();
  const key = query === null ? null : JSON.stringify(query);
  // The worker's large answers (every one, deferred) render as transitions, one at a time (viewState.ts); smaller
  // ones and this page's own pending effects render at once.
  const [state, setState] = useViewState<{ key: string; docs: DocOf<C>[] }>();
  useEffect(() => {
    if (!live || key === null) return;
    const show = (docs: readonly unknown[], fromWorker: boolean) =>
      setState({ key, docs: docs as DocOf<C>[] }, !fromWorker || (!deferred && docs.length < LARGE_ANSWER));
    return live.observeQuery<DocOf<C>>(collection, JSON.parse(key) as ReplicaQuery, show);
  }, [live, collection, key, setState, deferred]);
  const fresh = state !== null && state.key === key;
  return { docs: fresh ? state.docs : NO_DOCS, loading: !fresh };
}

/**
 * A page query whose deep `skip` becomes an index range first (workers/sync/indexSeek.ts), so page 5,000 costs what
 * page 1 does; null while that is worked out. `version` (the list's count, say) seeks again when the list moved;
 * meanwhile the same page keeps its last range, so its rows do not blink out.
 */
export function useSeekedQuery(collection: SyncedCollection, query: ReplicaQuery | null, version: unknown): ReplicaQuery | null {
  const live = useLiveReplica();
  const deep = query !== null && (query.skip ?? 0) >= SEEK_FROM;
  const wantedKey = deep ? JSON.stringify(query) : null;
  const key = deep ? JSON.stringify([wantedKey, version]) : null;
  const [state, setState] = useState<{ key: string; wantedKey: string; query: ReplicaQuery } | null>(null);
  useEffect(() => {
    if (!live || key === null || wantedKey === null) return;
    let current = true;
    const wanted = JSON.parse(wantedKey) as ReplicaQuery;
    live.reader.seek(collection, wanted).then(
      (seeked) => current && setState({ key, wantedKey, query: seeked ?? wanted }),
      () => current && setState({ key, wantedKey, query: wanted }),
    );
    return () => {
      current = false;
    };
  }, [live, collection, key, wantedKey]);
  if (!deep) return query;
  return state !== null && (state.key === key || state.wantedKey === wantedKey) ? state.query : null;
}

/** One document: undefined while loading, null when the replica does not have it. */
export function useDoc<C extends SyncedCollection>(collection: C, id: string | null | undefined): DocOf<C> | null | undefined {
  const live = useLiveReplica();
  const [state, setState] = useState<{ id: string; doc: DocOf<C> | null } | null>(null);
  useEffect(() => {
    if (!live || !id) return;
    return live.observeDoc<DocOf<C>>(collection, id, (doc) => setState({ id, doc }));
  }, [live, collection, id]);
  if (!id) return null;
  return state?.id === id ? state.doc : undefined;
}

/** How many documents match a selector (counted on `index` when given); undefined until known. */
export function useCount(collection: SyncedCollection, selector: Record<string, unknown>, index?: string[]): number | undefined {
  const live = useLiveReplica();
  const key = JSON.stringify([selector, index ?? null]);
  const [state, setState] = useState<{ key: string; count: number } | null>(null);
  useEffect(() => {
    if (!live) return;
    const [parsedSelector, parsedIndex] = JSON.parse(key) as [Record<string, unknown>, string[] | null];
    return live.observeCount(collection, parsedSelector, (count) => setState({ key, count }), parsedIndex ?? undefined);
  }, [live, collection, key]);
  return state?.key === key ? state.count : undefined;
}

/** Several counts at once (a list whose total is a sum of index counts); each undefined until known. */
export function useCounts(collection: SyncedCollection, queries: readonly { selector: Record<string, unknown>; index?: string[] }[]): (number | undefined)[] {
  const live = useLiveReplica();
  const key = JSON.stringify(queries);
  const [state, setState] = useState<{ key: string; counts: (number | undefined)[] } | null>(null);
  useEffect(() => {
    if (!live) return;
    const parsed = JSON.parse(key) as { selector: Record<string, unknown>; index?: string[] }[];
    let counts: (number | undefined)[] = parsed.map(() => undefined);
    const stops = parsed.map((query, i) =>
      live.observeCount(
        collection,
        query.selector,
        (count) => {
          counts = counts.map((value, j) => (j === i ? count : value));
          setState({ key, counts });
        },
        query.index,
      ),
    );
    return () => stops.forEach((stop) => stop());
  }, [live, collection, key]);
  return state?.key === key ? state.counts : queries.map(() => undefined);
}

export function useRejections(): Rejection[] {
  return useSyncExternalStore(subscribe, () => rejections);
}

/** The changes waiting in the outbox, oldest first. */
export function usePendingMutations(): PendingMutation[] {
  const reader = useLiveReplica()?.reader ?? null;
  const [pending, setPending] = useState<PendingMutation[]>([]);
  useEffect(() => {
    if (!reader) return;
    return reader.openView(
      { kind: 'query', collection: 'outbox', query: { sort: [{ seq: 'asc' }] } },
      {
        docs: (docs) =>
          setPending(
            docs.map(({ doc }) => {
              const { id, name, args, at, attempts, lastError } = doc as PendingMutation;
              return { id, name, args, at, attempts: attempts ?? 0, lastError: lastError ?? null };
            }),
          ),
      },
    );
  }, [reader]);
  return pending;
}

/**
 * Keeps a case's notes, history, logs and files in the replica while the calling screen is shown. `tried`: that
 * pull was tried, and the case itself fetched by id if the server has it and the replica did not yet.
 */
export function useCaseScope(caseId: string | null | undefined): { tried: boolean; refresh: () => void } {
  return useReplicaScope(caseId ? `case:${caseId}` : null);
}

/** Does the device's replica hold this document now (stored, whatever the page's views have heard so far)? */
export async function replicaHolds(collection: SyncedCollection, id: string): Promise<boolean> {
  const live = running?.live;
  if (!live) return false;
  return (await live.reader.read(collection, [id])).some((found) => found.doc !== null);
}

/**
 * Keeps a scope (a case's records, a trace page) pulled into the replica while the calling screen is shown.
 * `tried`: the pull opened with it has been tried (answered, refused or failed); `refresh` pulls it again.
 */
export function useReplicaScope(scope: string | null): { tried: boolean; refresh: () => void } {
  const [tried, setTried] = useState<string | null>(null);
  // The screen may mount before the replica is started (a link opened straight after signing in): open then.
  const live = useLiveReplica();
  useEffect(() => {
    if (!scope || !running || !live) return;
    const api = running.api;
    let open = true;
    void running.ready
      .then(() => api.openScope(scope))
      .finally(() => {
        if (open) setTried(scope);
      });
    return () => {
      open = false;
      void api.closeScope(scope);
    };
  }, [scope, live]);
  const refresh = useCallback(() => {
    if (scope && running) void running.api.openScope(scope);
  }, [scope]);
  return { tried: scope !== null && tried === scope, refresh };
}
