import { sql, type Kysely } from 'kysely';

/**
 * A mutation that fails with a fault of ours (not a refusal) is answered with no outcome so the client sends it
 * again; this table counts those attempts so that after a few the mutation is rejected with a clear message
 * instead of holding the client's queue forever. Rows are written only on faults; once a mutation has its
 * outcome in mutation_log, its count is never read again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mutation_faults (
      client_id text not null,
      mutation_id text not null,
      workspace_id text not null references workspaces(id),
      attempts integer not null,
      last_error text,
      updated_at timestamptz not null default now(),
      primary key (client_id, mutation_id)
    )
  `.execute(db);
}
