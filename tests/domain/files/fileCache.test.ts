import { describe, expect, it } from 'vitest';
import { cacheUsage, chooseEvictions, estimateEntrySize, FILE_CACHE_LIMITS, THUMBNAIL, thumbnailPlan } from '../../../src/domain/files/fileCache.ts';

const MB = 1024 * 1024;
const entries = (n: number, size: number) => Array.from({ length: n }, (_, i) => ({ key: `k${String(i).padStart(4, '0')}`, size, lastAccessed: 1000 + i }));

describe('file cache rules (part 2 §9)', () => {
  it.each([
    ['maxBytes', 52_428_800],
    ['maxEntries', 1000],
    ['evictAtLeast', 10],
    ['warnAbove', 0.8],
    ['bytesPerChar', 2],
  ] as const)('the limit %s is %s', (name, value) => {
    expect(FILE_CACHE_LIMITS[name]).toBe(value);
  });

  it.each([
    ['', null, 0],
    ['abcd', null, 8],
    ['ab', { n: 1 }, 2 * (2 + 7)],
  ])('an entry with data %j and metadata %j is estimated at %i bytes', (data, metadata, size) => {
    expect(estimateEntrySize(data, metadata)).toBe(size);
  });

  it.each([
    ['an entry that fits evicts nothing', entries(5, MB), MB, []],
    ['the 1001st entry evicts the 10 least recently used', entries(1000, 1), 1, entries(10, 1).map((e) => e.key)],
    ['going over 50 MB evicts at least 10, oldest first', entries(50, MB), MB, entries(10, MB).map((e) => e.key)],
    ['a large newcomer evicts until it fits', entries(20, 2 * MB), 40 * MB + 1, entries(20, 2 * MB).slice(0, 16).map((e) => e.key)],
    ['fewer than 10 entries: all of them go if needed', entries(3, 17 * MB), 10 * MB, entries(3, 17 * MB).map((e) => e.key)],
  ])('%s', (_label, current, incoming, expected) => {
    expect(chooseEvictions(current, incoming)).toEqual(expected);
  });

  it('evicts by last access, not by insertion order', () => {
    const current = entries(1000, 1).map((e, i) => ({ ...e, lastAccessed: i < 10 ? 9_999_999 : e.lastAccessed }));
    const evicted = chooseEvictions(current, 1);
    expect(evicted).toHaveLength(10);
    expect(evicted).not.toContain('k0000');
    expect(evicted[0]).toBe('k0010');
  });

  it.each([
    [0, '0.00', 0, false],
    [FILE_CACHE_LIMITS.maxBytes * 0.8, '40.00', 80, false],
    [FILE_CACHE_LIMITS.maxBytes * 0.8 + 2, '40.00', 80, true],
    [FILE_CACHE_LIMITS.maxBytes / 3, '16.67', 33.33, false],
    [FILE_CACHE_LIMITS.maxBytes, '50.00', 100, true],
  ])('%i bytes show as %s MB, %s%% used, warning %s', (bytes, mb, percent, warning) => {
    expect(cacheUsage([{ size: bytes }])).toEqual({ count: 1, totalBytes: bytes, totalMb: mb, percentUsed: percent, warning });
  });

  it.each([
    [1000, undefined, { kind: 'image', px: 150 }],
    [1000, 120, { kind: 'image', px: 120 }],
    [1000, 500, { kind: 'image', px: 200 }],
    [1000, 0, { kind: 'image', px: 150 }],
    [50 * 1024 * 1024, undefined, { kind: 'image', px: 150 }],
    [50 * 1024 * 1024 + 1, undefined, { kind: 'generic' }],
  ])('a %i-byte file asked at %s px gets %j', (size, px, plan) => {
    expect(thumbnailPlan(size, px)).toEqual(plan);
  });

  it('thumbnails are JPEG at quality 0.8 within 5 s', () => {
    expect([THUMBNAIL.jpegQuality, THUMBNAIL.timeoutMs]).toEqual([0.8, 5000]);
  });
});
