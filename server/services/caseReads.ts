import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { decodeNote } from '../../src/domain/notes/noteText.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { mayOpenCase } from '../sync/pull.ts';
import { loadVisibility, type Visibility } from '../sync/visibility.ts';
import { canSeeAllCases } from '../sync/visibilityRules.ts';

/** Part 2 §7 GET /v2/cases: 'ALL' (or nothing) means no filter; the history asks in groups of 500. */
export type CaseListQuery = {
  startCreationDate?: Date;
  endCreationDate?: Date;
  status?: string;
  categoryId?: string;
  operationId?: string;
  type?: string;
  caseId?: string;
  caseType?: string;
  limit: number;
  offset: number;
};

const CASE_NOT_FOUND = 'Case not found, please refresh';

/** Cases the caller may open: every case of the workspace with CASES (or as ADMIN), else those of their teams' tickets. */
function visibleCases(db: Kysely<Database>, v: Visibility) {
  let query = db
    .selectFrom('cases')
    .leftJoin('case_types', 'case_types.id', 'cases.case_type_id')
    .leftJoin('case_states', 'case_states.id', 'cases.state_id')
    .where('cases.workspace_id', '=', v.workspaceId)
    .where('cases.deleted', '=', false);
  if (!canSeeAllCases(v)) {
    const teams = v.teamIds.length ? v.teamIds : ['-'];
    query = query.where((eb) =>
      eb.exists(eb.selectFrom('tickets').select('tickets.id').whereRef('tickets.case_id', '=', 'cases.id').where('tickets.team_id', 'in', teams).where('tickets.deleted', '=', false)),
    );
  }
  return query;
}

type CaseQuery = ReturnType<typeof visibleCases>;

const caseColumns = (query: CaseQuery) =>
  query.select([
    'cases.id',
    'cases.customer_id',
    'cases.case_type_id',
    'case_types.description as case_type_description',
    'cases.state_id',
    'case_states.description as state_description',
    'cases.status',
    'cases.category',
    'cases.description',
    'cases.batch_id',
    'cases.data',
    'cases.created_at',
    'cases.updated_at',
    'cases.closing',
  ]);

type CaseRow = Awaited<ReturnType<ReturnType<typeof caseColumns>['executeTakeFirstOrThrow']>>;

/** Part 2 §3 "Case (history list)". */
export const caseShape = (row: CaseRow) => ({
  case_id: row.id,
  customer_id: row.customer_id,
  caseType: row.case_type_description ?? '',
  caseTypeId: row.case_type_id,
  state: row.state_id ? { id: row.state_id, description: row.state_description ?? '' } : null,
  status: row.status,
  creationDate: row.created_at.toISOString(),
  lastUpdate: row.updated_at.toISOString(),
  closing: row.closing?.toISOString() ?? null,
  category: row.category,
});

