import type { Kysely, Selectable } from 'kysely';
import { startStageOf } from '../../src/domain/engine/flowGraph.ts';
import { canRetryInstance } from '../../src/domain/engine/instanceStatus.ts';
import type { InstancesQuery, RetryInstanceArgs, StartInstancesArgs } from '../../src/domain/engine/schemas.ts';
import { ENGINE_MESSAGES } from '../../src/domain/mutations/engineMutations.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { InstanceStagesTable } from '../db/domainTables.ts';
import type { Database } from '../db/schema.ts';
import { requireModule } from '../engine/access.ts';
import { graphOfInstance } from '../engine/flowVersions.ts';
import { enterStage, lockInstance, noRunnableFlow, startInstance } from '../engine/instanceLifecycle.ts';
import { valuesOf, type InstanceRow, type Values } from '../engine/instanceModel.ts';
import { planStart } from '../engine/startPlan.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { findApp } from './apps.ts';
import type { WriteService } from './context.ts';

/** App instances (part 1 §2–§4, §7): reads for history and detail, and the retry of a failed run. */
export function instanceView(row: InstanceRow) {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    status: row.status,
    appId: row.app_id,
    flowId: row.flow_id,
    flowVersion: row.flow_version,
    eventId: row.event_id,
    caseId: row.case_id,
    startDate: row.start_date?.toISOString() ?? null,
    endDate: row.end_date?.toISOString() ?? null,
    currentStage: row.current_stage,
    error: row.error,
    attempt: row.attempt,
    stage_history: row.stage_history,
  };
}

export function stageView(row: Selectable<InstanceStagesTable>) {
  return {
    id: row.id,
    stage: row.stage_key,
    nodeType: row.node_type,
    status: row.status,
    seq: row.seq,
    values: row.values,
    startedAt: row.started_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    error: row.error,
  };
}

const notFoundInstance = () => notFound('Instance');

/**
 * Retries a failed instance from its failed stage or from the start (then with the values it started with).
 * The history is kept: the retried stage is a new visit with the next sequence number.
 */
export const retryInstance: WriteService<RetryInstanceArgs, ReturnType<typeof instanceView>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireModule(tx, actor, 'APPS');
  const instance = await lockInstance(ctx, args.id);
  if (!instance || instance.workspace_id !== actor.workspaceId) throw notFoundInstance();
  if (!canRetryInstance(instance.status)) throw new ApiError(409, 'not-failed', `Only a failed instance can be retried (this one is ${instance.status})`);
  // A retry stays on the version the instance started on, from the failed stage or from the start.
  const graph = await graphOfInstance(tx, instance);
  const stage = args.from === 'start' ? startStageOf(graph) : graph.find((s) => s.key === instance.current_stage);
  if (!stage) {
    throw new ApiError(409, 'stage-missing', args.from === 'start' ? "The app's workflow has no start stage" : 'The failed stage is no longer in the workflow: retry from the start');
  }
  const last = await tx.selectFrom('instance_stages').select((eb) => eb.fn.max('seq').as('seq')).where('instance_id', '=', instance.id).executeTakeFirst();
  let values = valuesOf(instance.values);
  if (args.from === 'start') {
    const firstStart = await tx.selectFrom('instance_stages').select('values').where('instance_id', '=', instance.id).where('node_type', '=', 'start').orderBy('seq').limit(1).executeTakeFirst();
    values = { ...valuesOf(firstStart?.values), ...(instance.case_id ? { caseId: instance.case_id } : {}) };
  }
  await enterStage(ctx, instance, stage, Number(last?.seq ?? 0) + 1);
  const updated = await tx
    .updateTable('instances')
    .set({ status: 'RUNNING', error: null, end_date: null, wake_at: null, current_stage: stage.key, values, attempt: instance.attempt + 1, rev, updated_at: now })
    .where('id', '=', instance.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return instanceView(updated);
};

/**
 * The Apps list's 'generate instances' (part 1 §2): N runs of an active app with the given values, started as a
 * webhook or a cron tick starts one (the start stage's job is enqueued with each, so the runner picks them up).
 * APPS module, and for anyone but an administrator an engine the caller is authorised on, as for editing apps.
 */
