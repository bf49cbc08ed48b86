import { randomUUID } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { CaseHistoryTable, CaseLogsTable, CaseStatus } from '../db/domainTables.ts';
import type { WriteContext } from '../services/context.ts';

/**
 * Moves a case to a state of its type when a stage starts (FlowsTable: caseStateKey). Writes the case, a case
 * history entry (the stepper) and a case log (the logs table), all in the caller's revision. A state key the
 * case type does not have is recorded in the case log instead of failing the run.
 */
export type CaseMove = { caseId: string; stateKey: string; stageName: string };
export type CaseStateRef = { stateId: string; description: string };

/** The case log of a move to a state the case type does not have. */
export const unknownStateLog = (ctx: WriteContext, move: CaseMove): Insertable<CaseLogsTable> => ({
  id: `clog-${randomUUID()}`,
  ...stampsOf(ctx),
  case_id: move.caseId,
  date: ctx.now,
  action_description: `Workflow stage '${move.stageName}' names unknown state ${move.stateKey}`,
  field_changed: 'state',
  new_value: move.stateKey,
});

/** The stepper entry and the case log of a move to a state (the case row itself is written by the caller). */
export function stateChangeRows(ctx: WriteContext, move: CaseMove, state: CaseStateRef): { history: Insertable<CaseHistoryTable>; log: Insertable<CaseLogsTable> } {
  const stamps = stampsOf(ctx);
  return {
    history: {
      id: `chis-${randomUUID()}`,
      ...stamps,
      case_id: move.caseId,
      state_id: state.stateId,
      field_new_data: move.stateKey,
      transaction_date: ctx.now,
      event_type: 'STATE_CHANGE',
      event_details: `Workflow stage ${move.stageName}`,
      event_description: state.description,
      agent_prefix: 'WF',
    },
    log: {
      id: `clog-${randomUUID()}`,
      ...stamps,
      case_id: move.caseId,
      date: ctx.now,
      action_description: `State changed by workflow stage '${move.stageName}'`,
      field_changed: 'state',
      new_value: move.stateKey,
    },
  };
}

const stampsOf = (ctx: WriteContext) => ({ workspace_id: ctx.actor.workspaceId, rev: ctx.rev, created_at: ctx.now, updated_at: ctx.now });

export async function moveCaseToState(ctx: WriteContext, move: CaseMove): Promise<boolean> {
  const { tx, rev, now } = ctx;
  const found = await tx
    .selectFrom('cases')
    .innerJoin('case_states', (join) =>
      join.onRef('case_states.case_type_id', '=', 'cases.case_type_id').on('case_states.state_key', '=', move.stateKey).on('case_states.deleted', '=', false),
    )
    .select(['cases.workspace_id', 'cases.state_id', 'case_states.id as stateId', 'case_states.description'])
    .where('cases.id', '=', move.caseId)
    .executeTakeFirst();
  if (!found) {
    await tx.insertInto('case_logs').values(unknownStateLog(ctx, move)).execute();
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
  const rows = stateChangeRows(ctx, move, found);
  await tx.insertInto('case_history').values(rows.history).execute();
  await tx.insertInto('case_logs').values(rows.log).execute();
  return true;
}
