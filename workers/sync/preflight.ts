import type { OutboxEntry } from './outbox.ts';

/**
 * Work a mutation needs done before it is pushed (the bytes of an upload); throws to make the outbox wait.
 * `first` says whether every mutation queued before this one has been pushed already; work that depends on
 * them (bytes for a case created by an earlier mutation, say) answers 'defer' until it is first.
 */
export type Preflight = (entry: OutboxEntry, position: { first: boolean }) => Promise<void | 'defer'>;

export type PreflightOutcome = { ready: OutboxEntry[]; error: unknown; deferred: boolean };

/**
 * Runs the preflights of a batch in order. The entries before the first failure (or deferral) may be pushed
 * now; that one and everything after it wait, so the outbox keeps its order.
 */
export async function runPreflights(batch: OutboxEntry[], preflight: Preflight | undefined): Promise<PreflightOutcome> {
  if (!preflight) return { ready: batch, error: null, deferred: false };
  for (let i = 0; i < batch.length; i += 1) {
    try {
      if ((await preflight(batch[i]!, { first: i === 0 })) === 'defer' && i > 0) return { ready: batch.slice(0, i), error: null, deferred: true };
    } catch (error) {
      return { ready: batch.slice(0, i), error, deferred: false };
    }
  }
  return { ready: batch, error: null, deferred: false };
}
