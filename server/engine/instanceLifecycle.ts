import { sql } from 'kysely';
import { nextStageKey, type FlowStage } from '../../src/domain/engine/flowGraph.ts';
import type { InstanceStageStatus, InstanceStatus } from '../db/domainTables.ts';
import type { WriteContext } from '../services/context.ts';
import { moveCaseToState } from './caseState.ts';
import { enqueueJob } from './jobQueue.ts';
import { historyOf, stageRowId, upsertHistory, valuesOf, type InstanceRow, type StageHistoryEntry, type Values } from './instanceModel.ts';
import { stageJob, stageRow } from './instanceStart.ts';

export { noRunnableFlow, startInstance, startInstances, type StartInput, type Started } from './instanceStart.ts';

/**
 * The state changes of an instance, each inside the caller's revision transaction: start, enter a stage (its
 * stage row, its case state and its job are written together), advance along a transition, wait, fail, end.
 * Because the job of the next stage is enqueued in the same transaction that records a stage's outcome, a crash
 * either loses both (the stage runs again) or keeps both (it never runs again).
 */
export type StageRef = { stage: FlowStage; seq: number; source: string | null };

export async function lockInstance(ctx: WriteContext, instanceId: string): Promise<InstanceRow | undefined> {
  return ctx.tx.selectFrom('instances').selectAll().where('id', '=', instanceId).where('deleted', '=', false).forUpdate().executeTakeFirst();
}

/** Writes the stage row (running), moves the case, and enqueues the stage's job. */
export async function enterStage(ctx: WriteContext, instance: Pick<InstanceRow, 'id' | 'case_id'>, stage: FlowStage, seq: number): Promise<void> {
  await ctx.tx.insertInto('instance_stages').values(stageRow(ctx, instance.id, stage, seq)).execute();
  if (instance.case_id && stage.caseStateKey) {
    await moveCaseToState(ctx, { caseId: instance.case_id, stateKey: stage.caseStateKey, stageName: stage.name || stage.key });
  }
  await enqueueJob(ctx.tx, stageJob(ctx, instance.id, stage, seq));
}

function historyEntry(ref: StageRef, status: InstanceStageStatus, now: Date, parameters: Values, error?: string): StageHistoryEntry {
  return {
    seq: ref.seq,
    stage: ref.stage.key,
    stage_type: ref.stage.nodeType,
    source: ref.source,
    success: status === 'success',
    status,
    timestamp: now.toISOString(),
    parameters,
    ...(error ? { error } : {}),
  };
}

async function setStageRow(ctx: WriteContext, instanceId: string, ref: StageRef, status: InstanceStageStatus, values: Values, error: string | null) {
  await ctx.tx
    .updateTable('instance_stages')
    .set({ status, values, error, finished_at: status === 'waiting' ? null : ctx.now, rev: ctx.rev, updated_at: ctx.now })
    .where('id', '=', stageRowId(instanceId, ref.seq))
    .execute();
}

type InstancePatch = { status?: InstanceStatus; values?: Values; current_stage?: string | null; end_date?: Date | null; wake_at?: Date | null; error?: string | null };

async function patchInstance(ctx: WriteContext, instance: InstanceRow, history: StageHistoryEntry[], patch: InstancePatch) {
  await ctx.tx
    .updateTable('instances')
    .set({ ...patch, stage_history: history as unknown as Values[], rev: ctx.rev, updated_at: ctx.now })
    .where('id', '=', instance.id)
    .execute();
}

/** A stage succeeded: merge its exported values and take the first transition that holds (or end the run). */
export async function advanceInstance(
  ctx: WriteContext,
  instance: InstanceRow,
  graph: readonly FlowStage[],
  ref: StageRef,
  exported: Values,
  parameters: Values,
): Promise<void> {
  const values = { ...valuesOf(instance.values), ...exported };
  await setStageRow(ctx, instance.id, ref, 'success', parameters, null);
  const history = upsertHistory(historyOf(instance.stage_history), historyEntry(ref, 'success', ctx.now, parameters));
  const nextKey = nextStageKey(ref.stage, values);
  if (nextKey === null || ref.stage.nodeType === 'end') {
    await endInstance(ctx, { ...instance, values }, history);
    return;
  }
  const next = nextKey === undefined ? undefined : graph.find((s) => s.key === nextKey);
  if (!next) {
    const error = nextKey === undefined ? `No transition of stage '${ref.stage.key}' holds for the instance's values` : `Stage '${nextKey}' is not in the workflow`;
    await patchInstance(ctx, instance, history, { status: 'ERROR', values, error, end_date: ctx.now });
    return;
  }
  await enterStage(ctx, instance, next, ref.seq + 1);
  await patchInstance(ctx, instance, history, { status: 'RUNNING', values, current_stage: next.key, wake_at: null });
}

async function endInstance(ctx: WriteContext, instance: InstanceRow, history: StageHistoryEntry[]) {
  await patchInstance(ctx, instance, history, { status: 'DONE', values: valuesOf(instance.values), current_stage: null, end_date: ctx.now, wake_at: null, error: null });
  const executed = history.filter((e) => e.success).length;
  await ctx.tx
    .updateTable('apps')
    .set({
      statistics: sql`jsonb_set(statistics, '{executedPoints}', to_jsonb(coalesce((statistics->>'executedPoints')::int, 0) + ${executed}))`,
      rev: ctx.rev,
      updated_at: ctx.now,
    })
    .where('id', '=', instance.app_id)
    .execute();
  if (instance.case_id) {
    await ctx.tx
      .updateTable('cases')
      .set({ status: 'COMPLETED', closing: ctx.now, rev: ctx.rev, updated_at: ctx.now })
      .where('id', '=', instance.case_id)
      .where('status', '!=', 'COMPLETED')
      .execute();
  }
}

/** The stage failed: the instance stops in ERROR on that stage, so a retry can start from it. */
export async function failInstance(ctx: WriteContext, instance: InstanceRow, ref: StageRef, error: string, parameters: Values = {}): Promise<void> {
  await setStageRow(ctx, instance.id, ref, 'failed', parameters, error);
  const history = upsertHistory(historyOf(instance.stage_history), historyEntry(ref, 'failed', ctx.now, parameters, error));
  await patchInstance(ctx, instance, history, { status: 'ERROR', error, end_date: ctx.now, current_stage: ref.stage.key, wake_at: null });
}

/** A human-interface or timer stage parks the instance; its history entry shows it waiting. */
export async function parkInstance(ctx: WriteContext, instance: InstanceRow, ref: StageRef, parameters: Values, wakeAt: Date | null): Promise<void> {
  await setStageRow(ctx, instance.id, ref, 'waiting', parameters, null);
  const history = upsertHistory(historyOf(instance.stage_history), historyEntry(ref, 'waiting', ctx.now, parameters));
  await patchInstance(ctx, instance, history, { status: 'RUNNING', wake_at: wakeAt });
}

/** A human-interface stage whose ticket was canceled: the run ends INCOMPLETE (nothing failed, it was called off). */
export async function cancelAtStage(ctx: WriteContext, instance: InstanceRow, ref: StageRef, parameters: Values): Promise<void> {
  await setStageRow(ctx, instance.id, ref, 'canceled', parameters, null);
  const history = upsertHistory(historyOf(instance.stage_history), historyEntry(ref, 'canceled', ctx.now, parameters));
  await patchInstance(ctx, instance, history, { status: 'INCOMPLETE', current_stage: null, end_date: ctx.now, wake_at: null });
}
