/**
 * The benchmark's page: the real replica modules (src/data/replica.ts → sync worker → IndexedDB) driven from
 * Playwright through window.bench. Nothing here is used by the product.
 */
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openReplica, replicaName, type ReplicaDatabase } from '../../../src/data/openReplica.ts';
import { currentSyncStatus, mutate, observeCount, observeDoc, observeQuery, startReplica } from '../../../src/data/replica.ts';
import { allLoaded, INBOX_COLLECTIONS } from '../../../src/domain/sync/loadProgress.ts';
import { timeCaseHistory } from './caseHistoryTiming.ts';

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });

/**
 * The bench's own instance of the database (the same IndexedDB the worker writes), opened after the cold sync to
 * time storage reads alone; the product's page has none and reads through the worker.
 */
let db: ReplicaDatabase | null = null;
/** The first answer of a view, as the product's page gets it (through the sync worker's reader). */
const firstAnswer = <T>(open: (onChange: (value: T) => void) => () => void) =>
  new Promise<T>((resolve) => {
    let stop: (() => void) | null = null;
    let answered = false;
    stop = open((value) => {
      if (answered) return;
      answered = true;
      resolve(value);
      queueMicrotask(() => stop?.());
    });
  });
/** One of the inbox's first five pages; each run's selector differs by an always-true bound, so no cache answers. */
const inboxPage = (i: number) =>
  firstAnswer((onChange) =>
    observeQuery('tickets', { selector: { state: 'open', teamId: { $in: ['team-demo-claims', 'team-demo-field'] }, newestFirst: { $gt: -1 - i } }, sort: [{ newestFirst: 'asc' }], index: ['state', 'newestFirst'], limit: 10, skip: (i % 5) * 10 }, onChange),
  );
const countOf = (collection: 'cases' | 'tickets') => firstAnswer<number>((onChange) => observeCount(collection, {}, onChange));
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;

const bench = {
  /**
   * Signs the replica in and waits until both collections hold the expected counts. Answers the whole time, the
   * time until the inbox's data is in (the worker says configuration and tickets are loaded, and an inbox query
   * has answered), the inbox query's times while the rest still loads, and the long tasks of each part.
   */
  async coldSync(userId: string, expect: { cases: number; tickets: number }) {
    longTasks.length = 0;
    const started = performance.now();
    await startReplica({ userId });
    let inboxMs: number | null = null;
    let configMs: number | null = null;
    let longTasksBeforeInbox: number[] = [];
    const queriesWhileLoading: number[] = [];
    for (;;) {
      const loaded = currentSyncStatus().loaded;
      if (configMs === null && loaded?.includes('config')) configMs = performance.now() - started;
      if (inboxMs === null && loaded !== null && allLoaded(loaded, INBOX_COLLECTIONS)) {
        await inboxPage(0);
        inboxMs = performance.now() - started;
        longTasksBeforeInbox = [...longTasks];
      } else if (inboxMs !== null) {
        const start = performance.now();
        await inboxPage(queriesWhileLoading.length);
        queriesWhileLoading.push(performance.now() - start);
      }
      const [cases, tickets] = await Promise.all([countOf('cases'), countOf('tickets')]);
      if (cases >= expect.cases && tickets >= expect.tickets) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const ms = performance.now() - started;
    db = await openReplica(replicaName(userId), getRxStorageDexie());
    return {
      ms,
      inboxMs: inboxMs ?? NaN,
      configMs: configMs ?? NaN,
      longTasks: [...longTasks],
      longTasksBeforeInbox,
      whileLoading: { p95: percentile(queriesWhileLoading, 95), max: Math.max(0, ...queriesWhileLoading), runs: queriesWhileLoading.length },
    };
  },
  /**
   * Times a query `runs` times. Each run's selector differs by an always-true bound, so RxDB's query cache
   * cannot answer and the storage is read every time.
   */
  /** Times a query `runs` times: one of the inbox's first five pages, or of the cases history's, newest first. */
  async timeQuery(kind: 'inbox' | 'cases', runs: number) {
    if (!db) throw new Error('not synced');
    const times: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      const start = performance.now();
      if (kind === 'inbox') {
        await inboxPage(i);
      } else {
        await db.cases.find({ selector: { status: 'PROGRESS', newestFirst: { $gt: -1 - i } }, sort: [{ newestFirst: 'asc' }], limit: 10, skip: (i % 5) * 10 }).exec();
      }
      times.push(performance.now() - start);
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) };
  },
  /**
   * Claims each ticket as the inbox does: the ticket is shown by the page's own view of the replica (observeDoc,
   * what useDoc and useQuery are made of, pending effects included), then claimed; times until that view shows
   * it claimed, and until mutate() answers (the claim is durable in the outbox). Each view is kept until the
   * pending effect has long given way to the worker's write, counting views that ever went back to unclaimed.
   */
  async timeClaims(ticketIds: string[]) {
    if (!db) throw new Error('not synced');
    const times: number[] = [];
    const queued: number[] = [];
    const stops: Array<() => void> = [];
    let flickers = 0;
    for (const id of ticketIds) {
      let wasClaimed = false;
      let listed = () => {};
      const onPage = new Promise<void>((resolve) => (listed = resolve));
      let claimed = (_at: number) => {};
      const shown = new Promise<number>((resolve) => (claimed = resolve));
      stops.push(
        observeDoc('tickets', id, (doc) => {
          if (doc?.status === 'assigned') {
            wasClaimed = true;
            claimed(performance.now());
          } else if (wasClaimed) flickers += 1;
          else if (doc) listed();
        }),
      );
      await onPage;
      const start = performance.now();
      const result = await mutate('ticket.claim', { ticketId: id });
      const answered = performance.now();
      if (!result.ok) throw new Error(`claim refused: ${result.message}`);
      times.push((await shown) - start);
      queued.push(answered - start);
    }
    // Past the overlay's grace (src/data/overlay/pendingOverlay.ts), so its clean-up is watched too.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    for (const stop of stops) stop();
    return {
      flickers,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      max: Math.max(...times),
      queuedP50: percentile(queued, 50),
      queuedP95: percentile(queued, 95),
    };
  },
  /** The cases history's pages over the replica, per view (bench/cases.ts). */
  async timeCaseHistory(runs: number) {
    if (!db) throw new Error('not synced');
    return timeCaseHistory(db, runs);
  },
  /** Resolves with Date.now() when the ticket shows a description (written by the server). */
  watchDescription(ticketId: string, description: string) {
    return new Promise<number>((resolve) => {
      const stop = observeDoc('tickets', ticketId, (doc) => {
        if (doc?.description === description) {
          resolve(Date.now());
          queueMicrotask(() => stop());
        }
      });
    });
  },
};

Object.assign(window, { bench });
document.getElementById('state')!.textContent = 'ready';
