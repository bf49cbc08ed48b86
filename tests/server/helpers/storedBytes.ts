import { buffer } from 'node:stream/consumers';
import type { FileStore } from '../../../server/files/fileStore.ts';

/** The whole stored file, or null (tests only: the server passes stored files on as streams). */
export async function readStoredBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const stored = await store.read(key);
  return stored ? buffer(stored.stream) : null;
}
