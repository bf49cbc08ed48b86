import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveReplica, type PreviewSettle } from '../../src/data/liveReplica.ts';
import { openReplica, type ReplicaDatabase } from '../../src/data/openReplica.ts';
import { OVERLAY_GRACE_MS } from '../../src/data/overlay/pendingOverlay.ts';
import { ReaderClient } from '../../src/data/reader/readerClient.ts';
import type { MutationActor } from '../../src/domain/mutations/types.ts';
import type { ReplicaDoc } from '../../src/domain/sync/protocol.ts';
import { applyOptimistically } from '../../workers/sync/optimistic.ts';
import { serveReads } from '../../workers/sync/readerHost.ts';
import { manualTimers, ticket } from './overlay/overlayFixtures.ts';

/**
 * The page's views over a real replica (RxDB's memory storage) read through the worker's reader over a real
 * MessageChannel, with the sync worker's own first step (applyOptimistically: queue in the outbox, then write the
 * effect) playing the worker.
 */
const storage = getRxStorageMemory();
const NOW = 1_800_000_000_000;
const me: MutationActor = { userId: 'user-me', memberId: 'member-me', role: 'NORMAL', name: 'Me' };
let counter = 0;

type Seen<T> = { values: T[]; last(): T | undefined };
const seen = <T>(): Seen<T> & { push(value: T): void } => {
  const values: T[] = [];
  return { values, push: (value) => void values.push(value), last: () => values[values.length - 1] };
};

