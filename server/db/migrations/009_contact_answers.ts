import { sql, type Kysely } from 'kysely';

/**
 * Answer links (part 2 §7 "Answer by code", issue 14): an e-mail stage that waits for an answer stores the SHA-256
 * of the code its links carry, never the code. GET /flowtimer/contact/answer finds the row by that hash, marks it
 * answered with a conditional update (so two clicks resume the instance once) and enqueues the stage's job.
 *
 * The server's own bookkeeping, not replicated: the console sees the waiting stage and, later, the answer in the
 * instance's values. The row keeps its instance and stage visit so a link of a run that moved on is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table contact_answers (
      id text primary key,
      workspace_id text not null references workspaces(id),
      instance_id text not null references instances(id),
      stage_key text not null,
      seq integer not null,
      code_hash text not null unique,
      answer integer,
      answered_at timestamptz,
      created_at timestamptz not null default now()
    );
    create index contact_answers_instance on contact_answers (instance_id);
  `.execute(db);
}
