/// <reference lib="webworker" />
import * as Comlink from 'comlink';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openReplica, replicaName, type ReplicaDatabase } from '../../src/data/openReplica.ts';
import type { Rejection, SyncStatus } from '../../src/data/replicaApi.ts';
import { cacheUsage } from '../../src/domain/files/fileCache.ts';
import { uploadFileArgs } from '../../src/domain/mutations/fileMutations.ts';
import { fileCache } from '../files/fileCache.ts';
import { openFileDb, type FileDatabase } from '../files/fileDb.ts';
import { fileReader } from '../files/fileReader.ts';
import { uploadSender } from '../files/uploadSender.ts';
import type { SyncWorkerApi } from './api.ts';
import { serveReads } from './readerHost.ts';
import { relayConnection } from './statusRelay.ts';
import { SyncEngine } from './syncEngine.ts';
import { httpTransport } from './transport.ts';

let db: ReplicaDatabase | null = null;
let engine: SyncEngine | null = null;
let files: FileDatabase | null = null;
let reader: ReturnType<typeof fileReader> | null = null;
let rejectionChannel: BroadcastChannel | null = null;
let relay: ReturnType<typeof relayConnection> | null = null;
let leading = false;
const readServers: Array<() => void> = [];
const statusListeners: ((status: SyncStatus) => void)[] = [];
const rejectionListeners: ((rejection: Rejection) => void)[] = [];

function publishStatus(status: SyncStatus) {
  relay?.published(status);
  for (const listener of statusListeners) listener(status);
}

const api: SyncWorkerApi = {
  async start(session) {
    if (engine) return;
    db = await openReplica(replicaName(session.userId), getRxStorageDexie());
    files = openFileDb(session.userId);
    // The session is the HttpOnly cookie the browser sends with every same-origin request: no token here.
    const userFiles = fileReader({ db: files, baseUrl: session.apiBase });
    reader = userFiles;
    // A rejection is reported in every tab of the user, whichever tab's worker sent the mutation.
    rejectionChannel = new BroadcastChannel(`rejections:${db.name}`);
    rejectionChannel.onmessage = (event: MessageEvent<Rejection>) => rejectionListeners.forEach((l) => l(event.data));
    engine = new SyncEngine({
      db,
      transport: httpTransport({ baseUrl: session.apiBase }),
      userId: session.userId,
      leader: false,
      onStatus: publishStatus,
      preflight: uploadSender({
        db: files,
        baseUrl: session.apiBase,
        onSent: (upload) => userFiles.keep(upload.caseId, upload.fileId, upload.blob, upload.name),
      }),
      onRejection: (rejection) => {
        rejectionListeners.forEach((l) => l(rejection));
        rejectionChannel?.postMessage(rejection);
      },
    });
    const followed = engine;
    relay = relayConnection(`connection:${db.name}`, {
      isLeader: () => leading,
      status: () => followed.getStatus(),
      follow: (connection) => followed.followLeader(connection),
    });
    await engine.start();
    // One tab replicates; when it closes, another wins the election and takes over.
    void db.waitForLeadership().then(() => {
      leading = true;
      engine?.promote();
      if (engine) relay?.published(engine.getStatus());
    });
    // Every tab counts the shared outbox, so each shows the changes waiting to be sent.
    // The leader sends what any tab queued: another tab's worker writes the shared outbox but does not push.
    db.outbox.count().$.subscribe((pending) => {
      if (!engine) return;
      publishStatus({ ...engine.getStatus(), pending });
      if (pending > 0) void engine.flush();
    });
    // The page tells the worker too (a worker's own events are not always fired); either way, once is enough.
    self.addEventListener('online', () => engine?.reconnect());
    self.addEventListener('offline', () => engine?.networkLost());
  },
  async stop() {
    for (const stopServing of readServers.splice(0)) stopServing();
    await engine?.stop();
    rejectionChannel?.close();
    relay?.close();
    relay = null;
    leading = false;
    await db?.close();
    files?.close();
    engine = null;
    db = null;
    files = null;
    reader = null;
  },
  async mutate(name, args) {
    if (!engine) return { ok: false, code: 'not-started', message: 'You are not signed in' };
    return engine.mutate(name, args);
  },
  async attachFile(args, blob) {
    if (!engine || !files) return { ok: false, code: 'not-started', message: 'You are not signed in' };
    const parsed = uploadFileArgs.safeParse(args);
    if (!parsed.success) return { ok: false, code: 'invalid-args', message: parsed.error.issues[0]?.message ?? 'Invalid input' };
    const { fileId, caseId, name, type, size, makePublic } = parsed.data;
    // The bytes are durable before the mutation is queued: the outbox never names a file it cannot send.
    await files.uploads.put({ fileId, caseId, name, type, size, makePublic, blob, createdAt: Date.now() });
    const result = await engine.mutate('case.uploadFile', parsed.data);
    if (!result.ok) await files.uploads.delete(fileId);
    return result;
  },
  async fileCacheUsage() {
    if (!files) return cacheUsage([]);
    return fileCache(files).usage();
  },
  async clearFileCache() {
    if (files) await fileCache(files).clear();
  },
  async readFile(caseId, fileId) {
    if (!reader) return { ok: false, status: 401, message: 'You are not signed in' };
    return reader.read(caseId, fileId);
  },
  async fileThumbnail(caseId, fileId, size) {
    if (!reader) return { ok: false, message: 'You are not signed in' };
    return reader.thumbnail(caseId, fileId, size);
  },
  async pendingMutations() {
    return engine ? engine.pendingMutations() : [];
  },
  async openScope(scope) {
    await engine?.openScope(scope);
  },
  async closeScope(scope) {
    engine?.closeScope(scope);
  },
  async reconnect() {
    engine?.reconnect();
    if (!leading) relay?.ask();
  },
  async networkLost() {
    engine?.networkLost();
  },
  async serveReads(port) {
    if (!db) throw new Error('The replica is not open');
    readServers.push(serveReads(db, port));
  },
  async subscribe(onStatus, onRejection) {
    statusListeners.push(onStatus);
    rejectionListeners.push(onRejection);
    if (engine) onStatus(engine.getStatus());
  },
};

Comlink.expose(api);
