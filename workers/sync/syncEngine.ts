import type { ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { MutationResult, PendingMutation, Rejection, SyncStatus } from '../../src/data/replicaApi.ts';
import { AccountGate } from './actor.ts';
import { outboxOf } from './outbox.ts';
import { runPreflights, type Preflight } from './preflight.ts';
import { applyOptimistically, isQuotaError, STORAGE_FULL } from './optimistic.ts';
import { rebase, type SyncTrace } from './rebase.ts';
import { keepStreamOpen, type LiveStream } from './liveStream.ts';
import { isNetworkFailure, problemOf, Retrier, retryDelayMs } from './retryPolicy.ts';
import { pushBatch, settledBy, takeBatch, PUSH_BATCH } from './pushBatch.ts';
import type { PullPassDeps } from './pullPass.ts';
import { FirstLoad } from './firstLoad.ts';
import { OpenScopes, pullTarget } from './scopes.ts';
import { nextPullTarget, outranked, PULL_PRIORITY } from '../../src/domain/sync/loadProgress.ts';
import { addStaleRefs, fetchIfMissing, fetchServerState, readStaleRefs, removeStaleRefs } from './staleRefs.ts';
import { TransportError, type SyncTransport } from './transport.ts';
import type { DocWrite } from '../../src/domain/mutations/types.ts';

export type SyncEngineOptions = {
  db: ReplicaDatabase;
  transport: SyncTransport;
  userId: string;
  /** Replicate (pull, stream, push) in this realm; other tabs only write the outbox. */
  leader: boolean;
  pullLimit?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  random?: () => number;
  now?: () => number;
  newId?: () => string;
  onRejection?: (rejection: Rejection) => void;
  onStatus?: (status: SyncStatus) => void;
  /** Runs before a mutation is pushed (sends an upload's bytes); when it throws, that mutation and later ones wait. */
  preflight?: Preflight;
  trace?: SyncTrace;
};

/**
 * The sync engine of one realm (the worker in the browser; tests run it in process): optimistic mutations into a
 * durable outbox, in-order push with backoff, pull by checkpoint with rebase, live stream → pull, rejections reverted
 * from the server's state. Its replica writes run on one queue: a pull's rebase and a new mutation never interleave.
 */
export class SyncEngine {
  private readonly db: ReplicaDatabase;
  private readonly transport: SyncTransport;
  private readonly outbox;
  private queue: Promise<unknown> = Promise.resolve();
  private clientId = '';
  private readonly account: AccountGate;
  private stopped = false;
  private flushing = false;
  private flushAgain = false;
  /** After a request refused whole, mutations go one at a time until the refused one is found. */
  private isolating = false;
  private pullsWanted = new Set<string>();
  private pulling: Promise<void> | null = null;
  private readonly retryOptions = () => ({ baseMs: this.options.retryBaseMs ?? 500, maxMs: this.options.retryMaxMs ?? 30_000, random: this.options.random ?? Math.random });
  private readonly retry = new Retrier(() => this.retryEverything(), this.retryOptions);
  private streamAbort: AbortController | null = null;
  private stream: LiveStream | null = null;
  private readonly openScopes = new OpenScopes();
  private leader: boolean;
  private subscriptions: Array<{ unsubscribe(): void }> = [];
  private readonly firstLoad: FirstLoad;
  private status: SyncStatus = { online: false, syncing: false, pending: 0, lastSyncAt: null, lastError: null, problem: null, sessionEnded: false, sessionEndReason: null, loaded: null, loading: null };

  constructor(private readonly options: SyncEngineOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.outbox = outboxOf(options.db);
    this.leader = options.leader;
    this.account = new AccountGate(options.db, options.userId);
    this.firstLoad = new FirstLoad(options.db, ({ loaded, loading }) => this.setStatus({ loaded, loading }));
  }

  private get now() {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Replica writes run one at a time: in this realm by the queue, across the user's tabs (one shared database) by a
   * Web Lock, so one tab's write cannot fall between another's read of the outbox and its rebase (held briefly).
   */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
    const exclusive = locks ? (): Promise<T> => locks.request(`replica-write:${this.db.name}`, task) as Promise<T> : task;
    const run = this.queue.then(exclusive, exclusive);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Runs work that nobody awaits: after stop() its failures are expected (the database is closed) and dropped. */
  private background(task: () => Promise<unknown>): void {
    task().catch((error: unknown) => {
      if (this.stopped) return;
      this.setStatus({ lastError: error instanceof Error ? error.message : String(error) });
    });
  }

  private setStatus(patch: Partial<SyncStatus>) {
    this.status = { ...this.status, ...patch };
    this.options.onStatus?.(this.status);
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  async start(): Promise<void> {
    const stored = await this.db.getLocal<{ value: string }>('clientId');
    this.clientId = stored ? (stored.toJSON().data as { value: string }).value : (this.options.newId?.() ?? crypto.randomUUID());
    if (!stored) await this.db.upsertLocal('clientId', { value: this.clientId });
    await this.account.refresh();
    // When the data was last brought up to date, by this tab or another: shown until this realm syncs itself.
    this.subscriptions.push(
      this.db.getLocal$<{ value: number | null }>('lastSyncAt').subscribe((doc) => {
        const at = doc ? (doc.toJSON().data as { value: number | null }).value : null;
        if (typeof at === 'number' && at > (this.status.lastSyncAt ?? 0)) this.setStatus({ lastSyncAt: at });
      }),
      await this.firstLoad.start(),
    );
    this.setStatus({ pending: await this.outbox.count() });
    if (this.leader) this.startReplicating();
  }

  /** The leader's word on the connection, in a realm that does not talk to the server itself (statusRelay.ts). */
  followLeader(connection: Partial<SyncStatus>): void {
    if (!this.leader && !this.stopped) this.setStatus(connection);
  }

  /** This realm won the leader election (another tab closed): it takes over pulling, pushing and the stream. */
  promote(): void {
    if (this.leader || this.stopped) return;
    this.leader = true;
    this.startReplicating();
  }

  private startReplicating(): void {
    this.requestPull(this.allTargets());
    this.background(() => this.refreshStale());
    this.background(() => this.flush());
    this.openStream();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.streamAbort?.abort();
    this.retry.cancel();
    await this.queue;
    await this.pulling;
  }

  /** Waits for the account (outside the write queue, which the pull that brings it needs). */
  private async accountLoaded(): Promise<void> {
    if (this.account.actor) return;
    await this.serial(() => this.account.refresh());
    await this.account.arrival(this.pulling);
  }

  /** Applies a mutation optimistically and queues it; a refusal visible locally is answered at once. */
  async mutate(name: string, args: unknown): Promise<MutationResult> {
    await this.accountLoaded();
    return this.serial(async () => {
      if (!this.account.actor) await this.account.refresh();
      if (!this.account.actor) return { ok: false, code: 'not-ready', message: 'Your data is still loading; try again in a moment' };
      const id = this.options.newId?.() ?? crypto.randomUUID();
      const queued = await applyOptimistically(this.db, { name, args, actor: this.account.actor, at: this.now, id });
      if (!queued.entry) return queued.result;
      if (queued.previewLost) this.setStatus({ lastError: STORAGE_FULL, problem: 'storage-full' });
      this.options.trace?.('mutate', { id, name, docs: queued.entry.touched.map((r) => r.id) });
      this.setStatus({ pending: this.status.pending + 1 });
      if (this.leader) queueMicrotask(() => this.background(() => this.flush()));
      return queued.result;
    });
  }

  /** True when nothing waits to be sent and no document waits for its server state. */
  async isSettled(): Promise<boolean> {
    return (await this.outbox.count()) === 0 && (await readStaleRefs(this.db)).length === 0;
  }

  async pendingMutations(): Promise<PendingMutation[]> {
    return (await this.outbox.pending()).map(({ id, name, args, at, attempts, lastError }) => ({ id, name, args, at, attempts, lastError }));
  }

  /** Keeps a scope pulled while shown (scopes.ts), resolved once tried; a case's scope fetches a missing case by id. */
  async openScope(scope: string): Promise<void> {
    await this.requestPull([this.openScopes.open(scope)]);
    if (!scope.startsWith('case:') || !this.leader || this.stopped) return;
    await this.writeRestored(await fetchIfMissing(this.db, this.transport, 'cases', scope.slice(5)));
  }

  closeScope(scope: string): void {
    this.openScopes.close(scope);
  }

  /** Asks for pulls (coalesced); entries are collection names or `<collection>|<scope>`. */
  requestPull(targets: string[]): Promise<void> {
    if (!this.leader || this.stopped) return Promise.resolve();
    for (const target of targets) this.pullsWanted.add(target);
    this.pulling ??= this.runPulls().finally(() => {
      this.pulling = null;
      // A request that arrived while the last pass was finishing must not wait for the next one.
      if (this.pullsWanted.size > 0 && !this.stopped) this.background(() => this.requestPull([]));
    });
    return this.pulling;
  }

  private async runPulls(): Promise<void> {
    this.setStatus({ syncing: true });
    try {
      await this.refreshStale();
      while (this.pullsWanted.size > 0 && !this.stopped) {
        // The most urgent first; a long first load gives way between pages and continues after.
        const target = nextPullTarget(this.pullsWanted)!;
        this.pullsWanted.delete(target);
        const yieldNow = () => this.stopped || outranked(this.pullsWanted, target);
        if (!(await pullTarget(target, { ...this.pullDeps(), yieldNow }))) this.pullsWanted.add(target);
      }
      this.answered();
      this.setStatus({ syncing: false, lastSyncAt: this.now });
      await this.db.upsertLocal('lastSyncAt', { value: this.status.lastSyncAt }); // Other tabs show it too.
    } catch (error) {
      this.setStatus({ syncing: false });
      if (isQuotaError(error)) this.setStatus({ lastError: STORAGE_FULL, problem: 'storage-full' });
      else this.handleFailure(error, 'pull');
    }
  }

  /** How pull passes reach the replica: each page written on the write queue, with the rebase. */
  private readonly pullDeps = (): Omit<PullPassDeps, 'yieldNow'> => ({
    db: this.db,
    transport: this.transport,
    limit: this.options.pullLimit ?? 1000,
    firstLoad: this.firstLoad,
    writePage: (collection, documents, mustCheck) =>
      this.serial(async () => {
        await rebase(this.db, documents.map((doc) => ({ collection, doc })), await this.outbox.pending(), this.account.actor, this.options.trace, mustCheck);
        if (collection === 'config') await this.account.refresh();
      }),
  });

  /** Sends pending mutations in order until the queue is empty or the server cannot be reached. */
  async flush(): Promise<void> {
    if (!this.leader || this.stopped) return;
    if (this.flushing) {
      this.flushAgain = true;
      return;
    }
    this.flushing = true;
    try {
      do {
        this.flushAgain = false;
        await this.flushOnce();
      } while (this.flushAgain && !this.stopped);
    } finally {
      this.flushing = false;
    }
  }

  private async flushOnce(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const pending = takeBatch(await this.outbox.pending(PUSH_BATCH), this.isolating ? 1 : PUSH_BATCH);
      if (pending.length === 0) return;
      const { ready: batch, error: preflightError, deferred } = await runPreflights(pending, this.options.preflight);
      if (batch.length === 0) {
        await this.outbox.noteFailure([pending[0]!.id], preflightError instanceof Error ? preflightError.message : String(preflightError));
        this.handleFailure(preflightError, 'push');
        return;
      }
      const pushed = await pushBatch(this.transport, this.clientId, batch);
      if (pushed.kind === 'isolate') {
        this.isolating = true;
        continue;
      }
      if (pushed.kind === 'failed') {
        await this.outbox.noteFailure(batch.map((b) => b.id), pushed.error instanceof Error ? pushed.error.message : String(pushed.error));
        this.handleFailure(pushed.error, 'push');
        return;
      }
      if (batch.length === 1) this.isolating = false;
      this.answered();
      const { settled, refused, statusOf } = settledBy(batch, pushed.outcomes);
      const touched = settled.flatMap((entry) => entry.touched);
      await this.serial(async () => {
        // Stale first: a worker dying between the writes sends the mutation again, not leaves its effect undone.
        await addStaleRefs(this.db, touched);
        await this.outbox.remove(settled.map((e) => e.id));
      });
      this.options.trace?.('settled', settled.map((e) => `${e.name}:${e.id}:${statusOf(e.id)}`));
      // A refusal is reported at once; the documents then return to the server's state just after.
      for (const { entry, code, message } of refused) {
        this.options.onRejection?.({ mutationId: entry.id, name: entry.name, args: entry.args, code, message, at: this.now });
      }
      this.setStatus({ pending: await this.outbox.count() });
      // Applied or refused, what a mutation touched takes the server's state (plus what is still pending).
      await this.refreshStale();
      if (settled.length < batch.length) {
        this.retry.schedule(new Error('the server answered only part of the batch'));
        return;
      }
      if (batch.length < pending.length) {
        // A deferred entry is first now: the next round runs its preflight.
        if (deferred) continue;
        this.handleFailure(preflightError, 'push');
        return;
      }
    }
  }

  /** Fetches the server state of the stale documents and writes it rebased; on failure they stay stale. */
  private async refreshStale(): Promise<void> {
    const refs = await readStaleRefs(this.db);
    if (refs.length === 0) return;
    const failed = (error: unknown) => void this.handleFailure(error, 'push');
    const restored = await fetchServerState(this.transport, refs).catch(failed);
    if (restored) await this.writeRestored(restored, () => removeStaleRefs(this.db, refs));
  }

  /** Documents fetched by id, written rebased (and checked before a page of a first load overwrites them). */
  private async writeRestored(restored: DocWrite[], after?: () => Promise<void>): Promise<void> {
    if (restored.length === 0 && !after) return;
    for (const { collection, doc } of restored) this.firstLoad.noteRestored(collection, [doc.id]);
    await this.serial(async () => {
      await rebase(this.db, restored, await this.outbox.pending(), this.account.actor, this.options.trace);
      await after?.();
    });
  }

  private handleFailure(error: unknown, during: 'pull' | 'push' | 'stream'): void {
    const message = `${during}: ${error instanceof Error ? error.message : String(error)}`;
    if (error instanceof TransportError && error.code === 'unauthorized') {
      this.stopped = true;
      this.streamAbort?.abort();
      this.setStatus({ online: false, sessionEnded: true, sessionEndReason: error.reason ?? null, lastError: message, problem: 'session-ended' });
      return;
    }
    this.setStatus({ online: isNetworkFailure(error) ? false : this.status.online, lastError: message, problem: problemOf(error) });
    if (during !== 'stream') this.retry.schedule(error);
  }

  /** The server answered: the backoff is over, and whatever waited for its retry goes now, not when its timer ends. */
  private answered(): void {
    this.retry.answered();
    this.setStatus({ online: true, lastError: null, problem: null });
    if (this.retry.waiting) this.retry.now();
  }

  /** The network is back (the browser said so, or the user asked): retry everything now, not at the next backoff. */
  reconnect(): void {
    if (this.stopped || !this.leader) return;
    this.retry.answered();
    this.retry.now();
    this.stream?.wake();
  }

  /** The browser says the network is gone: say so at once, rather than when the next request fails. */
  networkLost(): void {
    if (this.stopped) return;
    this.setStatus({ online: false, problem: 'offline' });
    this.streamAbort?.abort();
  }

  private retryEverything(): void {
    if (this.stopped) return;
    this.background(() => this.refreshStale());
    this.background(() => this.flush());
    this.background(() => this.requestPull(this.allTargets()));
  }

  /** Every collection kept (or those named), with the open scopes of each (scopes.ts). */
  private allTargets(collections: readonly string[] = PULL_PRIORITY): string[] {
    return this.openScopes.targets(collections);
  }

  /** Keeps the live stream open (reconnecting with backoff); each message asks for the collections it names. */
  private openStream(): void {
    this.stream = keepStreamOpen(this.transport, {
      isStopped: () => this.stopped,
      setAbort: (controller) => {
        this.streamAbort = controller;
      },
      onMessage: (message) => this.background(() => this.requestPull(this.allTargets(message.collections))),
      onOpen: () => {
        this.answered();
        // Whatever moved while the stream was down is fetched now.
        this.background(() => this.requestPull(this.allTargets()));
        this.background(() => this.flush());
      },
      onClosed: (error) => {
        if (error) this.handleFailure(error, 'stream');
        this.setStatus({ online: false });
      },
      backoffMs: (attempt, failure) => retryDelayMs(failure, attempt, this.retryOptions()),
    });
  }
}

