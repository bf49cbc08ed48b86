import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { JobsTable } from '../db/domainTables.ts';
import type { Database, JsonValue } from '../db/schema.ts';

/**
 * The engine's work queue on the `jobs` table. A job is claimed by a lease (locked_by, locked_until) taken in one
 * `UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)`, so two runners never claim the same job; a runner
 * that dies leaves the lease to expire and the job is claimed again. A job's outcome is committed together with
 * `done_at` and only while the lease is still held (see holdLease), so a stage's result is recorded once.
 */
export type Job = Selectable<JobsTable>;

export type JobKind = 'stage' | 'cron';

export type NewJob = {
  workspaceId: string;
  kind: JobKind;
  instanceId?: string | null;
  dedupeKey?: string | null;
  runAt: Date;
  payload: { [key: string]: JsonValue };
  /** Set for jobs that only exist to claim a dedupe key (a cron tick): they are never run. */
  doneAt?: Date | null;
};

const jobRow = (job: NewJob) => ({
  id: `job-${randomUUID()}`,
  workspace_id: job.workspaceId,
  kind: job.kind,
  instance_id: job.instanceId ?? null,
  dedupe_key: job.dedupeKey ?? null,
  run_at: job.runAt,
  payload: job.payload,
  done_at: job.doneAt ?? null,
  created_at: job.runAt,
});

/** Inserts a job; with a dedupe key an existing job of the same key wins and null is answered. */
export async function enqueueJob(tx: WorkspaceTx | Kysely<Database>, job: NewJob): Promise<string | null> {
  const [id] = await enqueueJobs(tx, [job]);
  return id ?? null;
}

/** Inserts several jobs in one statement; answers, per job, its id, or null where a job of its dedupe key exists. */
export async function enqueueJobs(tx: WorkspaceTx | Kysely<Database>, jobs: readonly NewJob[]): Promise<(string | null)[]> {
  if (jobs.length === 0) return [];
  const rows = jobs.map(jobRow);
  const inserted = await tx
    .insertInto('jobs')
    .values(rows)
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .execute();
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((r) => (ids.has(r.id) ? r.id : null));
}

/** Claims up to `limit` due jobs for `workerId` until now + leaseMs. */
export async function claimJobs(
  db: Kysely<Database>,
  options: { workerId: string; now: Date; leaseMs: number; limit: number },
): Promise<Job[]> {
  const { workerId, now, leaseMs, limit } = options;
  const due = db
    .selectFrom('jobs')
    .select('id')
    .where('done_at', 'is', null)
    .where('run_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .orderBy('run_at')
    .limit(limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('jobs')
    .set({ locked_by: workerId, locked_until: new Date(now.getTime() + leaseMs), attempts: sql`attempts + 1` })
    .where('id', 'in', due)
    .returningAll()
    .execute();
}

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`The lease on job ${jobId} was lost: another runner took it over`);
  }
}

/**
 * Inside the committing transaction: locks the job row and checks this runner still holds it. A runner whose
 * lease expired and was taken over must not commit a second outcome.
 */
export async function holdLease(tx: WorkspaceTx, job: Pick<Job, 'id'>, workerId: string): Promise<void> {
  const row = await tx
    .selectFrom('jobs')
    .select('id')
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('done_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new LeaseLostError(job.id);
}

export async function finishJob(tx: WorkspaceTx | Kysely<Database>, jobId: string, now: Date): Promise<void> {
  await tx.updateTable('jobs').set({ done_at: now, locked_until: null, last_error: null }).where('id', '=', jobId).execute();
}

/** Gives a job back after an unexpected error: it is claimed again after `retryAt`. */
export async function releaseJob(db: Kysely<Database>, job: Job, workerId: string, error: string, retryAt: Date): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_by: null, locked_until: null, run_at: retryAt, last_error: error.slice(0, 2000) })
    .where('id', '=', job.id)
    .where('locked_by', '=', workerId)
    .where('done_at', 'is', null)
    .execute();
}

/**
 * A stopping runner hands back every job it still holds, due at once and with this claim not counted, so another
 * process takes them at its next poll instead of after the lease. A stage still running here can then no longer
 * commit (holdLease), and its external effect may happen twice, as after a crash.
 */
export async function releaseClaimedJobs(db: Kysely<Database>, workerId: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ locked_by: null, locked_until: null, attempts: sql`greatest(attempts - 1, 0)` })
    .where('locked_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
