import type { Random } from '../../../src/domain/random.ts';
import { nextSeq, type OutboxEntry } from '../../../workers/sync/outbox.ts';
import { CHAOS_TICKETS } from './chaosWorld.ts';

/**
 * An outbox entry the server must refuse, as an older version or a corrupted disk might leave it: arguments it
 * cannot store or parse, a name it does not know, or more bytes than one request may carry.
 */
export function poisonEntry(random: Random, tag: string): OutboxEntry {
  const ticketId = random.pick(CHAOS_TICKETS);
  const [name, args] = random.pick<[string, unknown]>([
    ['ticket.claim', { ticketId: `${ticketId}\u0000` }],
    ['ticket.saveData', { ticketId, data: { note: 'broken \uD800 text' } }],
    ['ticket.saveData', { ticketId, data: JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown }],
    ['ticket.teleport', { ticketId }],
    ['ticket.release', 'not an object'],
    ['ticket.release', null],
    ['ticket.saveData', { ticketId, data: { a: 'x'.repeat(400_000), b: 'y'.repeat(400_000), c: 'z'.repeat(400_000) } }],
  ]);
  const at = Date.now();
  // As the version that queued it would have recorded: the ticket its effect wrote, restored once it is refused.
  return { id: `poison-${tag}-${random.int(0, 1e9)}`, seq: nextSeq(at), name, args, at, attempts: 0, lastError: null, touched: [{ collection: 'tickets', id: ticketId }] };
}
