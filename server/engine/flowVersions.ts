import { isDeepStrictEqual } from 'node:util';
import type { Kysely } from 'kysely';
import type { FlowStage } from '../../src/domain/engine/flowGraph.ts';
import type { Database, JsonValue } from '../db/schema.ts';
import type { WriteContext } from '../services/context.ts';
import { parseStoredGraph, type InstanceRow } from './instanceModel.ts';

/**
 * Flow versions (migration 008). flows.stages is always the current graph and flows.version its number; a
 * flow_versions row holds the graph of each version, the current one included. An instance records the version
 * it started on and every later read of its graph (the runner, a resolved ticket, a retry) goes through
 * graphOfInstance, so an edit never reaches a run that is under way.
 */

type Reader = Kysely<Database>;

/** The graph an instance runs on: its version's, or the current one for rows from before versions existed. */
export async function graphOfInstance(db: Reader, instance: Pick<InstanceRow, 'flow_id' | 'flow_version'>): Promise<FlowStage[]> {
  if (!instance.flow_id) return [];
  const flow = await db.selectFrom('flows').select(['stages', 'version']).where('id', '=', instance.flow_id).executeTakeFirst();
  if (!flow) return [];
  if (instance.flow_version === null || instance.flow_version === flow.version) return parseStoredGraph(flow.stages) ?? [];
  const frozen = await db
    .selectFrom('flow_versions')
    .select('stages')
    .where('flow_id', '=', instance.flow_id)
    .where('version', '=', instance.flow_version)
    .executeTakeFirst();
  // A missing row cannot come from our own writes (a version is frozen before the flow moves past it); the
  // current graph is then the only one there is.
  return parseStoredGraph(frozen?.stages ?? flow.stages) ?? [];
}

/** Writes the graph of a version; a second write of the same version replaces its graph (an unused version). */
export async function recordFlowVersion(
  ctx: Pick<WriteContext, 'tx' | 'now'>,
  flow: { id: string; workspace_id: string; version: number; stages: JsonValue },
  { replace }: { replace: boolean },
): Promise<void> {
  const insert = ctx.tx.insertInto('flow_versions').values({
    id: `${flow.id}:v${flow.version}`,
    workspace_id: flow.workspace_id,
    flow_id: flow.id,
    version: flow.version,
    stages: flow.stages,
    created_at: ctx.now,
  });
  await (replace
    ? insert.onConflict((oc) => oc.columns(['flow_id', 'version']).doUpdateSet({ stages: flow.stages }))
    : insert.onConflict((oc) => oc.columns(['flow_id', 'version']).doNothing())
  ).execute();
}

/**
 * The version a save of `stages` leaves the flow at. Unchanged stages keep the version. Changed stages make a new
 * version only when an instance, of any status, started on the current one (a retry may take a failed run up
 * again, so finished runs count too); otherwise the current version is edited in place, so the modeler's
 * autosave of a flow nobody runs yet does not pile up versions. Runs under the workspace's revision lock, which
 * instance starts also hold, so no instance can start on the current version between the check and the write.
 */
export async function versionForSave(
  ctx: Pick<WriteContext, 'tx' | 'now' | 'rev'>,
  flow: { id: string; workspace_id: string; version: number; stages: JsonValue },
  stages: JsonValue,
): Promise<number> {
  if (isDeepStrictEqual(flow.stages, stages)) return flow.version;
  const used = await ctx.tx
    .selectFrom('instances')
    .select('id')
    .where('flow_id', '=', flow.id)
    .where((eb) => eb.or([eb('flow_version', '=', flow.version), eb('flow_version', 'is', null)]))
    .limit(1)
    .executeTakeFirst();
  if (!used) {
    await recordFlowVersion(ctx, { ...flow, stages }, { replace: true });
    return flow.version;
  }
  // The current graph is frozen first: flows written before versions existed (the demo seed) have no row yet.
  await recordFlowVersion(ctx, flow, { replace: false });
  // Instances from before versions existed run on the current graph; they are pinned to it before it changes.
  await ctx.tx.updateTable('instances').set({ flow_version: flow.version, rev: ctx.rev, updated_at: ctx.now }).where('flow_id', '=', flow.id).where('flow_version', 'is', null).execute();
  const next = flow.version + 1;
  await recordFlowVersion(ctx, { ...flow, version: next, stages }, { replace: true });
  return next;
}
