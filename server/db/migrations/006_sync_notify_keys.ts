import { sql, type Kysely } from 'kysely';

/**
 * Tables whose rows only some callers may see, and the column that decides it. Their change notices carry that
 * column's value ("<workspace> <table> <rev> <key>"), so the live stream tells a caller only about rows they could
 * pull: an agent is not told that another team's ticket moved. An update that changes the key (a ticket moved to
 * another team) announces the old key as well, so the team it left pulls it again.
 *
 * Every notice now starts with the schema that holds the table: several deployments (or test runs) may share one
 * PostgreSQL database, and a server must hear only its own changes.
 */
const KEYED_TABLES: Record<string, string> = {
  tickets: 'team_id',
  users: 'id',
  members: 'id',
  team_members: 'team_id',
  engines: 'id',
  engine_users: 'user_id',
  batches: 'user_id',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function notify_sync_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', tg_table_schema || ' ' || coalesce(new.workspace_id, '') || ' ' || tg_table_name || ' ' || new.rev);
      return null;
    end $$;

    create or replace function notify_workspace_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('sync_changes', tg_table_schema || ' ' || new.id || ' ' || tg_table_name || ' ' || new.rev);
      return null;
    end $$;

    create function notify_sync_change_keyed() returns trigger language plpgsql as $$
    declare
      head text := tg_table_schema || ' ' || coalesce(new.workspace_id, '') || ' ' || tg_table_name || ' ' || new.rev || ' ';
      new_key text := to_jsonb(new) ->> tg_argv[0];
      old_key text := case when tg_op = 'UPDATE' then to_jsonb(old) ->> tg_argv[0] end;
    begin
      perform pg_notify('sync_changes', head || coalesce(new_key, ''));
      if old_key is distinct from new_key and old_key is not null then
        perform pg_notify('sync_changes', head || old_key);
      end if;
      return null;
    end $$;
  `.execute(db);
  for (const [table, column] of Object.entries(KEYED_TABLES)) {
    await sql`drop trigger ${sql.raw(`${table}_sync_notify`)} on ${sql.table(table)}`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_sync_notify`)} after insert or update on ${sql.table(table)}
      for each row execute function notify_sync_change_keyed(${sql.lit(column)})`.execute(db);
  }
}
