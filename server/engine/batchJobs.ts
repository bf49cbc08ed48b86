import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { BATCH_STATUS, LINE_ERRORS, LINE_STATUS, finishedBatchStatus, lineCaseData } from '../../src/domain/batches/batchLifecycle.ts';
import { withWorkspaceWrite, type WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { startInstance } from './instanceLifecycle.ts';
import { finishJob, holdLease, LeaseLostError, type Job } from './jobQueue.ts';
import { engineActor } from './stageCommit.ts';
import { planStart, type StartPlan } from './startPlan.ts';

/**
 * The batch runner (issue 17 item 4). Each workspace has at most one batch job (dedupe key `batch:<workspace>`);
 * one claim of it runs at most BATCH_LINES_PER_CLAIM lines, each in its own revision transaction (one case and one
 * instance of the case type's starting app, and the line's outcome), then puts the job back at the end of the
 * queue (run_at = now, behind every job already due). So a 100,000-line batch holds one runner slot per
 * workspace and yields after every few lines: the stage jobs of tickets and webhooks, and the stages the lines'
 * own instances start, run between its claims; and a ticket claim waits for one line's short transaction at most,
 * never for a long one. Several server processes share the work through the job's SKIP LOCKED claim.
 */
export const BATCH_JOB_KIND = 'batch';
export const BATCH_LINES_PER_CLAIM = 25;

const dedupeKey = (workspaceId: string) => `batch:${workspaceId}`;

/**
 * In the caller's transaction: makes the workspace's batch job due now (a new job, or the finished one again).
 * Play and "run a line" call it under the workspace lock; the runner decides to finish the job under the same lock,
 * so a wake-up is never lost between its last look and its finish.
 */
export async function wakeBatchRunner(tx: WorkspaceTx, workspaceId: string, now: Date): Promise<void> {
  await tx
    .insertInto('jobs')
    .values({ id: `job-${randomUUID()}`, workspace_id: workspaceId, kind: BATCH_JOB_KIND, dedupe_key: dedupeKey(workspaceId), run_at: now, payload: {}, created_at: now })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'dedupe_key'])
        .where('dedupe_key', 'is not', null)
        .doUpdateSet({ done_at: null, run_at: sql`least(jobs.run_at, excluded.run_at)`, attempts: 0, last_error: null }),
    )
    .execute();
}

type PendingLine = { id: string; batchId: string; lineNo: number | null; lineId: string; data: unknown; caseTypeId: string; batchName: string };

/** The next lines to run: lines queued alone first, then ongoing batches' lines in batch and file order. */
async function pendingLines(db: Kysely<Database>, workspaceId: string, limit: number): Promise<PendingLine[]> {
  const columns = ['batch_lines.id', 'batch_lines.batch_id as batchId', 'batch_lines.line_no as lineNo', 'batch_lines.line_id as lineId', 'batch_lines.data', 'batches.case_type_id as caseTypeId', 'batches.name as batchName'] as const;
  const queued = await db
    .selectFrom('batch_lines')
    .innerJoin('batches', 'batches.id', 'batch_lines.batch_id')
    .select(columns)
    .where('batch_lines.workspace_id', '=', workspaceId)
    .where('batch_lines.status', '=', LINE_STATUS.queued)
    .where('batch_lines.deleted', '=', false)
    .where('batches.deleted', '=', false)
    .limit(limit)
    .execute();
  const lines: PendingLine[] = [...queued];
  const ongoing = await db
    .selectFrom('batches')
    .select(['id'])
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', BATCH_STATUS.ongoing)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const batch of ongoing) {
    if (lines.length >= limit) break;
    const next = await db
      .selectFrom('batch_lines')
      .innerJoin('batches', 'batches.id', 'batch_lines.batch_id')
      .select(columns)
      .where('batch_lines.batch_id', '=', batch.id)
      .where('batch_lines.status', '=', LINE_STATUS.notStarted)
      .where('batch_lines.deleted', '=', false)
      // line_no alone: the index's own order, so no claim sorts the lines of a 100,000-line batch.
      .orderBy('batch_lines.line_no')
      .limit(limit - lines.length)
      .execute();
    lines.push(...next);
  }
  return lines;
}

class LineFailure extends Error {}

/** The case type's starting app as a line needs it, or why no line of that type can start. */
async function startPlanOf(db: Kysely<Database>, workspaceId: string, caseTypeId: string): Promise<StartPlan | string> {
  const caseType = await db.selectFrom('case_types').select('starting_app_id').where('id', '=', caseTypeId).where('deleted', '=', false).executeTakeFirst();
  if (!caseType) return LINE_ERRORS.caseTypeMissing;
  if (!caseType.starting_app_id) return LINE_ERRORS.noStartingApp;
  const plan = await planStart(db, caseType.starting_app_id);
  if (!plan || plan.app.workspace_id !== workspaceId) return LINE_ERRORS.noStartingApp;
  if (!plan.app.is_active) return LINE_ERRORS.startingAppInactive;
  if (!plan.graph?.some((stage) => stage.nodeType === 'start')) return LINE_ERRORS.startingAppNotRunnable;
  return plan;
}

/** Locks the line if it is still waiting to run (a retried claim, a deleted batch, or another runner may have moved it on). */
async function lockIfPending(tx: WorkspaceTx, lineId: string) {
  const row = await tx
    .selectFrom('batch_lines')
    .innerJoin('batches', 'batches.id', 'batch_lines.batch_id')
    .select(['batch_lines.status', 'batches.status as batchStatus', 'batches.deleted as batchDeleted', 'batch_lines.deleted'])
    .where('batch_lines.id', '=', lineId)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.deleted || row.batchDeleted) return false;
  return row.status === LINE_STATUS.queued || (row.status === LINE_STATUS.notStarted && row.batchStatus === BATCH_STATUS.ongoing);
}

