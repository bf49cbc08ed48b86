import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import { startStageOf, type FlowStage } from '../../src/domain/engine/flowGraph.ts';
import type { CaseHistoryTable, CaseLogsTable, CasesTable, InstancesTable, InstanceStagesTable } from '../db/domainTables.ts';
import { ApiError } from '../http/errors.ts';
import type { WriteContext } from '../services/context.ts';
import { stateChangeRows, unknownStateLog, type CaseStateRef } from './caseState.ts';
import { enqueueJobs, type NewJob } from './jobQueue.ts';
import { parseStoredGraph, stageRowId, type Values } from './instanceModel.ts';

/**
 * Starting instances inside the caller's revision transaction: the case (when the app starts a case type), the
 * instance, its start stage's row, the case's move to the stage's state, the stage's job and the app's count.
 * Several starts are written with one statement per table, so a group of webhook deliveries costs about as many
 * round trips, and as many runs of the case aggregates' statement triggers, as one start. A new case is inserted
 * already in its start stage's state (what moveCaseToState would make of it), which saves an update of every case
 * and a second run of those triggers.
 */
export type StartInput = {
  /** The client's id for the run (generated instances); otherwise the engine makes one. */
  id?: string;
  app: { id: string; name: string; flow_id: string | null };
  eventId: string | null;
  graph: FlowStage[] | null;
  values: Values;
  /** The case type this app starts (case_types.starting_app_id): a case is opened for the run. */
  caseTypeId: string | null;
  /** The id and description of that case when the caller chose them (a case created from a frame, a batch line's case). */
  newCase?: { id: string; description: string; batchId?: string };
};

export type Started = { instanceId: string; caseId: string | null };

export const noRunnableFlow = () => new ApiError(409, 'no-runnable-flow', "The app's workflow has no start stage to run");

/** The row of a stage visit that starts running now. */
export function stageRow(ctx: WriteContext, instanceId: string, stage: FlowStage, seq: number): Insertable<InstanceStagesTable> {
  const { rev, now } = ctx;
  return {
    id: stageRowId(instanceId, seq),
    workspace_id: ctx.actor.workspaceId,
    instance_id: instanceId,
    stage_key: stage.key,
    node_type: stage.nodeType,
    status: 'running',
    seq,
    values: {},
    started_at: now,
    rev,
    created_at: now,
    updated_at: now,
  };
}

/** The job that runs a stage visit. */
export const stageJob = (ctx: WriteContext, instanceId: string, stage: FlowStage, seq: number): NewJob => ({
  workspaceId: ctx.actor.workspaceId,
  kind: 'stage',
  instanceId,
  dedupeKey: `${instanceId}:${seq}`,
  runAt: ctx.now,
  payload: { stageKey: stage.key, seq },
});

export async function startInstance(ctx: WriteContext, input: StartInput): Promise<Started> {
  const [started] = await startInstances(ctx, [input]);
  if (!started) throw new Error('startInstances answered no instance');
  return started;
}

