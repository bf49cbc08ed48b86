import { sql, type Kysely } from 'kysely';

/** The replicated tables as of this migration (a migration keeps its own list: later ones add theirs). */
const REPLICATED_TABLES = [
  'users', 'engines', 'engine_users', 'calendars', 'teams', 'members', 'team_members', 'cors_origins', 'apps',
  'events', 'webhooks', 'flows', 'case_types', 'case_states', 'frontdesk_forms', 'node_templates', 'tickets', 'cases',
  'case_notes', 'case_history', 'case_logs', 'case_files', 'instances', 'instance_stages', 'batches', 'batch_lines',
  'webhook_executions', 'external_api_executions',
];

/**
 * Every committed change to a replicated row announces "<workspace> <table> <rev>" on the channel
 * sync_changes. PostgreSQL delivers notifications only on commit and folds identical ones within a
 * transaction, so one write transaction sends one message per table; every server process LISTENs and tells
 * its connected clients through the live stream, whichever process (or the engine) made the change.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function notify_sync_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', coalesce(new.workspace_id, '') || ' ' || tg_table_name || ' ' || new.rev);
      return null;
    end $$;

    create function notify_workspace_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', new.id || ' ' || tg_table_name || ' ' || new.rev);
      return null;
    end $$;

    create trigger workspaces_sync_notify after insert or update on workspaces
      for each row execute function notify_workspace_change();
  `.execute(db);
  for (const table of REPLICATED_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_sync_notify`)} after insert or update on ${sql.table(table)}
      for each row execute function notify_sync_change()`.execute(db);
  }
}
