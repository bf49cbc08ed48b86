import { describe, expect, it } from 'vitest';
import type { StreamClosing } from '../../src/domain/sync/protocol.ts';
import { keepStreamOpen } from '../../workers/sync/liveStream.ts';
import type { SyncTransport } from '../../workers/sync/transport.ts';

/** A transport whose streams open and end at once, each with the next of `endings`; it counts the connections. */
function endingTransport(endings: (StreamClosing | void)[]): { transport: SyncTransport; opened: number[] } {
  const opened: number[] = [];
  const transport = {
    stream: async (_onMessage: unknown, onOpen: () => void) => {
      opened.push(Date.now());
      onOpen();
      return endings.shift();
    },
  } as unknown as SyncTransport;
  return { transport, opened };
}

describe('the live stream across a server process shutting down', () => {
  it("reconnects after the server's closing hint, without backoff and without going offline", async () => {
    const { transport, opened } = endingTransport([{ retryMs: 20 }, { retryMs: 20 }]);
    const closed: unknown[] = [];
    keepStreamOpen(transport, {
      // Stopped once the third connection is open: its ending is not the server's.
      isStopped: () => opened.length >= 3,
      setAbort: () => undefined,
      onMessage: () => undefined,
      onOpen: () => undefined,
      onClosed: (error) => closed.push(error),
      backoffMs: () => 60_000,
    });
    await expect.poll(() => opened.length).toBe(3);
    expect(closed).toEqual([]);
  });

  it('a stream that just ends is reported closed and waits for the backoff', async () => {
    const { transport, opened } = endingTransport([]);
    const closed: unknown[] = [];
    const backoffs: number[] = [];
    keepStreamOpen(transport, {
      isStopped: () => closed.length > 0,
      setAbort: () => undefined,
      onMessage: () => undefined,
      onOpen: () => undefined,
      onClosed: (error) => closed.push(error),
      backoffMs: (attempt) => {
        backoffs.push(attempt);
        return 10;
      },
    });
    await expect.poll(() => closed.length).toBe(1);
    expect(closed).toEqual([null]);
    expect(backoffs).toEqual([1]);
    expect(opened).toHaveLength(1);
  });
});
