import type { CacheUsage } from '../domain/files/fileCache.ts';
import type { UploadFileArgs } from '../domain/mutations/fileMutations.ts';
import { readyWorkerApi } from './replica.ts';
import type { FileReadResult, FileThumbnailResult, MutationResult } from './replicaApi.ts';

/** Attaches a file to a case: the bytes wait in IndexedDB and the worker sends them before `case.uploadFile`. */
export async function attachFile(args: UploadFileArgs, blob: Blob): Promise<MutationResult> {
  const api = await readyWorkerApi();
  return api ? api.attachFile(args, blob) : { ok: false, code: 'not-started', message: 'You are not signed in' };
}

/** The File Cache Manager's figures (the cache lives in the worker's IndexedDB). */
export async function fileCacheUsage(): Promise<CacheUsage | null> {
  const api = await readyWorkerApi();
  return api ? api.fileCacheUsage() : null;
}

/** A case file's bytes as a data URL (cache, pending upload, or server), with the spec's error texts. */
export async function readCaseFile(caseId: string, fileId: string): Promise<FileReadResult> {
  const api = await readyWorkerApi();
  return api ? api.readFile(caseId, fileId) : { ok: false, status: 401, message: 'You are not signed in' };
}

/** A case file's thumbnail (an image file's, scaled to `size`), from the same places as the file. */
export async function caseFileThumbnail(caseId: string, fileId: string, size: number): Promise<FileThumbnailResult> {
  const api = await readyWorkerApi();
  return api ? api.fileThumbnail(caseId, fileId, size) : { ok: false, message: 'You are not signed in' };
}

/** The File Cache Manager's Clear Cache. */
export async function clearFileCache(): Promise<void> {
  await (await readyWorkerApi())?.clearFileCache();
}
