import type { CacheUsage } from '../../src/domain/files/fileCache.ts';
import type { UploadFileArgs } from '../../src/domain/mutations/fileMutations.ts';
import type { FileReadResult, FileThumbnailResult, MutationResult, PendingMutation, Rejection, SyncStatus } from '../../src/data/replicaApi.ts';

/**
 * The whole contract of the sync worker, as Comlink exposes it. The UI imports this type and nothing else
 * from workers/sync. Callbacks passed in must be wrapped with Comlink.proxy.
 */
export type SyncWorkerApi = {
  /** Opens the user's replica and starts syncing (this tab replicates if it wins the leader election). */
  start(session: { userId: string; apiBase: string }): Promise<void>;
  /** Stops syncing and closes the replica (the data stays for the next sign-in of the same user). */
  stop(): Promise<void>;
  mutate(name: string, args: unknown): Promise<MutationResult>;
  /** Keeps the file's bytes in IndexedDB and queues `case.uploadFile`; the worker sends the bytes first. */
  attachFile(args: UploadFileArgs, blob: Blob): Promise<MutationResult>;
  pendingMutations(): Promise<PendingMutation[]>;
  /** The File Cache Manager's figures (part 2 §2, §9). */
  fileCacheUsage(): Promise<CacheUsage>;
  clearFileCache(): Promise<void>;
  /** A case file from the cache, a pending upload or the server (kept in the cache then). */
  readFile(caseId: string, fileId: string): Promise<FileReadResult>;
  fileThumbnail(caseId: string, fileId: string, size: number): Promise<FileThumbnailResult>;
  /** Keeps a scope (`case:<id>`, a trace page) pulled while a screen shows it; resolves once its pull was tried. */
  openScope(scope: string): Promise<void>;
  closeScope(scope: string): Promise<void>;
  /** The browser is online again, or the user asked to retry now. */
  reconnect(): Promise<void>;
  /** The browser says the network is gone: the status says Offline at once. */
  networkLost(): Promise<void>;
  /**
   * Answers the page's reads of the replica over `port` (src/data/reader/protocol.ts) until stop(); call after
   * start(). Pass the port with Comlink.transfer.
   */
  serveReads(port: MessagePort): Promise<void>;
  subscribe(onStatus: (status: SyncStatus) => void, onRejection: (rejection: Rejection) => void): Promise<void>;
};
