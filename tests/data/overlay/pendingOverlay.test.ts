import { describe, expect, it } from 'vitest';
import { OVERLAY_GRACE_MS, OVERLAY_MAX_MS, overlayApplies, overlayKey, PendingOverlay } from '../../../src/data/overlay/pendingOverlay.ts';
import { manualTimers, ticket } from './overlayFixtures.ts';

const claim = (n: number) => ({ collection: 'tickets' as const, doc: ticket(n, { status: 'assigned', assigneeUserId: 'user-me' }), base: ticket(n) });
const heights = (n: number, height: number) => new Map([[overlayKey('tickets', ticket(n).id), height]]);

describe('the overlay of pending effects', () => {
  it('tells the views of the collection at once, and only them', () => {
    const overlay = new PendingOverlay(manualTimers());
    const told: string[] = [];
    overlay.subscribe('tickets', () => told.push('tickets'));
    overlay.subscribe('cases', () => told.push('cases'));
    overlay.add([claim(1)]);
    expect(told).toEqual(['tickets']);
    expect(overlay.entry('tickets', ticket(1).id)?.doc.status).toBe('assigned');
  });

  it('a refused mutation takes its effect away at once, with the effects stacked on it', () => {
    const overlay = new PendingOverlay(manualTimers());
    const first = overlay.add([claim(1)]);
    overlay.add([{ collection: 'tickets', doc: ticket(1, { status: 'assigned', assigneeUserId: 'user-me', data: { x: 1 } }), base: ticket(1) }]);
    let told = 0;
    overlay.subscribe('tickets', () => (told += 1));
    overlay.refuse(first);
    expect(overlay.entriesOf('tickets')).toEqual([]);
    expect(told).toBe(1);
  });

  it('applies to every view while the worker has not answered', () => {
    const overlay = new PendingOverlay(manualTimers());
    overlay.add([claim(1)]);
    const entry = overlay.entry('tickets', ticket(1).id)!;
    expect(overlayApplies(entry, 99, 99)).toBe(true);
    expect(overlayApplies(entry, undefined, 99)).toBe(true);
  });

  it('once answered, gives way in a view that holds the revision the worker wrote, not before', () => {
    const overlay = new PendingOverlay(manualTimers());
    const mutation = overlay.add([claim(1)]);
    overlay.settle(mutation, heights(1, 3));
    const entry = overlay.entry('tickets', ticket(1).id)!;
    expect(overlayApplies(entry, 2, 0)).toBe(true);
    expect(overlayApplies(entry, 3, 0)).toBe(false);
  });

  it('in a view without the document, gives way once its query answered after the write reached the page', () => {
    const overlay = new PendingOverlay(manualTimers());
    const mutation = overlay.add([claim(1)]);
    overlay.settle(mutation, heights(1, 3));
    const entry = overlay.entry('tickets', ticket(1).id)!;
    const before = overlay.seq;
    overlay.tick();
    overlay.observe('tickets', ticket(1).id, 3, claim(1).doc);
    expect(overlayApplies(entry, undefined, before)).toBe(true);
    expect(overlayApplies(entry, undefined, overlay.seq)).toBe(false);
  });

  it('knows the write arrived when the change stream delivered it before the worker answered', () => {
    const overlay = new PendingOverlay(manualTimers());
    const mutation = overlay.add([claim(1)]);
    overlay.tick();
    overlay.observe('tickets', ticket(1).id, 3, claim(1).doc);
    const delivered = overlay.seq;
    overlay.tick();
    overlay.settle(mutation, heights(1, 3));
    expect(overlay.entry('tickets', ticket(1).id)?.reachedSeq).toBe(delivered);
  });

  it('forgets an entry a grace period after the write reached the page, unless a newer mutation came', () => {
    const timers = manualTimers();
    const overlay = new PendingOverlay(timers);
    overlay.settle(overlay.add([claim(1)]), heights(1, 3));
    overlay.tick();
    overlay.observe('tickets', ticket(1).id, 3, claim(1).doc);
    overlay.settle(overlay.add([claim(2)]), heights(2, 5));
    overlay.tick();
    overlay.observe('tickets', ticket(2).id, 5, claim(2).doc);
    const again = overlay.add([claim(2)]);
    timers.advance(OVERLAY_GRACE_MS);
    expect(overlay.entry('tickets', ticket(1).id)).toBeUndefined();
    expect(overlay.entry('tickets', ticket(2).id)?.waiting.has(again)).toBe(true);
  });

  it('forgets an answered entry whose write never reaches the page after the longest wait', () => {
    const timers = manualTimers();
    const overlay = new PendingOverlay(timers);
    overlay.settle(overlay.add([claim(1)]), heights(1, 3));
    timers.advance(OVERLAY_GRACE_MS);
    expect(overlay.entry('tickets', ticket(1).id)).toBeDefined();
    timers.advance(OVERLAY_MAX_MS);
    expect(overlay.entry('tickets', ticket(1).id)).toBeUndefined();
  });
});
