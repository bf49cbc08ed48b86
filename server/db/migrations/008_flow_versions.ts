import { sql, type Kysely } from 'kysely';

/**
 * Flow versions (issue 14): an instance runs on the graph it started with, so an edit to a flow that instances
 * use freezes the graph they run on and makes a new version for what comes next.
 *
 * flow_versions is the server's own history and is not replicated: the console needs only the number, which the
 * flow document (flows.version, the current one) and the instance document (instances.flow_version) carry.
 * Rows are never deleted; a deleted flow keeps the versions its old instances refer to.
 *
 * Existing flows become version 1 with their current stages, and existing instances run on version 1: up to now
 * they have followed every edit, so the current graph is the only one they can be said to use.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table flows add column version integer not null default 1;
    alter table instances add column flow_version integer;

    create table flow_versions (
      id text primary key,
      workspace_id text not null references workspaces(id),
      flow_id text not null references flows(id),
      version integer not null,
      stages jsonb not null default '[]',
      created_at timestamptz not null default now(),
      unique (flow_id, version)
    );

    insert into flow_versions (id, workspace_id, flow_id, version, stages, created_at)
      select id || ':v1', workspace_id, id, 1, stages, updated_at from flows;
    update instances set flow_version = 1 where flow_id is not null;
  `.execute(db);
}