export const startInstances: WriteService<StartInstancesArgs, { instanceIds: string[] }> = async (ctx, args) => {
  const { tx, actor } = ctx;
  const access = await requireModule(tx, actor, 'APPS');
  const app = await tx
    .selectFrom('apps')
    .select(['id', 'engine_id', 'is_active'])
    .where('id', '=', args.appId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!app) throw notFound('App');
  if (!access.isAdmin) {
    const authorised = await tx.selectFrom('engine_users').select('id').where('engine_id', '=', app.engine_id).where('user_id', '=', actor.userId).where('deleted', '=', false).executeTakeFirst();
    if (!authorised) throw forbidden();
  }
  if (!app.is_active) throw new ApiError(409, 'app-inactive', ENGINE_MESSAGES.appInactive);
  const taken = await tx.selectFrom('instances').select('id').where('id', 'in', args.ids).executeTakeFirst();
  if (taken) throw new ApiError(409, 'already-exists', `Instance id ${taken.id} is already used`);
  const plan = await planStart(tx, app.id);
  if (!plan?.graph?.some((stage) => stage.nodeType === 'start')) throw noRunnableFlow();
  const instanceIds: string[] = [];
  for (const id of args.ids) {
    const started = await startInstance(ctx, { id, app: plan.app, eventId: null, graph: plan.graph, caseTypeId: plan.caseTypeId, values: args.values as Values });
    instanceIds.push(started.instanceId);
  }
  return { instanceIds };
};

async function findInstance(db: Kysely<Database>, actor: AuthContext, instanceId: string, appId?: string): Promise<InstanceRow> {
  await requireModule(db, actor, 'APPS');
  let query = db.selectFrom('instances').selectAll().where('id', '=', instanceId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false);
  if (appId) query = query.where('app_id', '=', appId);
  const row = await query.executeTakeFirst();
  if (!row) throw notFoundInstance();
  return row;
}

export async function listAppInstances(db: Kysely<Database>, actor: AuthContext, appId: string, filter: InstancesQuery) {
  await requireModule(db, actor, 'APPS');
  await findApp(db, actor.workspaceId, appId);
  let query = db.selectFrom('instances').selectAll().where('app_id', '=', appId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false);
  if (filter.status && filter.status.length > 0) query = query.where('status', 'in', filter.status);
  // Part 1 §5: the date range applies only when both dates are chosen.
  if (filter.startDate && filter.endDate) query = query.where('start_date', '>=', filter.startDate).where('start_date', '<=', filter.endDate);
  const rows = await query.orderBy('start_date', 'desc').orderBy('id').limit(filter.limit).offset(filter.offset).execute();
  return rows.map(instanceView);
}

export async function getInstance(db: Kysely<Database>, actor: AuthContext, instanceId: string) {
  const row = await findInstance(db, actor, instanceId);
  const stages = await db.selectFrom('instance_stages').selectAll().where('instance_id', '=', row.id).orderBy('seq').execute();
  return { ...instanceView(row), values: row.values, stages: stages.map(stageView) };
}

export async function getInstanceValues(db: Kysely<Database>, actor: AuthContext, instanceId: string) {
  return valuesOf((await findInstance(db, actor, instanceId)).values);
}

export async function listInstanceStages(db: Kysely<Database>, actor: AuthContext, appId: string, instanceId: string) {
  const row = await findInstance(db, actor, instanceId, appId);
  const stages = await db.selectFrom('instance_stages').selectAll().where('instance_id', '=', row.id).orderBy('seq').execute();
  return stages.map(stageView);
}

export async function getInstanceStage(db: Kysely<Database>, actor: AuthContext, appId: string, instanceId: string, stageId: string) {
  const row = await findInstance(db, actor, instanceId, appId);
  const stage = await db.selectFrom('instance_stages').selectAll().where('instance_id', '=', row.id).where('id', '=', stageId).executeTakeFirst();
  if (!stage) throw notFound('Stage');
  return stageView(stage);
}
