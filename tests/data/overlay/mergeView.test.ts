import { describe, expect, it } from 'vitest';
import { mergeCount, mergeDoc, mergeQuery } from '../../../src/data/overlay/mergeView.ts';
import { overlayKey, PendingOverlay } from '../../../src/data/overlay/pendingOverlay.ts';
import type { ReplicaQuery } from '../../../src/data/replicaApi.ts';
import type { ReplicaDoc } from '../../../src/domain/sync/protocol.ts';
import { answerOf, manualTimers, ticket, ticketsShape } from './overlayFixtures.ts';

const ids = (docs: readonly ReplicaDoc[]) => docs.map((doc) => doc.id.replace('ticket-', ''));
const replica = [1, 2, 3, 4, 5, 6].map((n) => ticket(n));
const claimed = (n: number) => ticket(n, { status: 'assigned', assigneeUserId: 'user-me' });

function overlayWith(...docs: ReplicaDoc[]) {
  const overlay = new PendingOverlay(manualTimers());
  const mutation = overlay.add(docs.map((doc) => ({ collection: 'tickets' as const, doc, base: replica.find((r) => r.id === doc.id) ?? null })));
  return { overlay, mutation, entries: overlay.entriesOf('tickets') };
}

function merged(query: ReplicaQuery, ...docs: ReplicaDoc[]) {
  return mergeQuery(answerOf(replica, query, 0), overlayWith(...docs).entries, ticketsShape(query));
}

describe('a query merged with pending effects', () => {
  it('is the replica answer itself when nothing is pending', () => {
    const answer = answerOf(replica, { selector: { state: 'open' } }, 0);
    expect(mergeQuery(answer, [], ticketsShape({ selector: { state: 'open' } }))).toBe(answer.docs);
  });

  it('shows the pending copy in the replica copy’s place', () => {
    const docs = merged({ selector: { state: 'open' } }, claimed(3));
    expect(ids(docs)).toEqual(['006', '005', '004', '003', '002', '001']);
    expect(docs[3]).toMatchObject({ id: 'ticket-003', status: 'assigned' });
  });

  it('drops a document the pending effect takes out of the selector', () => {
    expect(ids(merged({ selector: { state: 'open', status: 'unassigned' } }, claimed(3)))).toEqual(['006', '005', '004', '002', '001']);
  });

  it('adds a document that newly matches, in the query’s order', () => {
    const query = { selector: { status: 'assigned' }, sort: [{ newestFirst: 'asc' as const }] };
    const base = [ticket(1), ticket(2, { status: 'assigned' }), ticket(3), ticket(4, { status: 'assigned' }), ticket(6, { status: 'assigned' })];
    const overlay = new PendingOverlay(manualTimers());
    overlay.add([{ collection: 'tickets', doc: claimed(3), base: ticket(3) }]);
    const docs = mergeQuery(answerOf(base, query, 0), overlay.entriesOf('tickets'), ticketsShape(query));
    expect(ids(docs)).toEqual(['006', '004', '003', '002']);
  });

  it('drops a document a pending effect deletes', () => {
    expect(ids(merged({ selector: { state: 'open' } }, { ...ticket(2), deleted: true }))).toEqual(['006', '005', '004', '003', '001']);
  });

  it('keeps a full page to its limit, and leaves a document sorting after the page to the replica', () => {
    const query = { selector: { state: 'open' }, sort: [{ newestFirst: 'asc' as const }], limit: 3 };
    const fresh = ticket(9);
    const late = ticket(0);
    expect(ids(merged(query, fresh))).toEqual(['009', '006', '005']);
    expect(ids(merged(query, late))).toEqual(['006', '005', '004']);
  });

  it('lets a page the overlay shortened stay short rather than fill it with what sorts after it', () => {
    const query = { selector: { status: 'unassigned' }, sort: [{ newestFirst: 'asc' as const }], limit: 3 };
    // Ticket 3 comes next in the replica; only the replica can say so.
    expect(ids(merged(query, claimed(5), ticket(0)))).toEqual(['006', '004']);
  });

  it('leaves a document sorting before a later page to the page before it', () => {
    const query = { selector: { state: 'open' }, sort: [{ newestFirst: 'asc' as const }], limit: 2, skip: 2 };
    expect(ids(merged(query, ticket(9)))).toEqual(['004', '003']);
    expect(ids(merged(query, ticket(3, { description: 'edited' })))).toEqual(['004', '003']);
  });

  it('gives way to the replica once the view holds the revision the worker wrote', () => {
    const query = { selector: { state: 'open' } };
    const { overlay, mutation } = overlayWith(claimed(3));
    overlay.settle(mutation, new Map([[overlayKey('tickets', 'ticket-003'), 2]]));
    const written = claimed(3);
    const before = mergeQuery(answerOf(replica, query, 0, { 'ticket-003': 1 }), overlay.entriesOf('tickets'), ticketsShape(query));
    expect(before[3]?.status).toBe('assigned');
    const after = answerOf([...replica.filter((doc) => doc.id !== 'ticket-003'), written], query, 0, { 'ticket-003': 2 });
    expect(mergeQuery(after, overlay.entriesOf('tickets'), ticketsShape(query))).toBe(after.docs);
  });
});

