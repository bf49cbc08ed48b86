import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where file bytes live, by storage key; the database keeps only the metadata (case_files.storage_key).
 * The local folder is the default; an S3-compatible store can implement the same three calls.
 */
export type FileStore = {
  write(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when the key holds nothing. */
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
};

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A fresh key per stored upload: a repeated upload never overwrites (or later removes) the bytes of another. */
export function newStorageKey(workspaceId: string, caseId: string): string {
  return [workspaceId, caseId, randomUUID()].map(safeSegment).join('/');
}

/** Ids come from callers: anything that could climb out of the store's folder becomes a harmless segment. */
function safeSegment(value: string): string {
  const cleaned = value.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '');
  return (cleaned || 'x').slice(0, 128);
}

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => {
    const segments = key.split('/');
    if (segments.length === 0 || !segments.every((s) => KEY_SEGMENT.test(s))) throw new Error(`Invalid storage key: ${key}`);
    return path.join(root, ...segments);
  };
  return {
    async write(key, bytes) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomUUID()}.part`;
      await fs.writeFile(partial, bytes);
      await fs.rename(partial, file);
    },
    async read(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
