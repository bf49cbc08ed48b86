import type { StreamMessage } from '../../src/domain/sync/protocol.ts';
import type { SyncTransport } from './transport.ts';

export type LiveStreamHooks = {
  isStopped(): boolean;
  /** The abort controller of the connection now open, so stop() can cut it. */
  setAbort(controller: AbortController): void;
  onMessage(message: StreamMessage): void;
  onOpen(): void;
  onClosed(error: unknown | null): void;
  backoffMs(attempt: number): number;
};

/** Keeps the live stream open, reconnecting with backoff after each drop, until stopped. */
export function keepStreamOpen(transport: SyncTransport, hooks: LiveStreamHooks): void {
  const loop = async () => {
    let attempt = 0;
    while (!hooks.isStopped()) {
      const controller = new AbortController();
      hooks.setAbort(controller);
      let failure: unknown | null = null;
      try {
        await transport.stream(hooks.onMessage, () => {
          attempt = 0;
          hooks.onOpen();
        }, controller.signal);
      } catch (error) {
        failure = error;
      }
      if (hooks.isStopped()) return;
      hooks.onClosed(failure);
      attempt += 1;
      await new Promise((resolve) => setTimeout(resolve, hooks.backoffMs(attempt)));
    }
  };
  void loop();
}
