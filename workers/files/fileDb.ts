import { Dexie, type EntityTable } from 'dexie';

/** A file waiting to be sent: kept until the server has its bytes (the outbox holds the mutation). */
export type PendingUpload = { fileId: string; caseId: string; name: string; type: string; size: number; makePublic: boolean; blob: Blob; createdAt: number };

/** Part 2 §3 file cache entry: key is the case id plus the file id; data is a data URL. */
export type FileCacheEntry = {
  key: string;
  caseId: string;
  fileId: string;
  data: string;
  metadata: { name: string; type: string; thumbnail?: string | null };
  size: number;
  createdAt: number;
  lastAccessed: number;
};

export type FileDatabase = Dexie & {
  uploads: EntityTable<PendingUpload, 'fileId'>;
  cache: EntityTable<FileCacheEntry, 'key'>;
};

/**
 * Upload blobs and the file cache: plain Dexie tables beside the RxDB replica (blobs are not replicated
 * documents). One database per user, like the replica, so a shared device never shows one user's files to another.
 */
export function openFileDb(userId: string, indexedDB?: IDBFactory): FileDatabase {
  const db = new Dexie(`console-files-${userId}`, indexedDB ? { indexedDB, IDBKeyRange: globalThis.IDBKeyRange } : undefined) as FileDatabase;
  db.version(1).stores({ uploads: 'fileId, caseId, createdAt', cache: 'key, caseId, lastAccessed' });
  return db;
}
