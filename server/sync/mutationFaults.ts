import { sql, type Kysely } from 'kysely';
import { storableCopy } from '../../src/domain/validation/inputBoundary.ts';
import type { Database } from '../db/schema.ts';

/** How many times a mutation may fail with a fault of ours before it is rejected rather than sent again. */
export const MUTATION_FAULT_LIMIT = 3;

/** What the user reads when the server gave up on a change: what happened, that it was not saved, what to do. */
export const serverFaultMessage = (mutationId: string) =>
  `The server could not apply this change after ${MUTATION_FAULT_LIMIT} attempts, so it was not saved. ` +
  `Please make it again; if it keeps failing, contact support (reference ${mutationId}).`;

/**
 * Counts one more failed attempt of a mutation and answers the count so far. If the count itself cannot be
 * written (the database is the fault), answers 0: the mutation stays unanswered and is sent again later.
 */
export async function countFault(
  db: Kysely<Database>,
  fault: { clientId: string; mutationId: string; workspaceId: string; error: unknown },
): Promise<number> {
  const text = fault.error instanceof Error ? fault.error.message : String(fault.error);
  // The error may quote the input; keep only what the log column can hold.
  const message = storableCopy(text.slice(0, 500));
  try {
    const row = await db
      .insertInto('mutation_faults')
      .values({ client_id: fault.clientId, mutation_id: fault.mutationId, workspace_id: fault.workspaceId, attempts: 1, last_error: message })
      .onConflict((oc) =>
        oc.columns(['client_id', 'mutation_id']).doUpdateSet({ attempts: sql`mutation_faults.attempts + 1`, last_error: message, updated_at: new Date() }),
      )
      .returning('attempts')
      .executeTakeFirstOrThrow();
    return row.attempts;
  } catch {
    return 0;
  }
}
