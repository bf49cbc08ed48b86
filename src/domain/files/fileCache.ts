import { formatMegabytes } from './fileRules.ts';

/** Part 2 §9 file cache limits. */
export const FILE_CACHE_LIMITS = {
  maxBytes: 52_428_800,
  maxEntries: 1000,
  /** Each eviction removes at least this many least-recently-used entries (fewer only if fewer exist). */
  evictAtLeast: 10,
  /** The warning shows above this share of the byte limit. */
  warnAbove: 0.8,
  bytesPerChar: 2,
} as const;

/** Part 2 §9 thumbnails. */
export const THUMBNAIL = {
  defaultPx: 150,
  maxPx: 200,
  jpegQuality: 0.8,
  timeoutMs: 5000,
  /** Files above this size get a generic icon instead of a thumbnail. */
  genericAboveBytes: 50 * 1024 * 1024,
} as const;

export type CacheEntryFacts = { key: string; size: number; lastAccessed: number };

/** Part 2 §9: a cached entry's size is estimated at 2 bytes per character of its data and metadata. */
export function estimateEntrySize(data: string, metadata: unknown = null): number {
  const meta = metadata === null || metadata === undefined ? '' : JSON.stringify(metadata);
  return (data.length + meta.length) * FILE_CACHE_LIMITS.bytesPerChar;
}

/**
 * The keys to evict before adding an entry of `incomingSize`: none while it fits; otherwise the least recently
 * used first, at least `evictAtLeast` of them, and more until both the byte and the entry limits hold.
 */
export function chooseEvictions(entries: readonly CacheEntryFacts[], incomingSize: number, limits = FILE_CACHE_LIMITS): string[] {
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  const fits = (bytes: number, count: number) => bytes + incomingSize <= limits.maxBytes && count + 1 <= limits.maxEntries;
  if (fits(total, entries.length)) return [];
  const oldestFirst = [...entries].sort((a, b) => a.lastAccessed - b.lastAccessed || (a.key < b.key ? -1 : 1));
  const evicted: string[] = [];
  let bytes = total;
  for (const entry of oldestFirst) {
    if (evicted.length >= limits.evictAtLeast && fits(bytes, entries.length - evicted.length)) break;
    evicted.push(entry.key);
    bytes -= entry.size;
  }
  return evicted;
}

export type CacheUsage = { count: number; totalBytes: number; totalMb: string; percentUsed: number; warning: boolean };

/** What the File Cache Manager shows: count, total size in MB with two decimals, % used, and the warning. */
export function cacheUsage(entries: readonly { size: number }[], limits = FILE_CACHE_LIMITS): CacheUsage {
  const totalBytes = entries.reduce((sum, e) => sum + e.size, 0);
  const ratio = totalBytes / limits.maxBytes;
  return {
    count: entries.length,
    totalBytes,
    totalMb: formatMegabytes(totalBytes),
    percentUsed: Math.round(ratio * 10_000) / 100,
    warning: ratio > limits.warnAbove,
  };
}

export type ThumbnailPlan = { kind: 'generic' } | { kind: 'image'; px: number };

/** A thumbnail of the requested size (150 px by default, at most 200), or the generic icon for files above 50 MB. */
export function thumbnailPlan(fileSize: number, requestedPx?: number): ThumbnailPlan {
  if (fileSize > THUMBNAIL.genericAboveBytes) return { kind: 'generic' };
  const px = requestedPx === undefined || !Number.isFinite(requestedPx) || requestedPx <= 0 ? THUMBNAIL.defaultPx : Math.min(Math.round(requestedPx), THUMBNAIL.maxPx);
  return { kind: 'image', px };
}

/** The cache key of part 2 §3: the case id plus the file id. */
export const fileCacheKey = (caseId: string, fileId: string): string => `${caseId}:${fileId}`;
