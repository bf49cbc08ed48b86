import { BATCH_REFUSALS, BATCH_STATUS, LINE_READY_STATE, LINE_STATUS, batchLineRowId, changeRefusal, mayActOnBatch, mayCreateBatch, playRefusal, runLineRefusal, type BatchActor, type BatchLine, type Refusal } from '../../src/domain/batches/batchLifecycle.ts';
import type { AddBatchLinesArgs, BatchLineRefArgs, BatchRefArgs, CreateBatchArgs, UpdateBatchArgs } from '../../src/domain/mutations/batchMutations.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { wakeBatchRunner } from '../engine/batchJobs.ts';
import { ApiError } from '../http/errors.ts';
import { loadVisibility } from '../sync/visibility.ts';
import type { WriteContext, WriteService } from './context.ts';

/**
 * The batch writes (issue 17): the services behind the `batch.*` mutations of the outbox and the part 2 §7 calls.
 * Each runs in the caller's workspace transaction and refuses with the words of part 2 §8.
 */

export const refused = (refusal: Refusal) => new ApiError(409, refusal.code, refusal.message);
const batchNotFound = () => new ApiError(404, 'not-found', BATCH_REFUSALS.notFound);
const lineNotFound = () => new ApiError(404, 'not-found', BATCH_REFUSALS.lineNotFound);

export async function batchActorOf(tx: Kysely<Database>, actor: AuthContext): Promise<BatchActor> {
  const visibility = await loadVisibility(tx, actor);
  return { userId: actor.userId, isAdmin: visibility.isAdmin, hasBatchesModule: visibility.modules.has('BATCHES') };
}

/** The batch, locked for this transaction, if the caller may act on it; a batch of someone else is not found. */
export async function lockVisibleBatch(ctx: WriteContext, batchId: string) {
  const batch = await ctx.tx
    .selectFrom('batches')
    .select(['id', 'status', 'user_id', 'inserted_count', 'line_count', 'done_count', 'error_count'])
    .where('id', '=', batchId)
    .where('workspace_id', '=', ctx.actor.workspaceId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!batch || !mayActOnBatch(await batchActorOf(ctx.tx, ctx.actor), batch.user_id)) throw batchNotFound();
  return batch;
}

async function lockLine(ctx: WriteContext, batchId: string, lineId: string) {
  const line = await ctx.tx
    .selectFrom('batch_lines')
    .select(['id', 'status'])
    .where('id', '=', batchLineRowId(batchId, Number(lineId)))
    .where('batch_id', '=', batchId)
    .where('deleted', '=', false)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw lineNotFound();
  return line;
}

export type CreatedBatch = { batchId: string; insertedCount: number; lineCount: number };

