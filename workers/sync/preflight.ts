import type { OutboxEntry } from './outbox.ts';

/** Work a mutation needs done before it is pushed (the bytes of an upload); throws to make the outbox wait. */
export type Preflight = (entry: OutboxEntry) => Promise<void>;

/**
 * Runs the preflights of a batch in order. The entries before the first failure may be pushed now; that one and
 * everything after it wait, so the outbox keeps its order.
 */
export async function runPreflights(batch: OutboxEntry[], preflight: Preflight | undefined): Promise<{ ready: OutboxEntry[]; error: unknown }> {
  if (!preflight) return { ready: batch, error: null };
  for (let i = 0; i < batch.length; i += 1) {
    try {
      await preflight(batch[i]!);
    } catch (error) {
      return { ready: batch.slice(0, i), error };
    }
  }
  return { ready: batch, error: null };
}
