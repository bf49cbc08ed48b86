import { estimateEntrySize, FILE_CACHE_LIMITS, thumbnailPlan } from '../../src/domain/files/fileCache.ts';
import { caseFileUrl, FILE_MESSAGES } from '../../src/domain/files/fileRules.ts';
import type { CaseFileContent, FileReadResult, FileThumbnailResult } from '../../src/data/replicaApi.ts';
import { blobToDataUrl, fileCache, makeThumbnail } from './fileCache.ts';
import type { FileCacheEntry, FileDatabase } from './fileDb.ts';
import { serverAuthHeaders } from '../sync/serverAuth.ts';

export type FileReaderOptions = {
  db: FileDatabase;
  baseUrl: string;
  /** A Bearer token (Node tests); without it the browser's session cookie is used. */
  accessToken?: string;
  fetch?: typeof fetch;
};

const failure = (status: number, message: string): FileReadResult => ({ ok: false, status, message });

/**
 * Reads a case file for the screens and the frame bridge (part 2 §7, §9): from the file cache first, then from
 * a file still waiting to be sent, then from `GET /cases/{caseId}/files/{fileId}`, whose bytes become a data
 * URL kept in the cache with its thumbnail. Errors carry the spec's texts: 404 'File not found', 403 'Access
 * denied', anything else (offline included) 'Failed to fetch file', and missing ids 'Missing caseId or fileId'.
 */
export function fileReader(options: FileReaderOptions) {
  const cache = fileCache(options.db);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  const fromEntry = (entry: Pick<FileCacheEntry, 'caseId' | 'fileId' | 'data' | 'metadata'>, size: number): CaseFileContent => ({
    caseId: entry.caseId,
    fileId: entry.fileId,
    name: entry.metadata.name,
    type: entry.metadata.type,
    size,
    dataUrl: entry.data,
    thumbnail: entry.metadata.thumbnail ?? null,
  });

  async function keep(caseId: string, fileId: string, blob: Blob, name: string): Promise<CaseFileContent> {
    const data = await blobToDataUrl(blob);
    const metadata = { name, type: blob.type || 'application/octet-stream', thumbnail: await makeThumbnail(blob) };
    // An entry larger than the whole cache would only evict everything and still not fit: it is not kept.
    if (estimateEntrySize(data, metadata) <= FILE_CACHE_LIMITS.maxBytes) await cache.put(caseId, fileId, data, metadata);
    return fromEntry({ caseId, fileId, data, metadata }, blob.size);
  }

  async function read(caseId: string, fileId: string): Promise<FileReadResult> {
    if (!caseId || !fileId) return failure(400, FILE_MESSAGES.missingIds);
    const cached = await cache.get(caseId, fileId);
    if (cached) return { ok: true, file: fromEntry(cached, sizeOfDataUrl(cached.data)) };
    const pending = await options.db.uploads.get(fileId);
    if (pending && pending.caseId === caseId) return { ok: true, file: await keep(caseId, fileId, pending.blob, pending.name) };
    let response: Response;
    try {
      response = await doFetch(`${options.baseUrl}${caseFileUrl(caseId, fileId)}`, { headers: serverAuthHeaders(options.accessToken) });
    } catch {
      return failure(0, FILE_MESSAGES.fetchFailed);
    }
    if (response.status === 404) return failure(404, FILE_MESSAGES.notFound);
    if (response.status === 403) return failure(403, FILE_MESSAGES.accessDenied);
    if (!response.ok) return failure(response.status, FILE_MESSAGES.fetchFailed);
    const blob = await response.blob();
    return { ok: true, file: await keep(caseId, fileId, blob, fileNameOf(response) ?? fileId) };
  }

  return {
    read,
    /** Keeps bytes just sent (or otherwise at hand) in the cache with their thumbnail. */
    keep: (caseId: string, fileId: string, blob: Blob, name: string): Promise<void> => keep(caseId, fileId, blob, name).then(() => undefined),
    /** The thumbnail alone (the list does not need the bytes); files above 50 MB get the generic icon unread. */
    async thumbnail(caseId: string, fileId: string, size: number): Promise<FileThumbnailResult> {
      if (thumbnailPlan(size).kind === 'generic') return { ok: true, kind: 'generic' };
      const result = await read(caseId, fileId);
      if (!result.ok) return { ok: false, message: result.message };
      return result.file.thumbnail === null ? { ok: true, kind: 'none' } : { ok: true, kind: 'image', thumbnail: result.file.thumbnail };
    },
  };
}

/** The byte size a base64 data URL stands for. */
function sizeOfDataUrl(dataUrl: string): number {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, (base64.length * 3) / 4 - padding);
}

/** The name from `content-disposition: inline; filename*=UTF-8''…`, as the server sends it. */
function fileNameOf(response: Response): string | null {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
