import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CreateFlowArgs, UpdateFlowArgs } from '../../src/domain/engine/schemas.ts';
import type { FlowStage } from '../../src/domain/engine/flowGraph.ts';
import { graphShapeProblem } from '../../src/domain/engine/flowValidation.ts';
import { stageDisplayStatus } from '../../src/domain/engine/instanceStatus.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { FlowsTable } from '../db/domainTables.ts';
import type { Database } from '../db/schema.ts';
import { requireAnyModule, requireModule } from '../engine/access.ts';
import { recordFlowVersion, versionForSave } from '../engine/flowVersions.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import type { WriteService } from './context.ts';

/**
 * Flows (part 1 §2, §3, §7: /flowmanager and /flowrouter). Editing needs the MODELER module and not the
 * WFREADONLY right; the graph is validated by the shared flowGraphSchema before it is stored.
 */
type FlowRow = Selectable<FlowsTable>;

export function flowView(flow: FlowRow) {
  return {
    _id: flow.id,
    id: flow.id,
    name: flow.name,
    description: flow.description,
    WS: flow.workspace_id,
    creator: flow.creator_user_id,
    type: flow.type,
    stages: flow.stages,
    version: flow.version,
    updated_at: flow.updated_at.toISOString(),
  };
}

function checkWorkspace(actor: AuthContext, ws: string | undefined) {
  // The modeler sends the workspace it believes it edits; another workspace's id is refused, never followed.
  if (ws !== undefined && ws !== actor.workspaceId) throw new ApiError(403, 'other-workspace', 'This workflow belongs to another workspace');
}

async function requireEditor(db: Parameters<typeof requireModule>[0], actor: AuthContext) {
  const access = await requireModule(db, actor, 'MODELER');
  if (access.rights.has('WFREADONLY')) throw forbidden();
}

export const createFlow: WriteService<CreateFlowArgs, ReturnType<typeof flowView>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireEditor(tx, actor);
  checkWorkspace(actor, args.WS);
  const id = args.id ?? `flow-${randomUUID()}`;
  if (args.id && (await tx.selectFrom('flows').select('id').where('id', '=', id).executeTakeFirst())) {
    throw new ApiError(409, 'already-exists', 'A workflow with this id already exists');
  }
  if (args.stages !== undefined) refuseBadShape(args.stages);
  const flow = await tx
    .insertInto('flows')
    .values({
      id,
      workspace_id: actor.workspaceId,
      name: args.name,
      description: args.description,
      creator_user_id: actor.userId,
      type: args.type,
      stages: args.stages ?? [],
      rev,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordFlowVersion(ctx, flow, { replace: true });
  return flowView(flow);
};

/** A graph a run could not follow is refused before anything is written (the modeler never sends one). */
function refuseBadShape(stages: readonly FlowStage[]): void {
  const problem = graphShapeProblem(stages);
  if (problem !== null) throw new ApiError(400, 'invalid-flow', problem);
}

export const updateFlow: WriteService<UpdateFlowArgs, ReturnType<typeof flowView>> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  await requireEditor(tx, actor);
  checkWorkspace(actor, args.wsId);
  const current = await tx.selectFrom('flows').select(['id', 'workspace_id', 'version', 'stages']).where('id', '=', args.id).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!current) throw new ApiError(404, 'not-found', 'Workflow not found');
  if (args.stages !== undefined) refuseBadShape(args.stages);
  const version = args.stages !== undefined ? await versionForSave(ctx, current, args.stages) : current.version;
  const flow = await tx
    .updateTable('flows')
    .set({
      ...(args.name !== undefined ? { name: args.name } : {}),
      ...(args.description !== undefined ? { description: args.description } : {}),
      ...(args.stages !== undefined ? { stages: args.stages, version } : {}),
      rev,
      updated_at: now,
    })
    .where('id', '=', args.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return flowView(flow);
};

export async function listFlows(db: Kysely<Database>, actor: AuthContext, filter: { creator?: string | undefined; all?: boolean } = {}) {
  await requireAnyModule(db, actor, ['MODELER', 'APPS']);
  let query = db.selectFrom('flows').selectAll().where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false);
  if (filter.creator && !filter.all) query = query.where('creator_user_id', '=', filter.creator);
  return (await query.orderBy('created_at', 'desc').execute()).map(flowView);
}

export async function getFlow(db: Kysely<Database>, actor: AuthContext, flowId: string) {
  await requireAnyModule(db, actor, ['MODELER', 'APPS']);
  const flow = await db.selectFrom('flows').selectAll().where('id', '=', flowId).where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!flow) throw notFound('Workflow');
  return flowView(flow);
}

/**
 * GET /flowrouter/flows: the flow trace records (part 1 §3): each flow with its stages and, per stage, how many
 * stage runs succeeded, wait or failed (display status of part 1 §4).
 */
export async function listFlowTraces(db: Kysely<Database>, actor: AuthContext) {
  await requireAnyModule(db, actor, ['MODELER', 'APPS', 'ADMIN']);
  const flows = await db.selectFrom('flows').selectAll().where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).orderBy('updated_at', 'desc').execute();
  const counts = await db
    .selectFrom('instance_stages')
    .innerJoin('instances', 'instances.id', 'instance_stages.instance_id')
    .select((eb) => ['instances.flow_id', 'instance_stages.stage_key', 'instance_stages.node_type', 'instance_stages.status', eb.fn.countAll<number>().as('n')])
    .where('instances.workspace_id', '=', actor.workspaceId)
    .where('instances.deleted', '=', false)
    .groupBy(['instances.flow_id', 'instance_stages.stage_key', 'instance_stages.node_type', 'instance_stages.status'])
    .execute();
  return flows.map((flow) => {
    const stageCounts = new Map<string, { stage: string; stage_type: string; success: number; waiting: number; failed: number }>();
    const totals = { success: 0, waiting: 0, failed: 0 };
    for (const row of counts.filter((c) => c.flow_id === flow.id)) {
      const entry = stageCounts.get(row.stage_key) ?? { stage: row.stage_key, stage_type: row.node_type, success: 0, waiting: 0, failed: 0 };
      const display = row.status === 'running' ? 'waiting' : stageDisplayStatus({ stage_type: row.node_type, success: row.status === 'success' });
      entry[display] += Number(row.n);
      totals[display] += Number(row.n);
      stageCounts.set(row.stage_key, entry);
    }
    return {
      _id: flow.id,
      flow_id: flow.id,
      name: flow.name,
      description: flow.description,
      workspace: flow.workspace_id,
      updated_at: flow.updated_at.toISOString(),
      stages: [...stageCounts.values()],
      statusCounts: totals,
    };
  });
}
