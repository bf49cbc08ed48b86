import type { Kysely } from 'kysely';
import type { MutationBatch, MutationOutcome } from '../../src/domain/sync/protocol.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { mutationHandler } from './mutationHandlers.ts';

type Logger = { error(obj: unknown, msg: string): void };

function storedOutcome(row: { mutation_id: string; status: string; result: unknown; error_code: string | null; error_message: string | null }): MutationOutcome {
  return row.status === 'applied'
    ? { id: row.mutation_id, status: 'applied', result: row.result ?? undefined }
    : { id: row.mutation_id, status: 'rejected', code: row.error_code ?? 'rejected', message: row.error_message ?? 'Rejected' };
}

/**
 * Applies a client's mutations in order, each in its own workspace transaction, idempotent by
 * (clientId, mutation id): the outcome is stored with the write, and a repeat answers the stored outcome.
 * The workspace lock serialises writers, so two copies of one mutation arriving at once cannot both apply.
 */
export async function applyMutations(db: Kysely<Database>, actor: AuthContext, batch: MutationBatch, log: Logger): Promise<MutationOutcome[]> {
  const outcomes: MutationOutcome[] = [];
  for (const mutation of batch.mutations) {
    const base = {
      client_id: batch.clientId,
      mutation_id: mutation.id,
      workspace_id: actor.workspaceId,
      user_id: actor.userId,
      name: mutation.name,
      args: (mutation.args ?? null) as JsonValue,
      client_at: new Date(mutation.at),
    };
    const findStored = (tx: Kysely<Database>) =>
      tx
        .selectFrom('mutation_log')
        .select(['mutation_id', 'status', 'result', 'error_code', 'error_message', 'user_id'])
        .where('client_id', '=', batch.clientId)
        .where('mutation_id', '=', mutation.id)
        .executeTakeFirst();
    const reject = async (code: string, message: string): Promise<MutationOutcome> => {
      await db
        .insertInto('mutation_log')
        .values({ ...base, status: 'rejected', error_code: code, error_message: message })
        .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing())
        .execute();
      const stored = await findStored(db);
      return stored ? storedOutcome(stored) : { id: mutation.id, status: 'rejected', code, message };
    };

    const handler = mutationHandler(mutation.name);
    const parsed = handler?.args.safeParse(mutation.args);
    try {
      const outcome = await withWorkspaceWrite(db, actor.workspaceId, async (tx, rev): Promise<MutationOutcome> => {
        const stored = await findStored(tx);
        if (stored) {
          if (stored.user_id !== actor.userId) throw new ApiError(409, 'mutation-id-taken', 'This mutation id belongs to another user');
          return storedOutcome(stored);
        }
        if (!handler) throw new ApiError(400, 'unknown-mutation', `Unknown mutation ${mutation.name}`);
        if (!parsed?.success) {
          const issue = parsed?.error.issues[0];
          throw new ApiError(400, 'invalid-args', issue ? `${issue.path.join('.') || 'args'}: ${issue.message}` : 'Invalid arguments');
        }
        const result = (await handler.run({ tx, rev, actor, now: new Date() }, parsed.data as never)) as JsonValue;
        await tx.insertInto('mutation_log').values({ ...base, status: 'applied', result, rev }).execute();
        return { id: mutation.id, status: 'applied', result };
      });
      outcomes.push(outcome);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'mutation-id-taken') {
        outcomes.push({ id: mutation.id, status: 'rejected', code: error.code, message: error.message });
      } else if (error instanceof ApiError) {
        outcomes.push(await reject(error.code, error.message));
      } else {
        // A fault of ours, not a refusal: no outcome for it or anything after it, so the client keeps them
        // queued and sends them again later, in order.
        log.error({ err: error, mutation: mutation.name }, 'mutation failed');
        break;
      }
    }
  }
  return outcomes;
}
