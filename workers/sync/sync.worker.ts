/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openReplica, replicaName, type ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { Rejection, SyncStatus } from '../../src/data/replicaApi.ts';
import type { SyncWorkerApi } from './api.ts';
import { SyncEngine } from './syncEngine.ts';
import { httpTransport } from './transport.ts';

let db: ReplicaDatabase | null = null;
let engine: SyncEngine | null = null;
let rejectionChannel: BroadcastChannel | null = null;
const statusListeners: ((status: SyncStatus) => void)[] = [];
const rejectionListeners: ((rejection: Rejection) => void)[] = [];

function publishStatus(status: SyncStatus) {
  for (const listener of statusListeners) listener(status);
}

const api: SyncWorkerApi = {
  async start(session) {
    if (engine) return;
    db = await openReplica(replicaName(session.userId), getRxStorageDexie());
    // A rejection is reported in every tab of the user, whichever tab's worker sent the mutation.
    rejectionChannel = new BroadcastChannel(`rejections:${db.name}`);
    rejectionChannel.onmessage = (event: MessageEvent<Rejection>) => rejectionListeners.forEach((l) => l(event.data));
    engine = new SyncEngine({
      db,
      transport: httpTransport({ baseUrl: session.apiBase, accessToken: session.accessToken }),
      userId: session.userId,
      leader: false,
      onStatus: publishStatus,
      onRejection: (rejection) => {
        rejectionListeners.forEach((l) => l(rejection));
        rejectionChannel?.postMessage(rejection);
      },
    });
    await engine.start();
    // One tab replicates; when it closes, another wins the election and takes over.
    void db.waitForLeadership().then(() => engine?.promote());
    // Every tab counts the shared outbox, so each shows the changes waiting to be sent.
    db.outbox.count().$.subscribe((pending) => engine && publishStatus({ ...engine.getStatus(), pending }));
    self.addEventListener('online', () => engine?.reconnect());
  },
  async stop() {
    await engine?.stop();
    rejectionChannel?.close();
    await db?.close();
    engine = null;
    db = null;
  },
  async mutate(name, args) {
    if (!engine) return { ok: false, code: 'not-started', message: 'You are not signed in' };
    return engine.mutate(name, args);
  },
  async pendingMutations() {
    return engine ? engine.pendingMutations() : [];
  },
  async openScope(scope) {
    engine?.openScope(scope);
  },
  async closeScope(scope) {
    engine?.closeScope(scope);
  },
  async reconnect() {
    engine?.reconnect();
  },
  async subscribe(onStatus, onRejection) {
    statusListeners.push(onStatus);
    rejectionListeners.push(onRejection);
    if (engine) onStatus(engine.getStatus());
  },
};

Comlink.expose(api);
