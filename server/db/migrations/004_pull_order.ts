import { sql, type Kysely } from 'kysely';

/** The replicated tables as of this migration (a migration keeps its own list: later ones add theirs). */
const REPLICATED_TABLES = [
  'users', 'engines', 'engine_users', 'calendars', 'teams', 'members', 'team_members', 'cors_origins', 'apps',
  'events', 'webhooks', 'flows', 'case_types', 'case_states', 'frontdesk_forms', 'node_templates', 'tickets', 'cases',
  'case_notes', 'case_history', 'case_logs', 'case_files', 'instances', 'instance_stages', 'batches', 'batch_lines',
  'webhook_executions', 'external_api_executions',
];

/**
 * A pull reads a table in (rev, id) order after a checkpoint. One transaction can write many rows under one
 * revision (a batch of 100,000 cases, say), and an index on (workspace_id, rev) alone then makes every page scan and
 * sort all of that revision's rows. Indexing the whole order, with the byte collation the pull compares ids in,
 * lets each page start at its checkpoint and stop after its limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of REPLICATED_TABLES) {
    await sql`drop index if exists ${sql.raw(`${table}_workspace_rev`)}`.execute(db);
    await sql`create index ${sql.raw(`${table}_workspace_rev_id`)} on ${sql.table(table)} (workspace_id, rev, id collate "C")`.execute(db);
  }
}
