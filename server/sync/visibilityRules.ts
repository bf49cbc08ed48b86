import { sql, type RawBuilder } from 'kysely';
import { mayOpenEveryCase, type ModuleKey } from '../../src/domain/access/modules.ts';
import type { Visibility } from './visibility.ts';

/**
 * Who receives which rows (part 1 §6, part 2 §6): each table of the replica with the rows a caller may pull and,
 * for the live stream, how to tell from a change notice's key whether the caller could see the row that changed.
 * Administrators (ADMIN, OPS-ADMIN) receive the whole workspace. Everyone else receives what the screens of their
 * modules show, and nothing those screens do not: an agent with only the inbox gets its teams' tickets, the teams,
 * its teammates, the case types, and its own account.
 */
type Rows = RawBuilder<unknown> | boolean;
export type TableRule = {
  rows(v: Visibility): Rows;
  /** The change notice's key (migration 006) names a row; may this caller see it? */
  sees?(v: Visibility, key: string): boolean;
};

const inList = (ids: readonly string[]) => sql.join(ids.map((id) => sql`${id}`));
/** A row condition on a list that may be empty (then nothing matches). */
const within = (column: string, ids: readonly string[]): Rows => (ids.length === 0 ? false : sql`${sql.ref(column)} in (${inList(ids)})`);
const withModule = (...modules: ModuleKey[]) => (v: Visibility) => v.isAdmin || modules.some((m) => v.modules.has(m));
const everyone = () => true;

export const canSeeAllCases = (v: Visibility) => mayOpenEveryCase(v.isAdmin, v.modules);
/** Apps and their instances and runs: the Apps screens (module APPS). */
const seesApps = withModule('APPS');
const seesBatches = withModule('BATCHES');

export const TABLE_RULES: Record<string, TableRule> = {
  workspaces: { rows: everyone },
  users: { rows: (v) => v.isAdmin || sql`id = ${v.userId}`, sees: (v, id) => v.isAdmin || id === v.userId },
  // Engines: those the user is authorised on (settings shows them as 'Engines Visibility'); all with APPS.
  engines: { rows: (v) => seesApps(v) || within('id', v.engineIds), sees: (v, id) => seesApps(v) || v.engineIds.includes(id) },
  engine_users: { rows: (v) => v.isAdmin || sql`user_id = ${v.userId}`, sees: (v, userId) => v.isAdmin || userId === v.userId },
  calendars: { rows: withModule('APPS', 'MODELER') },
  // Every team: an agent moves a ticket to any of them. Their private fields are the administrators' (PRIVATE_COLUMNS).
  teams: { rows: everyone },
  members: { rows: (v) => v.isAdmin || within('id', v.memberIds), sees: (v, id) => v.isAdmin || v.memberIds.includes(id) },
  team_members: { rows: (v) => v.isAdmin || within('team_id', v.teamIds), sees: (v, teamId) => v.isAdmin || v.teamIds.includes(teamId) },
  cors_origins: { rows: (v) => v.isAdmin },
  apps: { rows: seesApps },
  events: { rows: seesApps },
  webhooks: { rows: seesApps },
  flows: { rows: withModule('APPS', 'MODELER') },
  case_types: { rows: everyone },
  case_states: { rows: everyone },
  frontdesk_forms: { rows: withModule('FRONTDESK') },
  node_templates: { rows: withModule('BUILDER', 'MODELER') },
  tickets: { rows: (v) => v.isAdmin || within('team_id', v.teamIds), sees: (v, teamId) => v.isAdmin || v.teamIds.includes(teamId) },
  cases: { rows: canSeeAllCases },
  instances: { rows: seesApps },
  instance_stages: { rows: seesApps },
  // Batches (module BATCHES): administrators see every batch (the History tab), others their own.
  batches: { rows: (v) => v.isAdmin || (seesBatches(v) && sql`user_id = ${v.userId}`), sees: (v, userId) => v.isAdmin || (seesBatches(v) && userId === v.userId) },
  batch_lines: { rows: (v) => v.isAdmin || (seesBatches(v) && sql`batch_id in (select id from batches where user_id = ${v.userId})`) },
  // Dashboard aggregates (part 1 §2, §6): case figures with the dashboard or the cases screens; ticket figures of
  // the caller's own teams, and per-human figures only the caller's own (administrators: the whole workspace).
  case_flow_aggregates: { rows: withModule('DASHBOARD', 'CASES') },
  case_state_aggregates: { rows: withModule('DASHBOARD', 'CASES') },
  ticket_light_aggregates: {
    rows: (v) => {
      if (v.isAdmin) return true;
      if (v.teamIds.length === 0) return false;
      const own = v.ownMemberIds.length === 0 ? sql`member_id is null` : sql`(member_id is null or member_id in (${inList(v.ownMemberIds)}))`;
      return sql`team_id in (${inList(v.teamIds)}) and ${own}`;
    },
    sees: (v, teamId) => v.isAdmin || v.teamIds.includes(teamId),
  },
  webhook_executions: { rows: (v) => v.isAdmin },
  external_api_executions: { rows: (v) => v.isAdmin },
};

/** Columns only administrators receive: a team's notification tokens and address. */
export const PRIVATE_COLUMNS: Record<string, ReadonlySet<string>> = {
  teams: new Set(['tok_email', 'tok_slack', 'webhook_email']),
};

/** The pull's row condition for a table (case records are scoped per case and checked before this). */
export const rowsOf = (table: string, v: Visibility): Rows => TABLE_RULES[table]?.rows(v) ?? false;

/**
 * Whether a change notice concerns something this caller may see: never for a table hidden from them; for a
 * keyed table, only when the key names a row they could pull; otherwise (a table they see in part, without a key)
 * the collection is named, and the pull that follows returns only their rows.
 */
export function noticeVisible(table: string, key: string | null, v: Visibility): boolean {
  const rule = TABLE_RULES[table];
  if (!rule) return table in CASE_RECORD_TABLES && (canSeeAllCases(v) || v.teamIds.length > 0);
  const rows = rule.rows(v);
  if (rows === false) return false;
  if (rows === true || !rule.sees || key === null) return true;
  return rule.sees(v, key);
}

/** Case records are pulled per opened case; a notice about them is only a hint to refresh an open scope. */
const CASE_RECORD_TABLES: Record<string, true> = { case_notes: true, case_history: true, case_logs: true, case_files: true, envelopes: true };
