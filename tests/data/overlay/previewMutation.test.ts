import { describe, expect, it } from 'vitest';
import { planMutation } from '../../../src/data/overlay/previewMutation.ts';
import type { MutationActor } from '../../../src/domain/mutations/types.ts';
import { newestFirst } from '../../../src/domain/sync/replicaFields.ts';
import { ticket } from './overlayFixtures.ts';

const agent: MutationActor = { userId: 'user-me', memberId: 'member-me', role: 'NORMAL', name: 'Me' };
const open = ticket(1);
const docs = new Map([[open.id, open]]);

describe('a mutation previewed on the page', () => {
  it('reads what the worker reads and writes what it will write, with the replica’s own fields', () => {
    const plan = planMutation('ticket.claim', { ticketId: open.id }, agent)!;
    expect(plan.refs).toEqual([{ collection: 'tickets', id: open.id }]);
    const writes = plan.apply(docs, 1_800_000_000_000)!;
    expect(writes).toEqual([
      {
        collection: 'tickets',
        doc: { ...open, status: 'assigned', assigneeUserId: 'user-me', assigneeMemberId: 'member-me', claimedAt: 1_800_000_000_000, newestFirst: newestFirst(Number(open.createdAt)) },
      },
    ]);
  });

  it('is not previewed when the worker would refuse it before queueing', () => {
    expect(planMutation('ticket.unknown', { ticketId: open.id }, agent)).toBeNull();
    expect(planMutation('ticket.claim', { ticketId: '' }, agent)).toBeNull();
    expect(planMutation('ticket.claim', { ticketId: 'ticket\u0000001' }, agent)).toBeNull();
  });

  it('shows nothing when the replica refuses the effect (a closed ticket, a missing one)', () => {
    const plan = planMutation('ticket.claim', { ticketId: open.id }, agent)!;
    expect(plan.apply(new Map([[open.id, { ...open, state: 'resolved' }]]), 0)).toBeNull();
    expect(plan.apply(new Map(), 0)).toBeNull();
  });
});
