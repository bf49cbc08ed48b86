import type { Kysely, Selectable } from 'kysely';
import {
  CASE_TYPE_MESSAGES,
  compareStates,
  isTbd,
  type CaseTypeFields,
  type CreateCaseStateArgs,
  type CreateCaseTypeArgs,
  type UpdateCaseStateArgs,
  type UpdateCaseTypeArgs,
} from '../../src/domain/cases/caseTypeRules.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { CaseStatesTable, CaseTypesTable } from '../db/tables/configTables.ts';
import type { WorkspaceTx } from '../db/revisions.ts';
import type { Database } from '../db/schema.ts';
import { accessOf } from '../engine/access.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import type { WriteService } from './context.ts';

/**
 * Case types and their states (part 2 §2 case type screen, §3 fields, §7 /cases-types and /cases-states). Every
 * signed-in user of the workspace reads them (the sync pull gives them to everyone); only administrators write.
 * The sync mutations caseType.* and caseState.* and the REST routes share these services.
 *
 * A type is named in paths by its row id or by the ID the administrator typed (its code); the type TBD is
 * hidden everywhere (part 2 §9), so it is neither listed nor found. A state is named by its row id.
 */
type TypeRow = Selectable<CaseTypesTable>;
type StateRow = Selectable<CaseStatesTable>;
type Reader = Kysely<Database> | WorkspaceTx;

/** The REST shape of a state: `id` is the state's ID as typed, `_id` its row id (used in /cases-states/{id}). */
export function caseStateView(row: StateRow, type: Pick<TypeRow, 'id' | 'code'>) {
  return { _id: row.id, id: row.state_key, description: row.description, order: row.order, hide: row.hide, type: { id: type.code, _id: type.id } };
}

/** The REST shape of a case type (part 2 §3): `id` is the ID as typed, `_id` the row id. */
export function caseTypeView(row: TypeRow, states: readonly StateRow[], activeCases: number) {
  return {
    _id: row.id,
    id: row.code,
    description: row.description,
    workspace: { id: row.workspace_id },
    startingApp: row.starting_app_id === null ? null : { id: row.starting_app_id },
    startingAppId: row.starting_app_id,
    paramsExpected: row.params_expected,
    resultsExpected: row.results_expected,
    casesState: sortedStates(states).map((s) => ({ case_state_id: s.state_key, case_state_description: s.description, order: s.order, hide: s.hide })),
    activeCases,
  };
}
export type CaseTypeView = ReturnType<typeof caseTypeView>;
export type CaseStateView = ReturnType<typeof caseStateView>;

const sortedStates = (states: readonly StateRow[]) => [...states].sort((a, b) => compareStates({ order: a.order, stateKey: a.state_key }, { order: b.order, stateKey: b.state_key }));

async function requireAdmin(db: Reader, actor: AuthContext): Promise<void> {
  if (!(await accessOf(db, actor)).isAdmin) throw forbidden();
}

/** A live, listed type of the caller's workspace, by row id or by its ID. */
export async function findCaseType(db: Reader, workspaceId: string, ref: string): Promise<TypeRow> {
  const rows = await db
    .selectFrom('case_types')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('id', '=', ref), eb('code', '=', ref)]))
    .execute();
  const row = rows.find((r) => r.id === ref) ?? rows[0];
  if (!row || isTbd(row.code)) throw notFound('Case type');
  return row;
}

async function findState(db: Reader, workspaceId: string, stateId: string): Promise<StateRow> {
  const row = await db.selectFrom('case_states').selectAll().where('id', '=', stateId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!row) throw notFound('State');
  return row;
}

const statesOf = (db: Reader, typeIds: readonly string[]) =>
  typeIds.length === 0 ? Promise.resolve([]) : db.selectFrom('case_states').selectAll().where('case_type_id', 'in', typeIds).where('deleted', '=', false).execute();

/** Open cases per type (CREATED or PROGRESS): part 2 §3 activeCases, from the dashboard aggregates (migration 011). */
async function activeCasesOf(db: Reader, typeIds: readonly string[]): Promise<Map<string, number>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('case_state_aggregates')
    .select(['case_type_id', (eb) => eb.fn.sum<string | number>('count').as('n')])
    .where('case_type_id', 'in', typeIds)
    .where('status', 'in', ['CREATED', 'PROGRESS'])
    .groupBy('case_type_id')
    .execute();
  return new Map(rows.map((r) => [r.case_type_id, Number(r.n)]));
}

