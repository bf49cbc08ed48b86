import { randomUUID } from 'node:crypto';
import { isActiveInstance } from '../../src/domain/engine/instanceStatus.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { WriteContext } from '../services/context.ts';
import { advanceInstance, failInstance, lockInstance, parkInstance, type StageRef } from './instanceLifecycle.ts';
import { maskBody, maskHeaders, maskUrl } from '../../src/domain/traces/secretMasking.ts';
import { jsonParam, stageRowId, type InstanceRow } from './instanceModel.ts';
import { enqueueJob, finishJob, holdLease, type Job } from './jobQueue.ts';
import type { ApiCallRecord, StageOutcome, StageRun, TicketSpec } from './stages/stageTypes.ts';

/** The engine writes as a system actor of the workspace it works in (never stored as a user reference). */
export const engineActor = (workspaceId: string): AuthContext => ({ sessionId: 'engine', userId: 'engine', workspaceId, role: 'ADMIN' });

/** Is the instance still at this stage visit, not yet finished? (A retry or a cancel may have moved it on.) */
async function lockIfStillAt(ctx: WriteContext, instanceId: string, stageKey: string, seq: number): Promise<InstanceRow | null> {
  const instance = await lockInstance(ctx, instanceId);
  if (!instance || !isActiveInstance(instance.status) || instance.current_stage !== stageKey) return null;
  const row = await ctx.tx.selectFrom('instance_stages').select('status').where('id', '=', stageRowId(instance.id, seq)).executeTakeFirst();
  return row?.status === 'running' || row?.status === 'waiting' ? instance : null;
}

/**
 * Records a stage's outcome and finishes its job in the caller's revision transaction, while this runner still
 * holds the job's lease. A stale job (the instance moved on) is only finished.
 */
export async function commitStageOutcome(ctx: WriteContext, job: Job, workerId: string, run: StageRun, outcome: StageOutcome): Promise<void> {
  await holdLease(ctx.tx, job, workerId);
  const instance = await lockIfStillAt(ctx, run.instance.id, run.stage.key, run.seq);
  if (instance) {
    const ref: StageRef = { stage: run.stage, seq: run.seq, source: run.template?.id ?? run.stage.templateId ?? null };
    if ('apiCalls' in outcome && outcome.apiCalls) await recordApiCalls(ctx, instance.id, run.stage.key, outcome.apiCalls);
    switch (outcome.kind) {
      case 'advance':
        await advanceInstance(ctx, instance, run.graph, ref, outcome.exported, outcome.parameters);
        break;
      case 'fail':
        await failInstance(ctx, instance, ref, outcome.error, outcome.parameters ?? {});
        break;
      case 'wait-until':
        await parkInstance(ctx, instance, ref, outcome.parameters, outcome.wakeAt);
        await enqueueJob(ctx.tx, {
          workspaceId: instance.workspace_id,
          kind: 'stage',
          instanceId: instance.id,
          dedupeKey: `${instance.id}:${run.seq}:wake`,
          runAt: outcome.wakeAt,
          payload: { stageKey: run.stage.key, seq: run.seq, wakeAt: outcome.wakeAt.toISOString() },
        });
        break;
      case 'open-ticket':
        await openTicket(ctx, instance, ref, outcome.ticket, outcome.parameters);
        break;
      case 'wait-answer':
        // Like a ticket wait: no wake time; the answer link enqueues the stage's job (contactAnswer.ts).
        await parkInstance(ctx, instance, ref, outcome.parameters, null);
        await ctx.tx
          .insertInto('contact_answers')
          .values({ id: `ans-${randomUUID()}`, workspace_id: instance.workspace_id, instance_id: instance.id, stage_key: run.stage.key, seq: run.seq, code_hash: outcome.codeHash, created_at: ctx.now })
          .execute();
        break;
    }
  }
  await finishJob(ctx.tx, job.id, ctx.now);
}

/** Gives up on a stage that kept crashing or erroring: the instance fails on it and can be retried. */
export async function abandonStage(ctx: WriteContext, job: Job, workerId: string, run: Pick<StageRun, 'instance' | 'stage' | 'seq'>, error: string) {
  await holdLease(ctx.tx, job, workerId);
  const instance = await lockIfStillAt(ctx, run.instance.id, run.stage.key, run.seq);
  if (instance) {
    await failInstance(ctx, instance, { stage: run.stage, seq: run.seq, source: run.stage.templateId ?? null }, error);
  }
  await finishJob(ctx.tx, job.id, ctx.now);
}

async function openTicket(ctx: WriteContext, instance: InstanceRow, ref: StageRef, spec: TicketSpec, parameters: StageRun['values']) {
  const team = await ctx.tx
    .selectFrom('teams')
    .select('id')
    .where('id', '=', spec.teamId)
    .where('workspace_id', '=', instance.workspace_id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!team) {
    await failInstance(ctx, instance, ref, `Team ${spec.teamId} of stage '${ref.stage.key}' does not exist`, parameters);
    return;
  }
  const values = instance.values && typeof instance.values === 'object' && !Array.isArray(instance.values) ? instance.values : {};
  const text = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : null);
  const ticketId = `tkt-${randomUUID()}`;
  await ctx.tx
    .insertInto('tickets')
    .values({
      id: ticketId,
      workspace_id: instance.workspace_id,
      case_id: instance.case_id,
      instance_id: instance.id,
      stage_key: ref.stage.key,
      operation: instance.case_id ?? instance.id,
      contact: text('email'),
      contact_name: text('customerName') ?? text('name'),
      description: spec.description,
      team_id: spec.teamId,
      template: spec.html,
      template_version: spec.templateVersion,
      initial_values: values,
      data: {},
      sla_seconds: spec.slaSeconds,
      due_at: new Date(ctx.now.getTime() + spec.slaSeconds * 1000),
      rev: ctx.rev,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .execute();
  await parkInstance(ctx, instance, ref, { ...parameters, ticketId }, null);
}

async function recordApiCalls(ctx: WriteContext, instanceId: string, stageKey: string, calls: ApiCallRecord[]) {
  if (calls.length === 0) return;
  await ctx.tx
    .insertInto('external_api_executions')
    .values(
      calls.map((call) => ({
        id: `api-${randomUUID()}`,
        workspace_id: ctx.actor.workspaceId,
        instance_id: instanceId,
        stage_key: stageKey,
        request_method: call.method,
        // Secrets are masked as they are recorded: the trace replicates to administrators' devices.
        request_url: maskUrl(call.url),
        request_headers: maskHeaders(call.requestHeaders),
        request_body: jsonParam(maskBody(call.requestBody)),
        response_status: call.responseStatus,
        response_headers: maskHeaders(call.responseHeaders),
        response_body: jsonParam(maskBody(call.responseBody)),
        status: call.error ? ('error' as const) : ('success' as const),
        duration_ms: call.durationMs,
        error_message: call.error,
        error_code: call.errorCode,
        initiated_by: 'engine',
        executed_at: call.at,
        rev: ctx.rev,
        created_at: call.at,
        updated_at: ctx.now,
      })),
    )
    .execute();
}
