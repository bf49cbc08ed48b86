import type { StreamMessage } from '../../src/domain/sync/protocol.ts';
import type { SyncTransport } from './transport.ts';

export type LiveStreamHooks = {
  isStopped(): boolean;
  /** The abort controller of the connection now open, so stop() can cut it. */
  setAbort(controller: AbortController): void;
  onMessage(message: StreamMessage): void;
  onOpen(): void;
  onClosed(error: unknown | null): void;
  /** How long to wait before the next attempt, after the failure that closed the last one (null: it just ended). */
  backoffMs(attempt: number, failure: unknown | null): number;
};

export type LiveStream = {
  /** Connects again now instead of at the end of the current wait (the network is back). */
  wake(): void;
};

/** Keeps the live stream open, reconnecting with backoff after each drop, until stopped. */
export function keepStreamOpen(transport: SyncTransport, hooks: LiveStreamHooks): LiveStream {
  let wake: () => void = () => undefined;
  const loop = async () => {
    let attempt = 0;
    while (!hooks.isStopped()) {
      const controller = new AbortController();
      hooks.setAbort(controller);
      let failure: unknown | null = null;
      let handover: number | null = null;
      try {
        const closing = await transport.stream(hooks.onMessage, () => {
          attempt = 0;
          hooks.onOpen();
        }, controller.signal);
        if (closing) handover = closing.retryMs;
      } catch (error) {
        failure = error;
      }
      if (hooks.isStopped()) return;
      // A server process that shut down said when to come back (to another process): no backoff, and the console
      // is not shown offline for that moment; onOpen pulls whatever moved in between.
      if (handover === null) {
        hooks.onClosed(failure);
        attempt += 1;
      }
      const delay = handover ?? hooks.backoffMs(attempt, failure);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => undefined;
    }
  };
  void loop();
  return { wake: () => wake() };
}
