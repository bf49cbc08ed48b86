import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openReplica, type ReplicaDatabase } from '../../src/data/openReplica.ts';
import { ANSWER_PART_DOCS, BULK_DOCS_MAX, type ReaderMessage, type SentDoc } from '../../src/data/reader/protocol.ts';
import { ReaderClient, type HeldDoc } from '../../src/data/reader/readerClient.ts';
import { serveReads } from '../../workers/sync/readerHost.ts';
import { ticket } from './overlay/overlayFixtures.ts';

/**
 * The sync worker's reader (workers/sync/readerHost.ts) and the page's client over a real MessageChannel and a real
 * replica (RxDB's memory storage): what the page's views and the overlay of pending effects rely on.
 */
const storage = getRxStorageMemory();
let counter = 0;

describe('the worker answers the page\'s reads over one port', () => {
  let db: ReplicaDatabase;
  let client: ReaderClient;
  let stopServing: () => void;

  beforeEach(async () => {
    counter += 1;
    db = await openReplica(`reader_${process.pid}_${counter}`, storage);
    await db.tickets.bulkInsert([ticket(1), ticket(2), ticket(3)]);
    const channel = new MessageChannel();
    stopServing = serveReads(db, channel.port2 as never);
    client = new ReaderClient(channel.port1 as never);
  });
  afterEach(async () => {
    client.close();
    stopServing();
    await db.remove();
  });

  it('sends a write\'s change events before the query answer that includes it', async () => {
    const order: string[] = [];
    client.onChanges((collection, events) => order.push(`changes ${collection} ${events.map(([id]) => id).join(',')}`));
    let answers = 0;
    const stop = client.openView(
      { kind: 'query', collection: 'tickets', query: { selector: { state: 'open' }, sort: [{ createdAt: 'desc' }] } },
      { docs: (docs) => order.push(`answer ${++answers}: ${docs.map(({ doc }) => doc.id).join(',')}`) },
    );
    await vi.waitFor(() => expect(answers).toBe(1));
    await db.tickets.insert(ticket(4));
    await vi.waitFor(() => expect(answers).toBe(2));
    expect(order).toEqual([
      'answer 1: ticket-003,ticket-002,ticket-001',
      'changes tickets ticket-004',
      'answer 2: ticket-004,ticket-003,ticket-002,ticket-001',
    ]);
    stop();
  });

  it('keeps an unchanged document\'s object from one answer to the next, and sends the full sort once', async () => {
    const answers: Array<{ docs: readonly HeldDoc[]; sort: unknown }> = [];
    client.openView({ kind: 'query', collection: 'tickets', query: { selector: {}, sort: [{ createdAt: 'asc' }] } }, { docs: (docs, sort) => answers.push({ docs, sort }) });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]!.sort).toEqual([{ createdAt: 'asc' }, { id: 'asc' }]);
    await db.tickets.findOne('ticket-002').incrementalPatch({ status: 'assigned' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const [first, second] = answers.map((answer) => answer.docs);
    expect(second![0]).toBe(first![0]);
    expect(second![2]).toBe(first![2]);
    expect(second![1]).not.toBe(first![1]);
    expect(second![1]!.doc.status).toBe('assigned');
    expect(second![1]!.height).toBe(first![1]!.height + 1);
  });

  it('drops a document that left the view, and shows its data again when it comes back', async () => {
    const answers: Array<readonly HeldDoc[]> = [];
    client.openView({ kind: 'query', collection: 'tickets', query: { selector: { state: 'open' }, sort: [{ createdAt: 'asc' }] } }, { docs: (docs) => answers.push(docs) });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await db.tickets.findOne('ticket-002').incrementalPatch({ state: 'closed' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers[1]!.map((held) => held.doc.id)).toEqual(['ticket-001', 'ticket-003']);
    expect(answers[1]![0]).toBe(answers[0]![0]);
    await db.tickets.findOne('ticket-002').incrementalPatch({ state: 'open', status: 'assigned' });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    expect(answers[2]!.map((held) => [held.doc.id, held.doc.status])).toEqual([
      ['ticket-001', answers[0]![0]!.doc.status],
      ['ticket-002', 'assigned'],
      ['ticket-003', answers[0]![2]!.doc.status],
    ]);
  });

  it('carries documents in small bulks, and only watched ones in large bulks', async () => {
    const bulks: SentDoc[][] = [];
    client.onChanges((collection, events) => collection === 'tickets' && bulks.push([...events]));
    client.watch('tickets', ['ticket-120']);
    // The watch travels on the same port before the write: wait for it to have been read.
    await client.read('tickets', ['ticket-001']);
    await db.tickets.bulkInsert(Array.from({ length: BULK_DOCS_MAX + 100 }, (_, i) => ticket(100 + i)));
    await db.tickets.findOne('ticket-001').remove();
    await vi.waitFor(() => expect(bulks).toHaveLength(2));
    const [large, removal] = bulks;
    expect(large).toHaveLength(BULK_DOCS_MAX + 100);
    expect(large!.filter((event) => event.length === 3).map(([id]) => id)).toEqual(['ticket-120']);
    expect(removal).toEqual([['ticket-001', 2, null]]);
  });

  it('sends a large answer\'s data ahead in parts, each a message, and the answer by ids; the page holds them all', async () => {
    // A second client on a port of its own, whose every message is noted as it arrives.
    const channel = new MessageChannel();
    const stop = serveReads(db, channel.port2 as never);
    const received: ReaderMessage[] = [];
    const port = {
      postMessage: (message: unknown) => channel.port1.postMessage(message),
      set onmessage(handler: ((event: MessageEvent) => void) | null) {
        channel.port1.onmessage = handler && ((event) => (received.push(event.data as ReaderMessage), handler(event)));
      },
      close: () => channel.port1.close(),
    };
    const reader = new ReaderClient(port as never);
    const many = ANSWER_PART_DOCS * 2 + 500;
    await db.tickets.bulkInsert(Array.from({ length: many - 3 }, (_, i) => ticket(1000 + i)));
    const answers: Array<readonly HeldDoc[]> = [];
    reader.openView({ kind: 'query', collection: 'tickets', query: { selector: {}, sort: [{ id: 'asc' }] } }, { docs: (docs) => answers.push(docs) });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // The insert's change bulk came first, on each port.
    expect(received.filter((message) => message.t !== 'changes').map((message) => message.t)).toEqual(['part', 'part', 'part', 'docs']);
    const parts = received.filter((message) => message.t === 'part');
    expect(parts.map((part) => part.docs.length)).toEqual([ANSWER_PART_DOCS, ANSWER_PART_DOCS, 500]);
    const last = received.at(-1) as Extract<ReaderMessage, { t: 'docs' }>;
    expect(last.docs.every((doc) => doc.length === 2)).toBe(true);
    const first = answers[0]!;
    expect(first).toHaveLength(many);
    expect(first.map(({ doc }) => doc.id)).toEqual([...first.map(({ doc }) => doc.id as string)].sort());
    expect(first.every(({ doc }) => doc.state === 'open')).toBe(true);

    // A write sends its own document's data only, in one message; the others keep their objects.
    received.length = 0;
    await db.tickets.findOne('ticket-1500').incrementalPatch({ status: 'assigned' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(received.filter((message) => message.t !== 'changes').map((message) => message.t)).toEqual(['docs']);
    const second = answers[1]!;
    const changed = second.findIndex(({ doc }) => doc.id === 'ticket-1500');
    expect(second[changed]!.doc.status).toBe('assigned');
    expect(second.filter((held, i) => held !== first[i]).map(({ doc }) => doc.id)).toEqual(['ticket-1500']);
    reader.close();
    stop();
  });

  it('answers a view of documents by id alone from those ids, again only when one of them is written', async () => {
    const answers: Array<{ docs: string[]; sort: unknown }> = [];
    const query = { selector: { id: { $in: ['ticket-003', 'ticket-001', 'ticket-009'] } } };
    client.openView({ kind: 'query', collection: 'tickets', query }, { docs: (docs, sort) => answers.push({ docs: docs.map(({ doc }) => `${doc.id} ${doc.status}`), sort }) });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]).toEqual({ docs: ['ticket-001 unassigned', 'ticket-003 unassigned'], sort: [{ id: 'asc' }] });
    // A write larger than RxDB's change buffer, of none of the ids: no answer, and storage is not read again.
    const storage = db.tickets.storageInstance;
    const reads = [vi.spyOn(storage, 'query'), vi.spyOn(storage, 'findDocumentsById'), vi.spyOn(storage, 'count')];
    await db.tickets.bulkInsert(Array.from({ length: BULK_DOCS_MAX + 100 }, (_, i) => ticket(100 + i)));
    await db.tickets.insert(ticket(9));
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(reads.map((read) => read.mock.calls.length)).toEqual([0, 0, 0]);
    expect(answers[1]!.docs).toEqual(['ticket-001 unassigned', 'ticket-003 unassigned', 'ticket-009 unassigned']);
    await db.tickets.findOne('ticket-001').incrementalPatch({ status: 'assigned' });
    await db.tickets.findOne('ticket-003').remove();
    await vi.waitFor(() => expect(answers).toHaveLength(4));
    expect(answers.map((answer) => answer.docs)).toEqual([
      ['ticket-001 unassigned', 'ticket-003 unassigned'],
      ['ticket-001 unassigned', 'ticket-003 unassigned', 'ticket-009 unassigned'],
      ['ticket-001 assigned', 'ticket-003 unassigned', 'ticket-009 unassigned'],
      ['ticket-001 assigned', 'ticket-009 unassigned'],
    ]);
  });

  it('reads stored documents with their heights, a deleted one as null, and counts', async () => {
    await db.tickets.findOne('ticket-002').remove();
    const read = await client.read('tickets', ['ticket-001', 'ticket-002', 'ticket-404']);
    expect(read.map(({ id, height, doc }) => [id, height, doc?.state ?? null])).toEqual([
      ['ticket-001', 1, 'open'],
      ['ticket-002', 2, null],
    ]);
    const counts: number[] = [];
    client.openView({ kind: 'count', collection: 'tickets', selector: { state: 'open' } }, { count: (count) => counts.push(count) });
    await vi.waitFor(() => expect(counts).toEqual([2]));
  });

  it('tells a view that cannot run why, and a call that cannot, by rejecting it', async () => {
    const failures: string[] = [];
    client.openView({ kind: 'query', collection: 'nothing' as never, query: {} }, { failed: (message) => failures.push(message) });
    await vi.waitFor(() => expect(failures).toEqual(['No collection nothing']));
    await expect(client.read('nothing' as never, ['x'])).rejects.toThrow('No collection nothing');
  });
});
