import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a store takes: bytes already in memory, or a stream that is passed on as it arrives. */
export type FileBody = Uint8Array | Readable;

/** A stored file as a stream to pass on, never read whole into memory; size when the store knows it. */
export type StoredFile = { stream: Readable; size: number | undefined };

/**
 * Where file bytes live, by storage key; the database keeps only the metadata (case_files.storage_key).
 * The local folder is the default (this module); S3-compatible object storage is server/files/s3FileStore.ts.
 * A write is all or nothing: a body that fails midway (a client gone, a limit reached) leaves no object behind.
 */
export type FileStore = {
  write(key: string, body: FileBody): Promise<void>;
  /** The file, or null when the key holds nothing. */
  read(key: string): Promise<StoredFile | null>;
  /** Removing a key that holds nothing is not an error. */
  remove(key: string): Promise<void>;
  /** Releases what the store holds open (an S3 client's connections); the app calls it when it closes. */
  close?(): void;
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

/** Segments of safe characters joined by '/': no empty, '.' or '..' segment, nothing a shell or URL would read. */
export const isStorageKey = (key: string): boolean => key.split('/').every((s) => KEY_SEGMENT.test(s));

/** The key's segments; every store refuses a key that could name something outside its own folder or prefix. */
export function storageKeySegments(key: string): string[] {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key.split('/');
}

/** The SHA-256 of a stored file, read as a stream. */
export async function sha256OfStored(file: StoredFile): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of file.stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function localFileStore(root: string): FileStore {
  const resolve = (key: string) => path.join(root, ...storageKeySegments(key));
  return {
    async write(key, body) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file and a failed body leaves nothing.
      const partial = `${file}.${randomUUID()}.part`;
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(partial));
        else await fs.writeFile(partial, body);
        await fs.rename(partial, file);
      } catch (error) {
        await fs.rm(partial, { force: true });
        throw error;
      }
    },
    async read(key) {
      const file = resolve(key);
      // Opened before answering, so a missing file is null here rather than an error in the middle of a reply.
      const handle = await fs.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (!handle) return null;
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    async remove(key) {
      await fs.rm(resolve(key), { force: true });
    },
  };
}
