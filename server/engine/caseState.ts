import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CaseStatus } from '../db/domainTables.ts';
import type { WriteContext } from '../services/context.ts';

/**
 * Moves a case to a state of its type when a stage starts (FlowsTable: caseStateKey). Writes the case, a case
 * history entry (the stepper) and a case log (the logs table), all in the caller's revision. A state key the
 * case type does not have is recorded in the case log instead of failing the run.
 */
export async function moveCaseToState(
  ctx: WriteContext,
  move: { caseId: string; stateKey: string; stageName: string },
): Promise<boolean> {
  const { tx, rev, now } = ctx;
  const found = await tx
    .selectFrom('cases')
    .innerJoin('case_states', (join) =>
      join.onRef('case_states.case_type_id', '=', 'cases.case_type_id').on('case_states.state_key', '=', move.stateKey).on('case_states.deleted', '=', false),
    )
    .select(['cases.workspace_id', 'cases.state_id', 'case_states.id as stateId', 'case_states.description'])
    .where('cases.id', '=', move.caseId)
    .executeTakeFirst();
  const workspaceId = ctx.actor.workspaceId;
  if (!found) {
    await tx
      .insertInto('case_logs')
      .values({
        id: `clog-${randomUUID()}`,
        workspace_id: workspaceId,
        case_id: move.caseId,
        date: now,
        action_description: `Workflow stage '${move.stageName}' names unknown state ${move.stateKey}`,
        field_changed: 'state',
        new_value: move.stateKey,
        rev,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return false;
  }
  if (found.state_id === found.stateId) return true;
  await tx
    .updateTable('cases')
    .set({
      state_id: found.stateId,
      // A case leaves CREATED when its first state is reached; a COMPLETED case keeps its status.
      status: sql<CaseStatus>`case when status = 'CREATED' then 'PROGRESS' else status end`,
      rev,
      updated_at: now,
    })
    .where('id', '=', move.caseId)
    .execute();
  const stamps = { workspace_id: workspaceId, case_id: move.caseId, rev, created_at: now, updated_at: now };
  await tx
    .insertInto('case_history')
    .values({
      id: `chis-${randomUUID()}`,
      ...stamps,
      state_id: found.stateId,
      field_new_data: move.stateKey,
      transaction_date: now,
      event_type: 'STATE_CHANGE',
      event_details: `Workflow stage ${move.stageName}`,
      event_description: found.description,
      agent_prefix: 'WF',
    })
    .execute();
  await tx
    .insertInto('case_logs')
    .values({
      id: `clog-${randomUUID()}`,
      ...stamps,
      date: now,
      action_description: `State changed by workflow stage '${move.stageName}'`,
      field_changed: 'state',
      new_value: move.stateKey,
    })
    .execute();
  return true;
}
