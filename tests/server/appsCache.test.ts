import { describe, expect, it } from 'vitest';
import { createAppsCache } from '../../server/services/appsCache.ts';

const key = (workspaceId: string, userId: string, query = 'workspace') => ({ workspaceId, userId, query });

describe('the optimized apps cache', () => {
  it('serves an entry only at the revision it was computed at, and drops it after', () => {
    const cache = createAppsCache();
    cache.set(key('ws-a', 'u1'), 7, { apps: ['one'] });
    expect(cache.get(key('ws-a', 'u1'), 7)).toEqual({ apps: ['one'] });
    expect(cache.get(key('ws-a', 'u1'), 8)).toBeUndefined();
    expect(cache.get(key('ws-a', 'u1'), 7)).toBeUndefined();
    expect(cache.stats('ws-a')).toEqual({ entries: 0, hits: 1, misses: 2 });
  });

  it('keeps at most its size, evicting the least recently used entry', () => {
    const cache = createAppsCache(2);
    cache.set(key('ws-a', 'u1'), 1, 'first');
    cache.set(key('ws-a', 'u2'), 1, 'second');
    expect(cache.get(key('ws-a', 'u1'), 1)).toBe('first');
    cache.set(key('ws-a', 'u3'), 1, 'third');
    expect(cache.get(key('ws-a', 'u2'), 1)).toBeUndefined();
    expect(cache.get(key('ws-a', 'u1'), 1)).toBe('first');
    expect(cache.get(key('ws-a', 'u3'), 1)).toBe('third');
  });

  it("clears one workspace's entries, or one user's (as caller or as the user listed), and no other", () => {
    const cache = createAppsCache();
    cache.set(key('ws-a', 'admin', 'user:u1'), 1, 'admin asks for u1', 'u1');
    cache.set(key('ws-a', 'u1'), 1, 'u1 asks for the workspace');
    cache.set(key('ws-a', 'u2'), 1, 'u2 asks for the workspace');
    cache.set(key('ws-b', 'u1'), 1, 'same id, other workspace');
    expect(cache.clearUser('ws-a', 'u1')).toBe(2);
    expect(cache.stats('ws-a').entries).toBe(1);
    expect(cache.clearWorkspace('ws-a')).toBe(1);
    expect(cache.stats('ws-b').entries).toBe(1);
  });
});
