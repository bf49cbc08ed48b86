import { describe, expect, it } from 'vitest';
import { afterAttempt, entriesToSend, FIRST_RETRY_MS, MAX_RETRY_MS, newQueuedSubmission, outcomeOf, queueCounts, retryDelay, type QueuedSubmission } from '../../kiosk/queue.ts';

const entry = (id: string, filledAt: number, status: QueuedSubmission['status'] = 'waiting'): QueuedSubmission => ({
  ...newQueuedSubmission({ submissionId: id, formId: 'claims-intake', formVersion: 2, values: { customerName: 'Ana' }, filledAt }),
  status,
});

describe('what an answer of the public endpoint does to a queued submission', () => {
  it.each([
    [201, 'sent'],
    [200, 'sent'],
    [400, 'failed'],
    [404, 'failed'],
    [409, 'failed'],
    [413, 'failed'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [503, 'retry'],
    [401, 'retry'],
    [null, 'retry'],
  ] as const)('status %s → %s', (status, outcome) => {
    expect(outcomeOf(status)).toBe(outcome);
  });

  it('an accepted submission (first time or a repeat) leaves the queue', () => {
    expect(afterAttempt(entry('a', 1), 201)).toBeNull();
    expect(afterAttempt(entry('a', 1), 200)).toBeNull();
  });

  it('a refused one is kept as failed with its status, and is never sent again', () => {
    const failed = afterAttempt(entry('a', 1), 400);
    expect(failed).toMatchObject({ submissionId: 'a', status: 'failed', attempts: 1, lastStatus: 400, formVersion: 2, values: { customerName: 'Ana' } });
    expect(entriesToSend([failed!])).toEqual([]);
  });

  it('one the server could not take stays waiting, same id and values, and counts its tries', () => {
    const once = afterAttempt(entry('a', 1), null)!;
    const twice = afterAttempt(once, 503)!;
    expect(twice).toMatchObject({ submissionId: 'a', status: 'waiting', attempts: 2, lastStatus: 503, values: { customerName: 'Ana' } });
    expect(entriesToSend([twice]).map((e) => e.submissionId)).toEqual(['a']);
    expect(once.lastStatus).toBe(0);
  });
});

describe('the queue', () => {
  it('sends the waiting ones oldest filled first and skips failed ones', () => {
    const entries = [entry('late', 30), entry('failed', 5, 'failed'), entry('early', 10), entry('middle', 20)];
    expect(entriesToSend(entries).map((e) => e.submissionId)).toEqual(['early', 'middle', 'late']);
  });

  it('counts what waits and what failed for the status corner', () => {
    expect(queueCounts([])).toEqual({ waiting: 0, failed: 0 });
    expect(queueCounts([entry('a', 1), entry('b', 2), entry('c', 3, 'failed')])).toEqual({ waiting: 2, failed: 1 });
  });

  it.each([
    [1, FIRST_RETRY_MS],
    [2, 2 * FIRST_RETRY_MS],
    [3, 4 * FIRST_RETRY_MS],
    [7, 64 * FIRST_RETRY_MS > MAX_RETRY_MS ? MAX_RETRY_MS : 64 * FIRST_RETRY_MS],
    [40, MAX_RETRY_MS],
  ])('backs off after %i tries in a row: %i ms', (tries, delay) => {
    expect(retryDelay(tries)).toBe(delay);
  });
});
