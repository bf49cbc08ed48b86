import { cacheUsage, chooseEvictions, estimateEntrySize, fileCacheKey, THUMBNAIL, thumbnailPlan, type CacheUsage } from '../../src/domain/files/fileCache.ts';
import type { FileCacheEntry, FileDatabase } from './fileDb.ts';

/**
 * The file cache of part 2 §9 on a Dexie table: entries are data URLs keyed by case and file id, evicted least
 * recently used first (the rule lives in src/domain/files/fileCache.ts), touched on every read.
 */
export function fileCache(db: FileDatabase, now: () => number = Date.now) {
  return {
    async get(caseId: string, fileId: string): Promise<FileCacheEntry | undefined> {
      const key = fileCacheKey(caseId, fileId);
      const entry = await db.cache.get(key);
      if (entry) await db.cache.update(key, { lastAccessed: now() });
      return entry;
    },
    async put(caseId: string, fileId: string, data: string, metadata: FileCacheEntry['metadata']): Promise<void> {
      const key = fileCacheKey(caseId, fileId);
      const size = estimateEntrySize(data, metadata);
      await db.transaction('rw', db.cache, async () => {
        const facts = (await db.cache.toArray()).filter((e) => e.key !== key).map(({ key: k, size: s, lastAccessed }) => ({ key: k, size: s, lastAccessed }));
        await db.cache.bulkDelete(chooseEvictions(facts, size));
        const at = now();
        await db.cache.put({ key, caseId, fileId, data, metadata, size, createdAt: at, lastAccessed: at });
      });
    },
    async usage(): Promise<CacheUsage> {
      const sizes: { size: number }[] = [];
      await db.cache.each((e) => void sizes.push({ size: e.size }));
      return cacheUsage(sizes);
    },
    async clear(): Promise<void> {
      await db.cache.clear();
    },
  };
}

/** A JPEG thumbnail as a data URL (150 px by default, 200 at most), or null for the generic icon or on failure. */
export async function makeThumbnail(blob: Blob, requestedPx?: number): Promise<string | null> {
  const plan = thumbnailPlan(blob.size, requestedPx);
  if (plan.kind === 'generic' || !blob.type.startsWith('image/')) return null;
  const work = (async () => {
    const bitmap = await createImageBitmap(blob);
    const scale = Math.min(1, plan.px / Math.max(bitmap.width, bitmap.height));
    const canvas = new OffscreenCanvas(Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return blobToDataUrl(await canvas.convertToBlob({ type: 'image/jpeg', quality: THUMBNAIL.jpegQuality }));
  })();
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), THUMBNAIL.timeoutMs));
  return Promise.race([work.catch(() => null), timeout]);
}

export async function blobToDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}
