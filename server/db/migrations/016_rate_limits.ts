import { sql, type Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every server process on one PostgreSQL (issue 20 item 4): with a counter per
 * process, two processes behind a load balancer would each allow the full limit. One row per limited key and route
 * (server/http/rateLimitStore.ts): its hits in the current window and when that window ends, on the database's
 * clock so processes on different machines agree. Not replicated; expired rows are deleted by the store.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key text primary key,
      hits integer not null,
      window_ends_at timestamptz not null
    );
    create index rate_limits_window_ends on rate_limits (window_ends_at);
  `.execute(db);
}
