import type { Kysely } from 'kysely';
import type { FlowStage } from '../../src/domain/engine/flowGraph.ts';
import type { Database } from '../db/schema.ts';
import { parseStoredGraph } from './instanceModel.ts';

/**
 * What starting an instance of an app needs, read before the revision transaction so the workspace's
 * revision lock is held only for the writes.
 */
export type StartPlan = {
  app: { id: string; name: string; flow_id: string | null; workspace_id: string; is_active: boolean };
  graph: FlowStage[] | null;
  caseTypeId: string | null;
};

export async function planStart(db: Kysely<Database>, appId: string): Promise<StartPlan | null> {
  const app = await db
    .selectFrom('apps')
    .leftJoin('flows', (join) => join.onRef('flows.id', '=', 'apps.flow_id').on('flows.deleted', '=', false))
    .select(['apps.id', 'apps.name', 'apps.flow_id', 'apps.workspace_id', 'apps.is_active', 'flows.stages'])
    .where('apps.id', '=', appId)
    .where('apps.deleted', '=', false)
    .executeTakeFirst();
  if (!app) return null;
  const caseType = await db
    .selectFrom('case_types')
    .select('id')
    .where('starting_app_id', '=', appId)
    .where('deleted', '=', false)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  const { stages, ...rest } = app;
  return { app: rest, graph: stages === null ? null : parseStoredGraph(stages), caseTypeId: caseType?.id ?? null };
}
