import type { Kysely } from 'kysely';
import type { AuthContext } from '../auth/sessions.ts';
import { withWorkspaceWrite, type WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { runPostCommit, type PostCommitDeps, type PostCommitTask } from './postCommit.ts';

/**
 * What every write service receives: the transaction that owns the workspace's next revision, that revision
 * (every row written must carry it), the caller, and the clock. A service checks permissions and current
 * state and throws ApiError (status, code, message) to refuse; the transaction then rolls back whole.
 * The REST routes and the sync mutations endpoint both call services this way, so a rule lives in one place.
 */
export type WriteContext = {
  tx: WorkspaceTx;
  rev: number;
  actor: AuthContext;
  now: Date;
  /**
   * Queues work for after the commit (postCommit.ts); absent where the caller cannot do such work, so a service
   * that needs it refuses before writing anything.
   */
  afterCommit?: (task: PostCommitTask) => void;
};

export type WriteService<Args, Result> = (ctx: WriteContext, args: Args) => Promise<Result>;

/** Runs one write service in its own workspace transaction (used by REST routes), then its post-commit work. */
export async function runWrite<Args, Result>(
  db: Kysely<Database>,
  actor: AuthContext,
  service: WriteService<Args, Result>,
  args: Args,
  effects?: PostCommitDeps,
): Promise<Result> {
  const tasks: PostCommitTask[] = [];
  const afterCommit = effects ? { afterCommit: (task: PostCommitTask) => void tasks.push(task) } : {};
  const result = await withWorkspaceWrite(db, actor.workspaceId, (tx, rev) => service({ tx, rev, actor, now: new Date(), ...afterCommit }, args));
  if (effects) await runPostCommit(tasks, effects);
  return result;
}
