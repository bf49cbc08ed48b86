import { afterEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../src/data/replicaApi.ts';
import { connectionOf } from '../../src/data/syncStatus.ts';
import { relayConnection, type ConnectionStatus } from '../../workers/sync/statusRelay.ts';

const STARTING: SyncStatus = { online: false, syncing: false, pending: 0, lastSyncAt: null, lastError: null, problem: null, sessionEnded: false, sessionEndReason: null, loaded: null, loading: null };

/** A tab's worker as the relay sees it: whether it leads, its engine's status, and the leader's word it took. */
function tab(leading: boolean) {
  const state = { leading, status: { ...STARTING }, followed: [] as ConnectionStatus[] };
  const relay = relayConnection('connection:test', {
    isLeader: () => state.leading,
    status: () => state.status,
    follow: (connection) => {
      state.followed.push(connection);
      state.status = { ...state.status, ...connection };
    },
  });
  opened.push(relay);
  const publish = (patch: Partial<SyncStatus>) => {
    state.status = { ...state.status, ...patch };
    relay.published(state.status);
  };
  return { state, relay, publish };
}

const opened: ReturnType<typeof relayConnection>[] = [];
afterEach(() => opened.splice(0).forEach((relay) => relay.close()));
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the leader tab's word on the connection", () => {
  it('reaches a tab opened later when it asks, and every later change of the connection, once', async () => {
    const leader = tab(true);
    leader.publish({ online: true });
    await delivered();
    const follower = tab(false);
    await delivered();
    expect(connectionOf(follower.state.status, true)).toBe('online');
    leader.publish({ pending: 3 });
    leader.publish({ online: false, problem: 'offline', lastError: 'pull: Failed to fetch' });
    await delivered();
    expect(follower.state.followed).toEqual([
      { online: true, syncing: false, problem: null, lastError: null },
      { online: false, syncing: false, problem: 'offline', lastError: 'pull: Failed to fetch' },
    ]);
    expect(connectionOf(follower.state.status, true)).toBe('offline');
    expect(follower.state.status.pending).toBe(0);
  });

  it("is not a follower's to tell, and a tab that becomes the leader tells its own", async () => {
    const first = tab(false);
    const second = tab(false);
    first.publish({ online: false, problem: 'server' });
    await delivered();
    expect(second.state.followed).toEqual([]);
    expect(connectionOf(second.state.status, true)).toBe('connecting');
    first.state.leading = true;
    first.publish({ online: true, problem: null });
    await delivered();
    expect(connectionOf(second.state.status, true)).toBe('online');
    second.relay.ask();
    await delivered();
    expect(second.state.followed).toHaveLength(2);
  });
});

describe('the connection the header tells', () => {
  it('is connecting until an answer or a failure, and offline whenever the browser says so', () => {
    expect(connectionOf(STARTING, true)).toBe('connecting');
    expect(connectionOf(STARTING, false)).toBe('offline');
    expect(connectionOf({ ...STARTING, online: true }, true)).toBe('online');
    expect(connectionOf({ ...STARTING, online: true }, false)).toBe('offline');
    expect(connectionOf({ ...STARTING, problem: 'server', lastError: 'pull: 503' }, true)).toBe('offline');
    expect(connectionOf({ ...STARTING, sessionEnded: true, problem: 'session-ended' }, true)).toBe('offline');
  });
});
