import { indexedDB, IDBKeyRange } from 'fake-indexeddb';
import { removeRxDatabase } from 'rxdb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { openReplica, type ReplicaDatabase } from '../../../src/data/openReplica.ts';
import type { Rejection, SyncStatus } from '../../../src/data/replicaApi.ts';
import type { SyncedCollection } from '../../../src/domain/sync/collections.ts';
import type { PullResponse, ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { SyncEngine } from '../../../workers/sync/syncEngine.ts';
import { httpTransport, TransportError, type SyncTransport } from '../../../workers/sync/transport.ts';
import type { TestApp } from '../../server/helpers/testApp.ts';

// The free Dexie storage prints a notice per database; it says nothing about the tests.
for (const level of ['log', 'warn', 'info'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('RxDB Open Core')) return;
    original(...args);
  };
}

const dexieStorage = getRxStorageDexie({ indexedDB, IDBKeyRange });
// The memory storage keeps a database's state after close (until removed), so reopening it is a faithful
// worker restart for protocol tests, at a fraction of fake-indexeddb's cost.
const memoryStorage = getRxStorageMemory();
export type StorageKind = 'dexie' | 'memory';
let databaseCounter = 0;

export async function listen(t: TestApp): Promise<string> {
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** A transport whose network can be switched off: every call then fails as a browser's fetch would. */
export function switchableTransport(inner: SyncTransport) {
  let online = true;
  const streams = new Set<AbortController>();
  const guard = () => {
    if (!online) throw new TransportError('network', 'Failed to fetch');
  };
  const transport: SyncTransport = {
    async pull(...args) {
      guard();
      return inner.pull(...args);
    },
    async docs(...args) {
      guard();
      return inner.docs(...args);
    },
    async push(batch) {
      guard();
      return inner.push(batch);
    },
    async stream(onMessage, onOpen, signal) {
      guard();
      const local = new AbortController();
      streams.add(local);
      signal.addEventListener('abort', () => local.abort());
      try {
        await inner.stream(onMessage, onOpen, local.signal);
      } finally {
        streams.delete(local);
      }
      guard();
    },
  };
  return {
    transport,
    setOnline(value: boolean) {
      online = value;
      if (!value) for (const s of streams) s.abort();
    },
  };
}

export type TestClient = {
  engine: SyncEngine;
  db: ReplicaDatabase;
  name: string;
  rejections: Rejection[];
  statuses: SyncStatus[];
  close(): Promise<void>;
  /** Closes and deletes the database. */
  destroy(): Promise<void>;
};

export async function openClient(options: {
  baseUrl?: string;
  token: string;
  userId: string;
  transport?: SyncTransport;
  dbName?: string;
  random?: () => number;
  newId?: () => string;
  storage?: StorageKind;
  trace?: (event: string, detail: unknown) => void;
  pullLimit?: number;
}): Promise<TestClient> {
  const name = options.dbName ?? `client_${process.pid}_${(databaseCounter += 1)}`;
  const storageKind = options.storage ?? 'dexie';
  const db = await openReplica(name, storageKind === 'memory' ? memoryStorage : dexieStorage);
  const rejections: Rejection[] = [];
  const statuses: SyncStatus[] = [];
  const transport = options.transport ?? httpTransport({ baseUrl: options.baseUrl!, accessToken: options.token });
  const engine = new SyncEngine({
    db,
    transport,
    userId: options.userId,
    leader: true,
    retryBaseMs: 20,
    retryMaxMs: 200,
    ...(options.random ? { random: options.random } : {}),
    ...(options.newId ? { newId: options.newId } : {}),
    ...(options.trace ? { trace: options.trace } : {}),
    ...(options.pullLimit ? { pullLimit: options.pullLimit } : {}),
    onRejection: (r) => rejections.push(r),
    onStatus: (s) => statuses.push(s),
  });
  await engine.start();
  return {
    engine,
    db,
    name,
    rejections,
    statuses,
    async close() {
      await engine.stop();
      await db.close();
    },
    async destroy() {
      await engine.stop();
      await db.close();
      if (storageKind === 'memory') {
        await removeRxDatabase(name, memoryStorage);
        return;
      }
      // Deleting the IndexedDB databases directly is much faster on fake-indexeddb than removeRxDatabase.
      const all = await indexedDB.databases();
      await Promise.all(
        all.filter((d) => d.name?.startsWith(`rxdb-dexie-${name}--`)).map(
          (d) => new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(d.name!);
            request.onsuccess = () => resolve();
            request.onerror = () => resolve();
          }),
        ),
      );
    },
  };
}

export async function waitFor<T>(probe: () => Promise<T | undefined | false | null> | T | undefined | false | null, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
}

export async function replicaDoc(client: TestClient, collection: SyncedCollection, id: string): Promise<ReplicaDoc | null> {
  const doc = await client.db[collection].findOne(id).exec();
  return doc ? (doc.toJSON() as ReplicaDoc) : null;
}

/** Everything the server shows this user in a collection, pulled fresh (the projection the replica must equal). */
export async function serverProjection(t: TestApp, headers: { authorization: string }, collection: SyncedCollection): Promise<Map<string, ReplicaDoc>> {
  const docs = new Map<string, ReplicaDoc>();
  let checkpoint: PullResponse['checkpoint'] | undefined;
  for (;;) {
    const query = new URLSearchParams({ collection, limit: '1000', ...(checkpoint ? { checkpoint: JSON.stringify(checkpoint) } : {}) });
    const page = (await t.app.inject({ method: 'GET', url: `/sync/pull?${query}`, headers })).json<PullResponse>();
    for (const doc of page.documents) {
      if (doc.deleted) docs.delete(doc.id);
      else docs.set(doc.id, doc);
    }
    checkpoint = page.checkpoint;
    if (page.documents.length < 1000) return docs;
  }
}
