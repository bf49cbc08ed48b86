import type { Random } from '../../../src/domain/random.ts';
import type { PullResponse } from '../../../src/domain/sync/protocol.ts';
import { httpTransport, TransportError, type SyncTransport } from '../../../workers/sync/transport.ts';

export type Faults = { enabled: boolean; online: boolean };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lost = () => new TransportError('network', 'connection lost');

/**
 * The real HTTP transport with a hostile network in front: requests that never leave, replies lost after the
 * server acted, pushes sent twice, stale pull replies delivered late (reordered), random delays, and a plug
 * that can be pulled. The server address is read per call, so a restarted server is found again.
 */
export function chaosTransport(random: Random, baseUrl: () => string, token: string, faults: Faults): SyncTransport {
  const real = () => httpTransport({ baseUrl: baseUrl(), accessToken: token });
  const stale = new Map<string, PullResponse>();

  async function hostile<T>(send: () => Promise<T>, extra?: () => Promise<T | undefined>): Promise<T> {
    if (!faults.online) throw lost();
    if (!faults.enabled) return send();
    if (random.chance(0.3)) await sleep(random.int(0, 15));
    if (random.chance(0.08)) throw lost();
    const alternative = extra ? await extra() : undefined;
    if (alternative !== undefined) return alternative;
    const reply = await send();
    if (random.chance(0.08)) throw lost();
    if (!faults.online) throw lost();
    return reply;
  }

  return {
    pull(collection, checkpoint, limit, scope, count) {
      const key = `${collection}|${scope ?? ''}`;
      return hostile(
        async () => {
          const page = await real().pull(collection, checkpoint, limit, scope, count);
          if (!stale.has(key) || random.chance(0.5)) stale.set(key, page);
          return page;
        },
        async () => (random.chance(0.06) ? stale.get(key) : undefined),
      );
    },
    docs(collection, ids) {
      return hostile(() => real().docs(collection, ids));
    },
    push(batch) {
      return hostile(async () => {
        if (faults.enabled && random.chance(0.1)) {
          const [first] = await Promise.all([real().push(batch), real().push(batch)]);
          return first;
        }
        return real().push(batch);
      });
    },
    async stream(onMessage, onOpen, signal) {
      if (!faults.online) throw lost();
      const local = new AbortController();
      const abort = () => local.abort();
      signal.addEventListener('abort', abort);
      // A stream that drops by itself now and then, as mobile networks do.
      const cut = faults.enabled && random.chance(0.3) ? setTimeout(abort, random.int(20, 200)) : null;
      const watch = setInterval(() => {
        if (!faults.online) local.abort();
      }, 10);
      try {
        await real().stream(onMessage, onOpen, local.signal);
      } finally {
        if (cut) clearTimeout(cut);
        clearInterval(watch);
        signal.removeEventListener('abort', abort);
      }
      if (!faults.online) throw lost();
    },
  };
}