/** Starts every input or none: a throw (an input without a runnable flow) leaves the transaction to the caller. */
export async function startInstances(ctx: WriteContext, inputs: readonly StartInput[]): Promise<Started[]> {
  if (inputs.length === 0) return [];
  const { tx, rev, now } = ctx;
  const workspaceId = ctx.actor.workspaceId;
  // The plan was read before the workspace's revision lock; under it the flow's current version and graph are
  // read again, so the version recorded is the graph the run starts on even if the flow was saved in between.
  const flowIds = [...new Set(inputs.flatMap((i) => (i.graph && i.app.flow_id ? [i.app.flow_id] : [])))];
  const flows = flowIds.length > 0 ? await tx.selectFrom('flows').select(['id', 'version', 'stages']).where('id', 'in', flowIds).execute() : [];
  const current = new Map(flows.map((f) => [f.id, { version: f.version, graph: parseStoredGraph(f.stages) }]));
  const graphs = inputs.map((input) => {
    const flow = input.graph && input.app.flow_id ? current.get(input.app.flow_id) : undefined;
    const graph = flow ? flow.graph : input.graph;
    return { flow, start: graph ? startStageOf(graph) : undefined };
  });
  const states = await caseStates(
    ctx,
    inputs.flatMap((input, i) => {
      const key = graphs[i]?.start?.caseStateKey;
      return input.caseTypeId && key ? [{ caseTypeId: input.caseTypeId, stateKey: key }] : [];
    }),
  );

  const cases: Insertable<CasesTable>[] = [];
  const instances: Insertable<InstancesTable>[] = [];
  const stages: Insertable<InstanceStagesTable>[] = [];
  const history: Insertable<CaseHistoryTable>[] = [];
  const logs: Insertable<CaseLogsTable>[] = [];
  const jobs: NewJob[] = [];
  const counts = new Map<string, number>();
  const started = inputs.map((input, i): Started => {
    const { flow, start } = graphs[i] ?? {};
    if (!start) throw noRunnableFlow();
    const instanceId = input.id ?? `inst-${randomUUID()}`;
    let caseId: string | null = null;
    if (input.caseTypeId) {
      caseId = input.newCase?.id ?? `case-${randomUUID()}`;
      const customer = input.values.customerId ?? input.values.customer_id;
      const move = start.caseStateKey ? { caseId, stateKey: start.caseStateKey, stageName: start.name || start.key } : null;
      const state = move ? states.get(`${input.caseTypeId} ${move.stateKey}`) : undefined;
      if (move && state) {
        const rows = stateChangeRows(ctx, move, state);
        history.push(rows.history);
        logs.push(rows.log);
      } else if (move) {
        logs.push(unknownStateLog(ctx, move));
      }
      cases.push({
        id: caseId,
        workspace_id: workspaceId,
        case_type_id: input.caseTypeId,
        // A case leaves CREATED when its first state is reached.
        status: state ? 'PROGRESS' : 'CREATED',
        state_id: state?.stateId ?? null,
        customer_id: typeof customer === 'string' || typeof customer === 'number' ? String(customer) : null,
        description: input.newCase?.description ?? `Started by ${input.app.name}`,
        data: input.values,
        batch_id: input.newCase?.batchId ?? null,
        rev,
        created_at: now,
        updated_at: now,
      });
    }
    instances.push({
      id: instanceId,
      workspace_id: workspaceId,
      app_id: input.app.id,
      flow_id: input.app.flow_id,
      flow_version: flow?.version ?? null,
      event_id: input.eventId,
      case_id: caseId,
      name: `${input.app.name} ${caseId ?? instanceId.slice(5, 13)}`,
      status: 'UNPROCESSED',
      values: caseId ? { ...input.values, caseId } : input.values,
      stage_history: [],
      current_stage: start.key,
      start_date: now,
      rev,
      created_at: now,
      updated_at: now,
    });
    stages.push(stageRow(ctx, instanceId, start, 1));
    jobs.push(stageJob(ctx, instanceId, start, 1));
    counts.set(input.app.id, (counts.get(input.app.id) ?? 0) + 1);
    return { instanceId, caseId };
  });

  if (cases.length > 0) await tx.insertInto('cases').values(cases).execute();
  await tx.insertInto('instances').values(instances).execute();
  await tx.insertInto('instance_stages').values(stages).execute();
  if (history.length > 0) await tx.insertInto('case_history').values(history).execute();
  if (logs.length > 0) await tx.insertInto('case_logs').values(logs).execute();
  await enqueueJobs(tx, jobs);
  for (const [appId, count] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .updateTable('apps')
      .set({
        statistics: sql`jsonb_set(statistics, '{appsInstances}', to_jsonb(coalesce((statistics->>'appsInstances')::int, 0) + ${count}::int))`,
        rev,
        updated_at: now,
      })
      .where('id', '=', appId)
      .execute();
  }
  return started;
}

/** The states of the case types the starts open cases of, by "<case type> <state key>". */
async function caseStates(ctx: WriteContext, wanted: { caseTypeId: string; stateKey: string }[]): Promise<Map<string, CaseStateRef>> {
  const states = new Map<string, CaseStateRef>();
  if (wanted.length === 0) return states;
  const rows = await ctx.tx
    .selectFrom('case_states')
    .select(['id', 'case_type_id', 'state_key', 'description'])
    .where('case_type_id', 'in', [...new Set(wanted.map((w) => w.caseTypeId))])
    .where('state_key', 'in', [...new Set(wanted.map((w) => w.stateKey))])
    .where('deleted', '=', false)
    .execute();
  for (const row of rows) {
    const key = `${row.case_type_id} ${row.state_key}`;
    if (!states.has(key)) states.set(key, { stateId: row.id, description: row.description });
  }
  return states;
}