describe('the page shows a mutation before the worker has written it', () => {
  let db: ReplicaDatabase;
  let live: LiveReplica;
  let stopServing: () => void;
  let timers: ReturnType<typeof manualTimers>;
  const stops: Array<() => void> = [];

  /** The worker's answer to a mutation, after it has queued it and written its effect. */
  async function worker(name: string, args: unknown, at: number, settle: PreviewSettle | null) {
    counter += 1;
    const queued = await applyOptimistically(db, { name, args, actor: me, at, id: `mutation-${String(counter).padStart(6, '0')}` });
    settle?.(queued.result);
    return queued.result;
  }

  beforeEach(async () => {
    counter += 1;
    db = await openReplica(`overlay_${process.pid}_${counter}`, storage);
    await db.config.bulkInsert([
      { id: 'user-me', kind: 'user', rev: 1, deleted: false, role: 'NORMAL', name: 'Me' },
      { id: 'member-me', kind: 'member', rev: 1, deleted: false, userId: 'user-me', name: 'Me' },
    ]);
    await db.tickets.bulkInsert([ticket(1), ticket(2), ticket(3), ticket(4, { state: 'resolved' }), ticket(5)]);
    timers = manualTimers();
    const channel = new MessageChannel();
    stopServing = serveReads(db, channel.port2 as never);
    live = new LiveReplica(new ReaderClient(channel.port1 as never), 'user-me', { timers, now: () => NOW });
    await vi.waitFor(() => expect(live.canPreview()).toBe(true));
  });
  afterEach(async () => {
    for (const stop of stops.splice(0)) stop();
    live.close();
    live.reader.close();
    stopServing();
    await db.remove();
  });

  /** Every overlaid effect has met the worker's write on the page, so its clean-up is scheduled. */
  const writesArrived = () =>
    vi.waitFor(() => expect(live.overlay.entriesOf('tickets').every((entry) => entry.waiting.size === 0 && entry.reachedSeq !== null)).toBe(true));

  function watch() {
    const doc = seen<ReplicaDoc | null>();
    const unassigned = seen<string[]>();
    const assigned = seen<number>();
    stops.push(live.observeDoc<ReplicaDoc>('tickets', 'ticket-001', (d) => doc.push(d)));
    stops.push(live.observeQuery<ReplicaDoc>('tickets', { selector: { state: 'open', status: 'unassigned' } }, (docs) => unassigned.push(docs.map((d) => d.id))));
    stops.push(live.observeCount('tickets', { status: 'assigned' }, (count) => assigned.push(count)));
    return { doc, unassigned, assigned };
  }

  async function shown(views: ReturnType<typeof watch>) {
    await vi.waitFor(() => {
      expect(views.doc.last()?.status).toBe('unassigned');
      expect(views.unassigned.last()).toContain('ticket-001');
      expect(views.assigned.last()).toBe(0);
    });
  }

  it('a claim shows in every view before mutate() could answer, then gives way to the worker’s write without going back', async () => {
    const views = watch();
    await shown(views);
    const settle = live.preview('ticket.claim', { ticketId: 'ticket-001' });
    // Synchronously: no await between the call and these checks.
    expect(views.doc.last()).toMatchObject({ status: 'assigned', assigneeUserId: 'user-me', claimedAt: NOW });
    expect(views.unassigned.last()).toEqual(['ticket-005', 'ticket-003', 'ticket-002']);
    expect(views.assigned.last()).toBe(1);

    expect(await worker('ticket.claim', { ticketId: 'ticket-001' }, NOW + 7, settle)).toEqual({ ok: true });
    await vi.waitFor(() => expect(views.doc.last()?.claimedAt).toBe(NOW + 7));
    await writesArrived();
    timers.advance(OVERLAY_GRACE_MS);
    expect(live.overlay.entriesOf('tickets')).toEqual([]);

    const afterClaim = views.doc.values.slice(views.doc.values.findIndex((d) => d?.status === 'assigned'));
    expect(afterClaim.every((d) => d?.status === 'assigned')).toBe(true);
    const lists = views.unassigned.values.slice(views.unassigned.values.findIndex((ids) => !ids.includes('ticket-001')));
    expect(lists.some((ids) => ids.includes('ticket-001'))).toBe(false);
    expect(views.assigned.values.slice(views.assigned.values.indexOf(1))).toEqual([1]);
    expect(views.assigned.last()).toBe(1);
  });

  it('a claim the worker refuses disappears at once', async () => {
    const views = watch();
    await shown(views);
    const settle = live.preview('ticket.claim', { ticketId: 'ticket-001' });
    expect(views.doc.last()?.status).toBe('assigned');
    settle?.({ ok: false, code: 'storage-full', message: 'This device has no room left to store data.' });
    expect(views.doc.last()?.status).toBe('unassigned');
    expect(views.unassigned.last()).toContain('ticket-001');
    expect(views.assigned.last()).toBe(0);
    expect(live.overlay.entriesOf('tickets')).toEqual([]);
  });

  it('a claim the replica already refuses (a closed ticket) is not shown at all', async () => {
    const doc = seen<ReplicaDoc | null>();
    stops.push(live.observeDoc<ReplicaDoc>('tickets', 'ticket-004', (d) => doc.push(d)));
    await vi.waitFor(() => expect(doc.last()?.state).toBe('resolved'));
    live.preview('ticket.claim', { ticketId: 'ticket-004' });
    expect(live.overlay.entriesOf('tickets')).toEqual([]);
    expect(doc.values).toHaveLength(1);
  });

  it('a release made before the worker answered the claim is shown on top of it, and both land', async () => {
    const views = watch();
    await shown(views);
    const claim = live.preview('ticket.claim', { ticketId: 'ticket-001' });
    const release = live.preview('ticket.release', { ticketId: 'ticket-001' });
    expect(views.doc.last()?.status).toBe('unassigned');
    expect(views.assigned.last()).toBe(0);
    await worker('ticket.claim', { ticketId: 'ticket-001' }, NOW, claim);
    expect(views.doc.last()?.status).toBe('unassigned');
    await worker('ticket.release', { ticketId: 'ticket-001' }, NOW, release);
    await writesArrived();
    timers.advance(OVERLAY_GRACE_MS);
    expect(live.overlay.entriesOf('tickets')).toEqual([]);
    expect(views.doc.last()?.status).toBe('unassigned');
    expect((await db.tickets.findOne('ticket-001').exec())?.get('status')).toBe('unassigned');
  });

  it('a document no view holds is read from storage and shown before the worker answers', async () => {
    const settle = live.preview('ticket.claim', { ticketId: 'ticket-002' });
    await vi.waitFor(() => expect(live.overlay.entry('tickets', 'ticket-002')?.doc.status).toBe('assigned'));
    const doc = seen<ReplicaDoc | null>();
    stops.push(live.observeDoc<ReplicaDoc>('tickets', 'ticket-002', (d) => doc.push(d)));
    await vi.waitFor(() => expect(doc.last()?.status).toBe('assigned'));
    await worker('ticket.claim', { ticketId: 'ticket-002' }, NOW, settle);
    await writesArrived();
    timers.advance(OVERLAY_GRACE_MS);
    expect(live.overlay.entriesOf('tickets')).toEqual([]);
    expect(doc.values.every((d) => d?.status === 'assigned')).toBe(true);
  });
});
