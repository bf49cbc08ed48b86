import { CASE_MESSAGES, type CreateCaseArgs } from '../../src/domain/mutations/caseMutations.ts';
import { startInstance } from '../engine/instanceLifecycle.ts';
import { planStart } from '../engine/startPlan.ts';
import { ApiError } from '../http/errors.ts';
import { canSeeAllCases } from '../sync/visibilityRules.ts';
import { loadVisibility } from '../sync/visibility.ts';
import type { WriteService } from './context.ts';

/**
 * Creates a case of a case type of the caller's workspace (part 2 §7 createCaseForFiles). Only a caller who may
 * open every case may create one: nobody else could open it afterwards. When the case type's starting app is
 * active and its flow can start, an instance of it runs on the new case; otherwise the case stands alone.
 * A repeat of the same id answers the existing case (an outbox replay); another use of the id is a conflict.
 */
export const createCase: WriteService<CreateCaseArgs, { caseId: string; instanceId: string | null }> = async (ctx, args) => {
  const { tx, rev, actor, now } = ctx;
  if (!canSeeAllCases(await loadVisibility(tx, actor))) throw new ApiError(403, 'forbidden', CASE_MESSAGES.notAllowed);
  const caseType = await tx
    .selectFrom('case_types')
    .select(['id', 'starting_app_id'])
    .where('id', '=', args.caseTypeId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!caseType) throw new ApiError(404, 'not-found', CASE_MESSAGES.caseTypeMissing);
  const existing = await tx.selectFrom('cases').select(['workspace_id', 'case_type_id']).where('id', '=', args.caseId).executeTakeFirst();
  if (existing) {
    if (existing.workspace_id === actor.workspaceId && existing.case_type_id === args.caseTypeId) return { caseId: args.caseId, instanceId: null };
    throw new ApiError(409, 'conflict', `Case id ${args.caseId} is already used`);
  }
  const plan = caseType.starting_app_id ? await planStart(tx, caseType.starting_app_id) : null;
  const runnable = plan !== null && plan.app.is_active && plan.app.workspace_id === actor.workspaceId && plan.graph?.some((s) => s.nodeType === 'start');
  if (runnable) {
    const started = await startInstance(ctx, {
      app: plan.app,
      eventId: null,
      graph: plan.graph,
      caseTypeId: caseType.id,
      values: {},
      newCase: { id: args.caseId, description: args.description },
    });
    return { caseId: args.caseId, instanceId: started.instanceId };
  }
  await tx
    .insertInto('cases')
    .values({ id: args.caseId, workspace_id: actor.workspaceId, case_type_id: caseType.id, status: 'CREATED', description: args.description, data: {}, rev, created_at: now, updated_at: now })
    .execute();
  return { caseId: args.caseId, instanceId: null };
};