/** Part 1 §3 case state counts: live cases in each state (`count`) and those still open (`activeCases`). */
async function stateCountsOf(db: Reader, typeIds: readonly string[]): Promise<Map<string, { count: number; activeCases: number }>> {
  if (typeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('case_state_aggregates')
    .select(['state_id', 'status', 'count'])
    .where('case_type_id', 'in', typeIds)
    .where('state_id', 'is not', null)
    .execute();
  const out = new Map<string, { count: number; activeCases: number }>();
  for (const row of rows) {
    const entry = out.get(row.state_id!) ?? { count: 0, activeCases: 0 };
    entry.count += row.count;
    if (row.status !== 'COMPLETED') entry.activeCases += row.count;
    out.set(row.state_id!, entry);
  }
  return out;
}

async function viewOf(db: Reader, row: TypeRow): Promise<CaseTypeView> {
  const [states, active] = await Promise.all([statesOf(db, [row.id]), activeCasesOf(db, [row.id])]);
  return caseTypeView(row, states, active.get(row.id) ?? 0);
}

async function checkStartingApp(tx: WorkspaceTx, workspaceId: string, appId: string): Promise<void> {
  const app = await tx.selectFrom('apps').select('id').where('id', '=', appId).where('workspace_id', '=', workspaceId).where('deleted', '=', false).executeTakeFirst();
  if (!app) throw notFound('Starting app');
}

async function checkStateKeyFree(tx: WorkspaceTx, caseTypeId: string, key: string): Promise<void> {
  const taken = await tx.selectFrom('case_states').select('id').where('case_type_id', '=', caseTypeId).where('deleted', '=', false).where((eb) => eb(eb.fn('upper', ['state_key']), '=', key.toUpperCase())).executeTakeFirst();
  if (taken) throw new ApiError(409, 'already-exists', CASE_TYPE_MESSAGES.stateIdTaken);
}

const typeColumns = (fields: CaseTypeFields) => ({
  description: fields.description,
  starting_app_id: fields.startingAppId,
  params_expected: fields.paramsExpected,
  results_expected: fields.resultsExpected,
});

export const createCaseType: WriteService<CreateCaseTypeArgs, CaseTypeView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  await checkStartingApp(tx, actor.workspaceId, args.startingAppId);
  const taken = await tx
    .selectFrom('case_types')
    .select('id')
    .where('workspace_id', '=', actor.workspaceId)
    .where('deleted', '=', false)
    .where((eb) => eb(eb.fn('upper', ['code']), '=', args.code.toUpperCase()))
    .executeTakeFirst();
  if (taken) throw new ApiError(409, 'already-exists', CASE_TYPE_MESSAGES.idTaken);
  const ids = [args.caseTypeId, ...args.states.map((s) => s.stateId)];
  const [usedType, usedState] = await Promise.all([
    tx.selectFrom('case_types').select('id').where('id', '=', args.caseTypeId).executeTakeFirst(),
    tx.selectFrom('case_states').select('id').where('id', 'in', ids).executeTakeFirst(),
  ]);
  if (usedType || usedState) throw new ApiError(409, 'already-exists', 'This case type or state id is already used');
  const row = await tx
    .insertInto('case_types')
    .values({ id: args.caseTypeId, workspace_id: actor.workspaceId, code: args.code, ...typeColumns(args), rev, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (args.states.length > 0) {
    await tx
      .insertInto('case_states')
      .values(args.states.map((s) => ({ id: s.stateId, workspace_id: actor.workspaceId, case_type_id: row.id, state_key: s.key, description: s.description, order: s.order, hide: s.hide, rev, created_at: now, updated_at: now })))
      .execute();
  }
  return viewOf(tx, row);
};

export const updateCaseType: WriteService<UpdateCaseTypeArgs, CaseTypeView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const current = await findCaseType(tx, actor.workspaceId, args.caseTypeId);
  await checkStartingApp(tx, actor.workspaceId, args.startingAppId);
  const row = await tx.updateTable('case_types').set({ ...typeColumns(args), rev, updated_at: now }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
  return viewOf(tx, row);
};

export const createCaseState: WriteService<CreateCaseStateArgs, CaseStateView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const type = await findCaseType(tx, actor.workspaceId, args.caseTypeId);
  await checkStateKeyFree(tx, type.id, args.key);
  if (await tx.selectFrom('case_states').select('id').where('id', '=', args.stateId).executeTakeFirst()) {
    throw new ApiError(409, 'already-exists', 'This state id is already used');
  }
  const row = await tx
    .insertInto('case_states')
    .values({ id: args.stateId, workspace_id: actor.workspaceId, case_type_id: type.id, state_key: args.key, description: args.description, order: args.order, hide: args.hide, rev, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return caseStateView(row, type);
};

/** Description, order and hide; a state keeps its ID and its type. The progress of every case follows at once. */
export const updateCaseState: WriteService<UpdateCaseStateArgs, CaseStateView> = async ({ tx, rev, actor, now }, args) => {
  await requireAdmin(tx, actor);
  const type = await findCaseType(tx, actor.workspaceId, args.caseTypeId);
  const state = await findState(tx, actor.workspaceId, args.stateId);
  if (state.case_type_id !== type.id) throw notFound('State');
  const row = await tx
    .updateTable('case_states')
    .set({ description: args.description, order: args.order, hide: args.hide, rev, updated_at: now })
    .where('id', '=', state.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return caseStateView(row, type);
};

// ---- reads (REST) -----------------------------------------------------------------------------------------

/** GET /cases-types: the workspace's types but TBD, by ID. */
export async function listCaseTypes(db: Kysely<Database>, actor: AuthContext): Promise<CaseTypeView[]> {
  await accessOf(db, actor);
  const rows = (await db.selectFrom('case_types').selectAll().where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).orderBy('code').execute()).filter(
    (row) => !isTbd(row.code),
  );
  const ids = rows.map((r) => r.id);
  const [states, active] = await Promise.all([statesOf(db, ids), activeCasesOf(db, ids)]);
  return rows.map((row) =>
    caseTypeView(
      row,
      states.filter((s) => s.case_type_id === row.id),
      active.get(row.id) ?? 0,
    ),
  );
}

export async function getCaseType(db: Kysely<Database>, actor: AuthContext, ref: string): Promise<CaseTypeView> {
  await accessOf(db, actor);
  return viewOf(db, await findCaseType(db, actor.workspaceId, ref));
}

/** GET /cases-types/{id}/states and GET /cases-states?type: a type's states in order; without a type, every listed type's. */
export async function listCaseStates(db: Kysely<Database>, actor: AuthContext, typeRef: string | null): Promise<Array<CaseStateView & { count: number; activeCases: number }>> {
  await accessOf(db, actor);
  const types =
    typeRef === null
      ? (await db.selectFrom('case_types').selectAll().where('workspace_id', '=', actor.workspaceId).where('deleted', '=', false).orderBy('code').execute()).filter((t) => !isTbd(t.code))
      : [await findCaseType(db, actor.workspaceId, typeRef)];
  const typeIds = types.map((t) => t.id);
  const [states, counts] = await Promise.all([statesOf(db, typeIds), stateCountsOf(db, typeIds)]);
  return types.flatMap((type) =>
    sortedStates(states.filter((s) => s.case_type_id === type.id)).map((s) => ({ ...caseStateView(s, type), ...(counts.get(s.id) ?? { count: 0, activeCases: 0 }) })),
  );
}

export async function getCaseState(db: Kysely<Database>, actor: AuthContext, stateId: string): Promise<CaseStateView> {
  await accessOf(db, actor);
  const state = await findState(db, actor.workspaceId, stateId);
  const type = await db.selectFrom('case_types').select(['id', 'code', 'deleted']).where('id', '=', state.case_type_id).executeTakeFirst();
  if (!type || type.deleted || isTbd(type.code)) throw notFound('State');
  return caseStateView(state, type);
}

export type CaseTypePatch = { ref: string; code?: string | undefined; description?: string | undefined; startingAppId?: string | undefined; paramsExpected?: string | undefined; resultsExpected?: string | undefined };

/** PATCH /cases-types/{id}: what is left out stays as it is; the ID, when sent, must be the type's own. */
export const patchCaseType: WriteService<CaseTypePatch, CaseTypeView> = async (ctx, patch) => {
  const current = await findCaseType(ctx.tx, ctx.actor.workspaceId, patch.ref);
  if (patch.code !== undefined && patch.code !== current.code) throw new ApiError(400, 'invalid-request', 'The ID of a case type cannot be changed');
  const startingAppId = patch.startingAppId ?? current.starting_app_id;
  if (startingAppId === null) throw new ApiError(400, 'invalid-request', CASE_TYPE_MESSAGES.startingAppRequired);
  return updateCaseType(ctx, {
    caseTypeId: current.id,
    description: patch.description ?? current.description,
    startingAppId,
    paramsExpected: patch.paramsExpected ?? current.params_expected,
    resultsExpected: patch.resultsExpected ?? current.results_expected,
  });
};

export type CaseStatePatch = { stateId: string; typeRef?: string | undefined; description?: string | undefined; order?: number | undefined; hide?: boolean | undefined };

/** PATCH /cases-states/{id}: the §7 payload (type {id}, description) plus order and hide; what is left out stays. */
export const patchCaseState: WriteService<CaseStatePatch, CaseStateView> = async (ctx, patch) => {
  const state = await findState(ctx.tx, ctx.actor.workspaceId, patch.stateId);
  const type = await findCaseType(ctx.tx, ctx.actor.workspaceId, patch.typeRef ?? state.case_type_id);
  if (type.id !== state.case_type_id) throw notFound('State');
  return updateCaseState(ctx, {
    stateId: state.id,
    caseTypeId: type.id,
    description: patch.description ?? state.description,
    order: patch.order ?? state.order,
    hide: patch.hide ?? state.hide,
  });
};