/** A batch not started, of a case type of the workspace; a repeat of the same id by its owner answers the batch. */
export const createBatch: WriteService<CreateBatchArgs, CreatedBatch> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  if (!mayCreateBatch(await batchActorOf(tx, actor))) throw new ApiError(403, 'forbidden', BATCH_REFUSALS.notAllowed);
  const caseType = await tx
    .selectFrom('case_types')
    .select('id')
    .where('id', '=', args.caseTypeId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!caseType) throw new ApiError(404, 'not-found', BATCH_REFUSALS.caseTypeMissing);
  const existing = await tx.selectFrom('batches').select(['workspace_id', 'user_id', 'inserted_count', 'line_count']).where('id', '=', args.batchId).executeTakeFirst();
  if (existing) {
    if (existing.workspace_id === actor.workspaceId && existing.user_id === actor.userId) {
      return { batchId: args.batchId, insertedCount: existing.inserted_count, lineCount: existing.line_count };
    }
    throw new ApiError(409, 'conflict', BATCH_REFUSALS.idTaken);
  }
  const user = await tx.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst();
  await tx
    .insertInto('batches')
    .values({
      id: args.batchId,
      workspace_id: actor.workspaceId,
      name: args.name,
      description: args.description,
      status: BATCH_STATUS.notStarted,
      case_type_id: caseType.id,
      user_id: actor.userId,
      user_name: user?.name ?? '',
      batch_data: [],
      header: args.header,
      line_count: args.lineCount,
      rev,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { batchId: args.batchId, insertedCount: 0, lineCount: args.lineCount };
};

/** Rows per insert statement: 10 parameters a row stays far below PostgreSQL's 65,535 per statement. */
const INSERT_ROWS = 500;

/** Inserts lines that are not there yet (by number); answers how many were new. */
export async function insertLines(ctx: WriteContext, batchId: string, lines: readonly BatchLine[]): Promise<number> {
  const { tx, rev, actor, now } = ctx;
  let inserted = 0;
  for (let start = 0; start < lines.length; start += INSERT_ROWS) {
    const rows = lines.slice(start, start + INSERT_ROWS).map((line) => ({
      id: batchLineRowId(batchId, line.lineNo),
      workspace_id: actor.workspaceId,
      batch_id: batchId,
      line_id: String(line.lineNo),
      line_no: line.lineNo,
      status: LINE_STATUS.notStarted,
      data: line.values,
      state: LINE_READY_STATE,
      rev,
      created_at: now,
      updated_at: now,
    }));
    // Without a target, any unique key that matches (the row id, or the batch and line number) skips the row.
    const written = await tx.insertInto('batch_lines').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute();
    inserted += written.length;
  }
  return inserted;
}

/** One chunk of a batch's lines; a chunk sent again adds nothing (issue 17 item 3). */
export const addBatchLines: WriteService<AddBatchLinesArgs, { inserted: number; insertedCount: number; lineCount: number }> = async (ctx, args) => {
  const batch = await lockVisibleBatch(ctx, args.batchId);
  const refusal = changeRefusal(batch);
  if (refusal) throw refused(refusal);
  const inserted = await insertLines(ctx, args.batchId, args.lines);
  if (inserted > 0) {
    await ctx.tx
      .updateTable('batches')
      .set((eb) => ({ inserted_count: eb('inserted_count', '+', inserted), rev: ctx.rev, updated_at: ctx.now }))
      .where('id', '=', args.batchId)
      .execute();
  }
  return { inserted, insertedCount: batch.inserted_count + inserted, lineCount: batch.line_count };
};

export const updateBatch: WriteService<UpdateBatchArgs, { batchId: string }> = async (ctx, args) => {
  await lockVisibleBatch(ctx, args.batchId);
  await ctx.tx
    .updateTable('batches')
    .set({ ...(args.name === undefined ? {} : { name: args.name }), ...(args.description === undefined ? {} : { description: args.description }), rev: ctx.rev, updated_at: ctx.now })
    .where('id', '=', args.batchId)
    .execute();
  return { batchId: args.batchId };
};

/** Play (part 2 §4): the batch becomes ongoing and the workspace's batch runner is woken. */
export const playBatch: WriteService<BatchRefArgs, { batchId: string; status: string; message: string }> = async (ctx, args) => {
  const batch = await lockVisibleBatch(ctx, args.batchId);
  // Counted, not taken from inserted_count: lines written without the counter (the demo seed's) count too.
  const aLine = await ctx.tx.selectFrom('batch_lines').select('id').where('batch_id', '=', args.batchId).where('deleted', '=', false).limit(1).executeTakeFirst();
  const refusal = playRefusal({ status: batch.status, insertedCount: aLine ? Math.max(1, batch.inserted_count) : 0 });
  if (refusal) throw refused(refusal);
  await ctx.tx.updateTable('batches').set({ status: BATCH_STATUS.ongoing, processed_at: null, rev: ctx.rev, updated_at: ctx.now }).where('id', '=', args.batchId).execute();
  await wakeBatchRunner(ctx.tx, ctx.actor.workspaceId, ctx.now);
  return { batchId: args.batchId, status: BATCH_STATUS.ongoing, message: BATCH_REFUSALS.inProgress };
};

/**
 * Runs one line alone (part 2 §7 "POST on a line executes it"): a line not run yet of a batch not started, or a
 * line in ERROR, queued for the batch runner. A finished batch whose line runs again is ongoing until it ends.
 */
export const runBatchLine: WriteService<BatchLineRefArgs, { batchId: string; lineId: string; status: string }> = async (ctx, args) => {
  const batch = await lockVisibleBatch(ctx, args.batchId);
  const line = await lockLine(ctx, args.batchId, args.lineId);
  const refusal = runLineRefusal({ status: batch.status, insertedCount: batch.inserted_count }, line);
  if (refusal) throw refused(refusal);
  const { tx, rev, now } = ctx;
  await tx.updateTable('batch_lines').set({ status: LINE_STATUS.queued, error: null, rev, updated_at: now }).where('id', '=', line.id).execute();
  const finished = batch.status === BATCH_STATUS.done || batch.status === BATCH_STATUS.warning;
  const wasError = line.status === LINE_STATUS.error;
  if (finished || wasError) {
    await tx
      .updateTable('batches')
      .set((eb) => ({
        ...(finished ? { status: BATCH_STATUS.ongoing } : {}),
        ...(wasError ? { error_count: eb('error_count', '-', 1) } : {}),
        rev,
        updated_at: now,
      }))
      .where('id', '=', args.batchId)
      .execute();
  }
  await wakeBatchRunner(tx, ctx.actor.workspaceId, now);
  return { batchId: args.batchId, lineId: args.lineId, status: LINE_STATUS.queued };
};

/** Deletes a batch not started, with its lines (tombstones, so every replica drops them). */
export const deleteBatch: WriteService<BatchRefArgs, { batchId: string }> = async (ctx, args) => {
  const batch = await lockVisibleBatch(ctx, args.batchId);
  const refusal = changeRefusal(batch);
  if (refusal) throw refused(refusal);
  const busy = await ctx.tx.selectFrom('batch_lines').select('id').where('batch_id', '=', args.batchId).where('status', '=', LINE_STATUS.queued).where('deleted', '=', false).executeTakeFirst();
  if (busy) throw refused({ code: 'line-busy', message: BATCH_REFUSALS.lineBusy });
  const { tx, rev, now } = ctx;
  await tx.updateTable('batch_lines').set({ deleted: true, rev, updated_at: now }).where('batch_id', '=', args.batchId).where('deleted', '=', false).execute();
  await tx.updateTable('batches').set({ deleted: true, rev, updated_at: now }).where('id', '=', args.batchId).execute();
  return { batchId: args.batchId };
};

/** Deletes one line of a batch not started; its number stays taken, so a chunk sent again does not bring it back. */
export const deleteBatchLine: WriteService<BatchLineRefArgs, { batchId: string; lineId: string }> = async (ctx, args) => {
  const batch = await lockVisibleBatch(ctx, args.batchId);
  const refusal = changeRefusal(batch);
  if (refusal) throw refused(refusal);
  const line = await lockLine(ctx, args.batchId, args.lineId);
  if (line.status === LINE_STATUS.queued) throw refused({ code: 'line-busy', message: BATCH_REFUSALS.lineBusy });
  const { tx, rev, now } = ctx;
  await tx.updateTable('batch_lines').set({ deleted: true, rev, updated_at: now }).where('id', '=', line.id).execute();
  await tx
    .updateTable('batches')
    .set((eb) => ({
      inserted_count: eb('inserted_count', '-', 1),
      ...(line.status === LINE_STATUS.done ? { done_count: eb('done_count', '-', 1) } : {}),
      ...(line.status === LINE_STATUS.error ? { error_count: eb('error_count', '-', 1) } : {}),
      rev,
      updated_at: now,
    }))
    .where('id', '=', args.batchId)
    .execute();
  return { batchId: args.batchId, lineId: args.lineId };
};