function filtered<Q extends SelectQueryBuilder<Database, 'cases' | 'case_types' | 'case_states', object>>(query: Q, q: CaseListQuery): Q {
  let out = query;
  if (q.startCreationDate && q.endCreationDate) {
    out = out.where('cases.created_at', '>=', q.startCreationDate).where('cases.created_at', '<=', q.endCreationDate) as Q;
  }
  if (q.status) out = out.where('cases.status', '=', q.status as never) as Q;
  if (q.categoryId) out = out.where('cases.category', '=', q.categoryId) as Q;
  if (q.operationId) out = out.where('cases.id', '=', q.operationId) as Q;
  if (q.type) out = out.where('case_types.code', '=', q.type) as Q;
  if (q.caseType) out = out.where('cases.case_type_id', '=', q.caseType) as Q;
  if (q.caseId) {
    // Part 2 §2: the search matches the case id or the customer id, whatever the case.
    const pattern = `%${q.caseId.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    out = out.where((eb) => eb.or([eb(sql`lower(cases.id)`, 'like', pattern), eb(sql`lower(coalesce(cases.customer_id, ''))`, 'like', pattern)])) as Q;
  }
  return out;
}

export async function listCases(db: Kysely<Database>, actor: AuthContext, q: CaseListQuery) {
  const v = await loadVisibility(db, actor);
  const base = filtered(visibleCases(db, v), q);
  const [rows, count] = await Promise.all([
    caseColumns(base).orderBy('cases.created_at', 'desc').orderBy('cases.id').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { cases: rows.map(caseShape), total: Number(count.total), limit: q.limit, offset: q.offset };
}

async function openCase(db: Kysely<Database>, actor: AuthContext, caseId: string): Promise<{ v: Visibility; row: CaseRow }> {
  const v = await loadVisibility(db, actor);
  const row = await caseColumns(visibleCases(db, v)).where('cases.id', '=', caseId).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not-found', CASE_NOT_FOUND);
  return { v, row };
}

/** GET /cases/{id}: the case with its two info modules (part 2 §3 case info: moduleA batch side, moduleB case fields). */
export async function getCase(db: Kysely<Database>, actor: AuthContext, caseId: string) {
  const { row } = await openCase(db, actor, caseId);
  return {
    ...caseShape(row),
    description: row.description,
    moduleA: { batchID: row.batch_id, state: row.state_description ?? null, status: row.status, created: row.created_at.toISOString(), data: row.data },
    moduleB: { case_id: row.id, customer_id: row.customer_id, description: row.description, category: row.category, caseType: row.case_type_description ?? '' },
  };
}

export async function caseInstances(db: Kysely<Database>, actor: AuthContext, caseId: string) {
  await openCase(db, actor, caseId);
  const rows = await db
    .selectFrom('instances')
    .leftJoin('apps', 'apps.id', 'instances.app_id')
    .select(['instances.id', 'instances.app_id', 'apps.name as app_name', 'instances.status', 'instances.start_date', 'instances.end_date', 'instances.flow_version', 'instances.current_stage'])
    .where('instances.case_id', '=', caseId)
    .where('instances.deleted', '=', false)
    .orderBy('instances.start_date', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    appId: r.app_id,
    appName: r.app_name ?? '',
    status: r.status,
    startDate: r.start_date?.toISOString() ?? null,
    endDate: r.end_date?.toISOString() ?? null,
    flowVersion: r.flow_version,
    currentStage: r.current_stage,
  }));
}

/** Part 2 §3 case log; `field` narrows to one field changed. */
export async function caseLogs(db: Kysely<Database>, actor: AuthContext, caseId: string, field: string | undefined) {
  await openCase(db, actor, caseId);
  let query = db.selectFrom('case_logs').select(['id', 'date', 'action_description', 'field_changed', 'new_value']).where('case_id', '=', caseId).where('deleted', '=', false);
  if (field) query = query.where('field_changed', '=', field);
  const rows = await query.orderBy('date', 'desc').orderBy('id').limit(1000).execute();
  return rows.map((r) => ({ id: r.id, date: r.date.toISOString(), actionDescription: r.action_description, fieldChanged: r.field_changed, newValue: r.new_value }));
}

/** Part 2 §3 case history entries, oldest first (the order progress is computed in). */
export async function caseHistory(db: Kysely<Database>, actor: AuthContext, caseId: string) {
  await openCase(db, actor, caseId);
  const rows = await db.selectFrom('case_history').selectAll().where('case_id', '=', caseId).where('deleted', '=', false).orderBy('transaction_date').orderBy('id').limit(1000).execute();
  return rows.map((r) => ({
    id: r.id,
    field_new_data: r.field_new_data,
    transaction_date: r.transaction_date.toISOString(),
    event_type: r.event_type,
    event_details: r.event_details,
    event_description: r.event_description,
    agent_prefix: r.agent_prefix,
  }));
}

/** Part 2 §3 case notes, decoded from their three-slash text, with author and timestamp. */
export async function caseNotes(db: Kysely<Database>, actor: AuthContext, caseId: string) {
  const { v } = await openCase(db, actor, caseId);
  if (!(await mayOpenCase(db, v, caseId))) throw new ApiError(404, 'not-found', CASE_NOT_FOUND);
  const rows = await db
    .selectFrom('case_notes')
    .leftJoin('users', 'users.id', 'case_notes.author_user_id')
    .select(['case_notes.id', 'case_notes.note_text', 'case_notes.entry_date', 'case_notes.case_state_description', 'case_notes.edited', 'users.name as author'])
    .where('case_notes.case_id', '=', caseId)
    .where('case_notes.deleted', '=', false)
    .orderBy('case_notes.entry_date', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => {
    const parts = decodeNote(r.note_text) ?? { title: '', details: '', description: r.note_text, agentPrefix: '' };
    return { id: r.id, ...parts, author: r.author ?? null, case_note_entry_date: r.entry_date.toISOString(), case_state_description: r.case_state_description, edited: r.edited };
  });
}

/** GET /cases-ws[/{id}]: the cases of a workspace (the caller's own) counted by status, for its summary. */
export async function workspaceCaseCounts(db: Kysely<Database>, actor: AuthContext, workspaceId: string) {
  if (workspaceId !== actor.workspaceId) throw new ApiError(404, 'not-found', 'Workspace not found');
  const v = await loadVisibility(db, actor);
  const rows = await visibleCases(db, v)
    .select(['cases.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('cases.status')
    .execute();
  const byStatus: Record<string, number> = { CREATED: 0, PROGRESS: 0, COMPLETED: 0 };
  for (const row of rows) byStatus[row.status] = Number(row.n);
  return { workspace: workspaceId, total: Object.values(byStatus).reduce((a, b) => a + b, 0), byStatus };
}
