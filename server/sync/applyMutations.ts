import type { Kysely } from 'kysely';
import { mutationEnvelopeSchema, type MutationEnvelope, type MutationOutcome } from '../../src/domain/sync/protocol.ts';
import { inputProblem } from '../../src/domain/validation/inputBoundary.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { withWorkspaceWrite } from '../db/revisions.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { runPostCommit, type PostCommitDeps, type PostCommitTask } from '../services/postCommit.ts';
import { mutationHandler } from './mutationHandlers.ts';
import { countFault, MUTATION_FAULT_LIMIT, serverFaultMessage } from './mutationFaults.ts';

type Logger = { error(obj: unknown, msg: string): void };

type StoredRow = { mutation_id: string; status: string; result: unknown; error_code: string | null; error_message: string | null };

function storedOutcome(row: StoredRow): MutationOutcome {
  return row.status === 'applied'
    ? { id: row.mutation_id, status: 'applied', result: row.result ?? undefined }
    : { id: row.mutation_id, status: 'rejected', code: row.error_code ?? 'rejected', message: row.error_message ?? 'Rejected' };
}

const rejected = (id: string, code: string, message: string): MutationOutcome => ({ id, status: 'rejected', code, message });

/** Why an envelope is malformed, naming the field: "at: Too big: expected number to be <=8640000000000000". */
function envelopeProblem(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'mutation'}: ${issue.message}` : 'malformed mutation';
}

/**
 * Applies a client's mutations in order, each in its own workspace transaction, idempotent by
 * (clientId, mutation id): the outcome is stored with the write, and a repeat answers the stored outcome.
 * The workspace lock serialises writers, so two copies of one mutation arriving at once cannot both apply.
 *
 * Every mutation gets an outcome, so one bad entry never holds back a client's queue: a malformed envelope or
 * argument is rejected alone (`invalid-mutation`, `invalid-args`; an argument the database could not hold is not
 * echoed into the log), an unknown name is rejected, a refusal by the service is rejected with its reason, and a
 * fault of ours leaves that mutation and the rest unanswered, to be sent again, until it has failed
 * MUTATION_FAULT_LIMIT times; then it is rejected with a message the user can act on and the rest go on.
 */
export async function applyMutations(
  db: Kysely<Database>,
  actor: AuthContext,
  batch: { clientId: string; mutations: Array<{ id: string } & Record<string, unknown>> },
  log: Logger,
  effects?: PostCommitDeps,
): Promise<MutationOutcome[]> {
  const outcomes: MutationOutcome[] = [];
  for (const item of batch.mutations) {
    const envelope = mutationEnvelopeSchema.safeParse(item);
    if (!envelope.success) {
      // Not stored: its id may be something the log cannot key on, and the same envelope is refused the same way.
      outcomes.push(rejected(item.id, 'invalid-mutation', `Malformed mutation: ${envelopeProblem(envelope.error)}`));
      continue;
    }
    const outcome = await applyOne(db, actor, batch.clientId, envelope.data, log, effects);
    if (outcome === null) break;
    outcomes.push(outcome);
  }
  return outcomes;
}

/** One mutation's outcome, or null when a fault of ours means it (and everything after it) must be sent again. */
async function applyOne(db: Kysely<Database>, actor: AuthContext, clientId: string, mutation: MutationEnvelope, log: Logger, effects?: PostCommitDeps): Promise<MutationOutcome | null> {
  const unsafe = inputProblem(mutation.args, 'args');
  const base = {
    client_id: clientId,
    mutation_id: mutation.id,
    workspace_id: actor.workspaceId,
    user_id: actor.userId,
    name: mutation.name,
    // Always JSON text: a bare string or null as args is a valid JSON value, and args the database cannot hold
    // (a NUL, a lone surrogate) are not kept at all.
    args: JSON.stringify(unsafe ? null : (mutation.args ?? null)) as unknown as JsonValue,
    client_at: new Date(mutation.at),
  };
  const findStored = (tx: Kysely<Database>) =>
    tx
      .selectFrom('mutation_log')
      .select(['mutation_id', 'status', 'result', 'error_code', 'error_message', 'user_id'])
      .where('client_id', '=', clientId)
      .where('mutation_id', '=', mutation.id)
      .executeTakeFirst();
  const reject = async (code: string, message: string): Promise<MutationOutcome> => {
    await db
      .insertInto('mutation_log')
      .values({ ...base, status: 'rejected', error_code: code, error_message: message })
      .onConflict((oc) => oc.columns(['client_id', 'mutation_id']).doNothing())
      .execute();
    const stored = await findStored(db);
    return stored ? storedOutcome(stored) : rejected(mutation.id, code, message);
  };

  // A mutation sent again (its answer was lost) is answered from the log without taking the workspace lock.
  const known = await findStored(db);
  if (known) {
    return known.user_id === actor.userId ? storedOutcome(known) : rejected(mutation.id, 'mutation-id-taken', 'This mutation id belongs to another user');
  }
  const handler = mutationHandler(mutation.name);
  const parsed = unsafe ? null : handler?.args.safeParse(mutation.args);
  // Post-commit work (a mail) runs only for a mutation applied now, never for a repeat answered from the log.
  const tasks: PostCommitTask[] = [];
  const afterCommit = effects ? { afterCommit: (task: PostCommitTask) => void tasks.push(task) } : {};
  try {
    const outcome = await withWorkspaceWrite(db, actor.workspaceId, async (tx, rev): Promise<MutationOutcome> => {
      const stored = await findStored(tx);
      if (stored) {
        if (stored.user_id !== actor.userId) throw new ApiError(409, 'mutation-id-taken', 'This mutation id belongs to another user');
        return storedOutcome(stored);
      }
      if (!handler) throw new ApiError(400, 'unknown-mutation', `Unknown mutation ${mutation.name}`);
      if (unsafe) throw new ApiError(400, 'invalid-args', unsafe.message);
      if (!parsed?.success) {
        const issue = parsed?.error.issues[0];
        throw new ApiError(400, 'invalid-args', issue ? `${issue.path.join('.') || 'args'}: ${issue.message}` : 'Invalid arguments');
      }
      const result = (await handler.run({ tx, rev, actor, now: new Date(), ...afterCommit }, parsed.data as never)) as JsonValue;
      await tx.insertInto('mutation_log').values({ ...base, status: 'applied', result, rev }).execute();
      return { id: mutation.id, status: 'applied', result };
    });
    if (effects) await runPostCommit(tasks, effects);
    return outcome;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'mutation-id-taken') return rejected(mutation.id, error.code, error.message);
    if (error instanceof ApiError) return reject(error.code, error.message);
    log.error({ err: error, mutation: mutation.name, mutationId: mutation.id }, 'mutation failed');
    const attempts = await countFault(db, { clientId, mutationId: mutation.id, workspaceId: actor.workspaceId, error });
    if (attempts < MUTATION_FAULT_LIMIT) return null;
    return reject('server-fault', serverFaultMessage(mutation.id));
  }
}
