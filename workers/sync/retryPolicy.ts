import type { SyncProblem } from '../../src/data/replicaApi.ts';
import { TransportError } from './transport.ts';

/**
 * When to try again after a failure. Backoff is for a server that answers errors (5xx, 429): waiting longer gives
 * it room. A missing network is not the server's fault and costs nothing to probe (a request fails at once when
 * there is no connection), so it is tried again every second: the queue leaves within a second of the network's
 * return even when the browser does not say so. The browser's own `online` event retries at once.
 */
export const NETWORK_RETRY_MS = 1_000;

export type RetryOptions = { baseMs: number; maxMs: number; random: () => number };

export const isNetworkFailure = (error: unknown): boolean => error instanceof TransportError && error.code === 'network';

/** Exponential with jitter for server errors: base · 2^attempt, capped, times a random factor in [0.5, 1). */
export function retryDelayMs(error: unknown, attempt: number, options: RetryOptions): number {
  if (isNetworkFailure(error)) return NETWORK_RETRY_MS;
  return Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 16)) * (0.5 + 0.5 * options.random());
}

/** The user-facing kind of a failure; the technical text stays in `lastError`, shown only under "Details". */
export function problemOf(error: unknown): SyncProblem {
  if (isNetworkFailure(error)) return 'offline';
  if (error instanceof TransportError && error.code === 'unauthorized') return 'session-ended';
  return 'server';
}

/**
 * One pending retry at a time: `schedule` after a failure (the delay by the rules above), `now` to run it at once
 * (the network is back, or the server just answered), `answered` to end the backoff.
 */
export class Retrier {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly run: () => void,
    private readonly options: () => RetryOptions,
  ) {}

  get waiting(): boolean {
    return this.timer !== null;
  }

  schedule(error: unknown): void {
    if (this.timer) return;
    const delay = retryDelayMs(error, this.failures, this.options());
    if (!isNetworkFailure(error)) this.failures += 1;
    this.timer = setTimeout(() => this.now(), delay);
  }

  now(): void {
    this.cancel();
    this.run();
  }

  /** The server answered: the next server error starts the backoff from the beginning. */
  answered(): void {
    this.failures = 0;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