describe('one document merged with pending effects', () => {
  it('is the pending copy while the worker has not answered, null when it deletes the document', () => {
    const { overlay } = overlayWith(claimed(1), { ...ticket(2), deleted: true });
    expect(mergeDoc(ticket(1), 1, 0, overlay.entry('tickets', 'ticket-001'))).toMatchObject({ status: 'assigned' });
    expect(mergeDoc(ticket(2), 1, 0, overlay.entry('tickets', 'ticket-002'))).toBeNull();
    expect(mergeDoc(ticket(4), 1, 0, overlay.entry('tickets', 'ticket-004'))).toMatchObject({ status: 'unassigned' });
  });

  it('shows a document the replica does not have yet', () => {
    const { overlay } = overlayWith(ticket(9));
    expect(mergeDoc(null, undefined, 0, overlay.entry('tickets', 'ticket-009'))).toMatchObject({ id: 'ticket-009' });
  });
});

describe('a count merged with pending effects', () => {
  const assigned = ticketsShape({ selector: { status: 'assigned' } }).matches as (doc: unknown) => boolean;

  it('moves by each document entering or leaving the selector', () => {
    const overlay = new PendingOverlay(manualTimers());
    overlay.add([{ collection: 'tickets', doc: claimed(1), base: ticket(1) }]);
    overlay.add([{ collection: 'tickets', doc: ticket(2), base: claimed(2) }]);
    overlay.add([{ collection: 'tickets', doc: claimed(9), base: null }]);
    overlay.add([{ collection: 'tickets', doc: { ...claimed(4), deleted: true }, base: claimed(4) }]);
    expect(mergeCount(10, 0, overlay.entriesOf('tickets'), assigned)).toBe(10 + 1 - 1 + 1 - 1);
  });

  it('stops moving once the count answered after the write reached the page', () => {
    const overlay = new PendingOverlay(manualTimers());
    const mutation = overlay.add([{ collection: 'tickets', doc: claimed(1), base: ticket(1) }]);
    overlay.settle(mutation, new Map([[overlayKey('tickets', 'ticket-001'), 2]]));
    const before = overlay.seq;
    overlay.tick();
    overlay.observe('tickets', 'ticket-001', 2, claimed(1));
    expect(mergeCount(10, before, overlay.entriesOf('tickets'), assigned)).toBe(11);
    expect(mergeCount(11, overlay.seq, overlay.entriesOf('tickets'), assigned)).toBe(11);
  });

  it('counts a document once when the worker’s write reached the count before the worker answered', () => {
    const overlay = new PendingOverlay(manualTimers());
    overlay.add([{ collection: 'tickets', doc: claimed(1), base: ticket(1) }]);
    const before = overlay.seq;
    overlay.tick();
    overlay.observe('tickets', 'ticket-001', 2, claimed(1));
    expect(mergeCount(10, before, overlay.entriesOf('tickets'), assigned)).toBe(11);
    expect(mergeCount(11, overlay.seq, overlay.entriesOf('tickets'), assigned)).toBe(11);
  });
});
