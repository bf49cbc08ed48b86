import { describe, expect, it } from 'vitest';
import { NETWORK_RETRY_MS, problemOf, Retrier, retryDelayMs } from '../../workers/sync/retryPolicy.ts';
import { TransportError } from '../../workers/sync/transport.ts';

const options = { baseMs: 500, maxMs: 30_000, random: () => 0.999 };

describe('when to try again', () => {
  it('a missing network is probed every second, however long it has been gone', () => {
    const offline = new TransportError('network', 'Failed to fetch');
    for (const attempt of [0, 1, 5, 16, 100]) expect(retryDelayMs(offline, attempt, options)).toBe(NETWORK_RETRY_MS);
    expect(NETWORK_RETRY_MS).toBe(1_000);
  });

  it('a server that answers errors is given room: exponential backoff with jitter, capped', () => {
    const failing = new TransportError('server', 'HTTP 503', 503);
    expect(retryDelayMs(failing, 0, options)).toBeCloseTo(500, -1);
    expect(retryDelayMs(failing, 3, options)).toBeCloseTo(4_000, -1);
    expect(retryDelayMs(failing, 20, options)).toBeCloseTo(30_000, -2);
    expect(retryDelayMs(failing, 3, { ...options, random: () => 0 })).toBe(2_000);
  });

  it('each failure has a kind the sync panel words for the user', () => {
    expect(problemOf(new TransportError('network', 'Failed to fetch'))).toBe('offline');
    expect(problemOf(new TransportError('server', 'HTTP 500', 500))).toBe('server');
    expect(problemOf(new TransportError('unauthorized', 'ended', 401))).toBe('session-ended');
  });
});

describe('the retrier', () => {
  it('retries a network failure after a second, every time, and at once when asked', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      let runs = 0;
      const retry = new Retrier(() => (runs += 1), () => options);
      const offline = new TransportError('network', 'Failed to fetch');
      for (let i = 1; i <= 5; i += 1) {
        retry.schedule(offline);
        vi.advanceTimersByTime(NETWORK_RETRY_MS - 1);
        expect(runs).toBe(i - 1);
        vi.advanceTimersByTime(1);
        expect(runs).toBe(i);
      }
      retry.schedule(offline);
      expect(retry.waiting).toBe(true);
      retry.now();
      expect(runs).toBe(6);
      expect(retry.waiting).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('backs off further after each server error, and starts again from the beginning once the server answers', async () => {
    const { vi } = await import('vitest');
    vi.useFakeTimers();
    try {
      let runs = 0;
      const retry = new Retrier(() => (runs += 1), () => options);
      const failing = new TransportError('server', 'HTTP 503', 503);
      const waitFor = (error: unknown) => {
        const before = runs;
        retry.schedule(error);
        let waited = 0;
        while (runs === before) {
          vi.advanceTimersByTime(100);
          waited += 100;
        }
        return waited;
      };
      const delays = [waitFor(failing), waitFor(failing), waitFor(failing)];
      expect(delays[1]!).toBeGreaterThan(delays[0]!);
      expect(delays[2]!).toBeGreaterThan(delays[1]!);
      retry.answered();
      expect(waitFor(failing)).toBe(delays[0]);
    } finally {
      vi.useRealTimers();
    }
  });
});
