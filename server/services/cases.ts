import { CASE_MESSAGES, type CreateCaseArgs } from '../../src/domain/mutations/caseMutations.ts';
import type { Kysely } from 'kysely';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import type { Values } from '../engine/instanceModel.ts';
import { startInstance } from '../engine/instanceLifecycle.ts';
import { planStart, type StartPlan } from '../engine/startPlan.ts';
import { ApiError } from '../http/errors.ts';
import { canSeeAllCases } from '../sync/visibilityRules.ts';
import { loadVisibility } from '../sync/visibility.ts';
import type { WriteContext, WriteService } from './context.ts';

export type OpenedCase = { caseId: string; instanceId: string | null };

/** A case type and the start plan of its starting app, read once (before the workspace's lock when possible). */
export type PreparedCase = { caseType: { id: string; starting_app_id: string | null }; plan: StartPlan | null };

/** The case type of the workspace and its start plan; an unknown type is 404. */
export async function prepareCase(db: Kysely<Database> | WorkspaceTx, workspaceId: string, caseTypeId: string): Promise<PreparedCase> {
  const caseType = await db
    .selectFrom('case_types')
    .select(['id', 'starting_app_id'])
    .where('id', '=', caseTypeId)
    .where('workspace_id', '=', workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!caseType) throw new ApiError(404, 'not-found', CASE_MESSAGES.caseTypeMissing);
  return { caseType, plan: caseType.starting_app_id ? await planStart(db, caseType.starting_app_id) : null };
}

/**
 * Opens a case of a case type of the context's workspace, without any check of who asks (the callers do that:
 * `createCase` for a signed-in user, the kiosk submission for a public form). When the case type's starting app
 * is active and its flow can start, an instance of it runs on the new case with `values` as its values;
 * otherwise the case stands alone. The case's data is `values` either way. A repeat of the same id in the same
 * type answers the existing case (an outbox replay); another use of the id is a conflict. `prepared` is the case
 * type and plan read before the workspace's lock (startInstance reads the flow's graph again under it), so the
 * lock is held for the writes only.
 */
export async function openCase(ctx: WriteContext, input: { caseId: string; caseTypeId: string; description: string; values: Values }, prepared?: PreparedCase): Promise<OpenedCase> {
  const { tx, rev, actor, now } = ctx;
  const { caseType, plan } = prepared ?? (await prepareCase(tx, actor.workspaceId, input.caseTypeId));
  const existing = await tx.selectFrom('cases').select(['workspace_id', 'case_type_id']).where('id', '=', input.caseId).executeTakeFirst();
  if (existing) {
    if (existing.workspace_id === actor.workspaceId && existing.case_type_id === input.caseTypeId) return { caseId: input.caseId, instanceId: null };
    throw new ApiError(409, 'conflict', `Case id ${input.caseId} is already used`);
  }
  const runnable = plan !== null && plan.app.is_active && plan.app.workspace_id === actor.workspaceId && plan.graph?.some((s) => s.nodeType === 'start');
  if (runnable) {
    const started = await startInstance(ctx, {
      app: plan.app,
      eventId: null,
      graph: plan.graph,
      caseTypeId: caseType.id,
      values: input.values,
      newCase: { id: input.caseId, description: input.description },
    });
    return { caseId: input.caseId, instanceId: started.instanceId };
  }
  await tx
    .insertInto('cases')
    .values({ id: input.caseId, workspace_id: actor.workspaceId, case_type_id: caseType.id, status: 'CREATED', description: input.description, data: input.values, rev, created_at: now, updated_at: now })
    .execute();
  return { caseId: input.caseId, instanceId: null };
}

/**
 * Creates a case of a case type of the caller's workspace (part 2 §7 createCaseForFiles). Only a caller who may
 * open every case may create one: nobody else could open it afterwards.
 */
export const createCase: WriteService<CreateCaseArgs, OpenedCase> = async (ctx, args) => {
  if (!canSeeAllCases(await loadVisibility(ctx.tx, ctx.actor))) throw new ApiError(403, 'forbidden', CASE_MESSAGES.notAllowed);
  return openCase(ctx, { caseId: args.caseId, caseTypeId: args.caseTypeId, description: args.description, values: {} });
};