const stringValues = (data: unknown): Record<string, string> => {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(Object.entries(data as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
};

export type BatchJobDeps = { db: Kysely<Database>; log: FastifyBaseLogger; now: () => Date; workerId: string };

async function runLine(deps: BatchJobDeps, job: Job, line: PendingLine, plan: StartPlan | string): Promise<void> {
  const { db, workerId } = deps;
  const workspaceId = job.workspace_id;
  const write = (work: (ctx: { tx: WorkspaceTx; rev: number; now: Date }) => Promise<void>) =>
    withWorkspaceWrite(db, workspaceId, async (tx, rev) => {
      await holdLease(tx, job, workerId);
      if (!(await lockIfPending(tx, line.id))) return;
      await work({ tx, rev, now: deps.now() });
    });
  try {
    await write(async ({ tx, rev, now }) => {
      if (typeof plan === 'string') throw new LineFailure(plan);
      const data = lineCaseData(stringValues(line.data));
      if (!data.ok) throw new LineFailure(data.reason);
      const caseId = `case-${randomUUID()}`;
      const ctx = { tx, rev, now, actor: engineActor(workspaceId) };
      await startInstance(ctx, { app: plan.app, eventId: null, graph: plan.graph, caseTypeId: line.caseTypeId, values: data.data, newCase: { id: caseId, description: `${line.batchName} · line ${line.lineId}`, batchId: line.batchId } });
      const state = await tx.selectFrom('cases').leftJoin('case_states', 'case_states.id', 'cases.state_id').select('case_states.description').where('cases.id', '=', caseId).executeTakeFirst();
      await tx
        .updateTable('batch_lines')
        .set({ status: LINE_STATUS.done, case_id: caseId, state: state?.description ?? null, error: null, processed_at: now, rev, updated_at: now })
        .where('id', '=', line.id)
        .execute();
      await tx
        .updateTable('batches')
        .set((eb) => ({ done_count: eb('done_count', '+', 1), rev, updated_at: now }))
        .where('id', '=', line.batchId)
        .execute();
    });
  } catch (error) {
    if (error instanceof LeaseLostError) throw error;
    const known = error instanceof LineFailure || error instanceof ApiError;
    if (!known) deps.log.error({ err: error, batchId: line.batchId, lineId: line.lineId }, 'a batch line could not start its case');
    const reason = known ? error.message : LINE_ERRORS.serverFault;
    await write(async ({ tx, rev, now }) => {
      await tx.updateTable('batch_lines').set({ status: LINE_STATUS.error, error: reason, processed_at: now, rev, updated_at: now }).where('id', '=', line.id).execute();
      await tx
        .updateTable('batches')
        .set((eb) => ({ error_count: eb('error_count', '+', 1), rev, updated_at: now }))
        .where('id', '=', line.batchId)
        .execute();
    });
  }
}

/** Ongoing batches with no line left to run end DONE or WARNING (part 2 §4) with their counts. */
async function finishIdleBatches(tx: WorkspaceTx, workspaceId: string, rev: number, now: Date): Promise<void> {
  const ongoing = await tx.selectFrom('batches').select(['id', 'error_count']).where('workspace_id', '=', workspaceId).where('status', '=', BATCH_STATUS.ongoing).where('deleted', '=', false).forUpdate().execute();
  for (const batch of ongoing) {
    const left = await tx
      .selectFrom('batch_lines')
      .select('id')
      .where('batch_id', '=', batch.id)
      .where('status', 'in', [LINE_STATUS.notStarted, LINE_STATUS.queued])
      .where('deleted', '=', false)
      .limit(1)
      .executeTakeFirst();
    if (left) continue;
    await tx.updateTable('batches').set({ status: finishedBatchStatus(batch.error_count), processed_at: now, rev, updated_at: now }).where('id', '=', batch.id).execute();
  }
}

/** One claim of a workspace's batch job: a few lines, then the batches that ended, then back in the queue or done. */
export async function runBatchJob(deps: BatchJobDeps, job: Job): Promise<void> {
  const { db, workerId } = deps;
  const workspaceId = job.workspace_id;
  const lines = await pendingLines(db, workspaceId, BATCH_LINES_PER_CLAIM);
  const plans = new Map<string, StartPlan | string>();
  for (const line of lines) {
    let plan = plans.get(line.caseTypeId);
    if (plan === undefined) {
      plan = await startPlanOf(db, workspaceId, line.caseTypeId);
      plans.set(line.caseTypeId, plan);
    }
    await runLine(deps, job, line, plan);
  }
  await withWorkspaceWrite(db, workspaceId, async (tx, rev) => {
    await holdLease(tx, job, workerId);
    const now = deps.now();
    await finishIdleBatches(tx, workspaceId, rev, now);
    const queued = await tx.selectFrom('batch_lines').select('id').where('workspace_id', '=', workspaceId).where('status', '=', LINE_STATUS.queued).where('deleted', '=', false).limit(1).executeTakeFirst();
    const ongoing = await tx.selectFrom('batches').select('id').where('workspace_id', '=', workspaceId).where('status', '=', BATCH_STATUS.ongoing).where('deleted', '=', false).limit(1).executeTakeFirst();
    if (queued || ongoing) {
      await tx.updateTable('jobs').set({ run_at: now, locked_by: null, locked_until: null, attempts: 0, last_error: null }).where('id', '=', job.id).execute();
    } else {
      await finishJob(tx, job.id, now);
    }
  });
}
