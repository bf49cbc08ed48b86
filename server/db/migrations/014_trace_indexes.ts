import { sql, type Kysely } from 'kysely';

/**
 * Trace pages at volume (issue 19): a workspace's webhook and API executions can be millions of rows, read newest
 * first (executed_at desc, id desc) with optional filters, a page at a time with the total. Each index below leads
 * with the workspace and one equality filter, then follows the order, so a page reads the first rows of one index
 * range and the count walks the same range (index-only once the table is vacuumed) instead of the table. Only
 * rows that are not deleted are indexed: the reads never show others.
 *
 * The total of a page without a date range (every row of the workspace, of one status or of one webhook) is counted
 * from a narrow index, (workspace_id, status) or (workspace_id, webhook_id, status): B-tree deduplication keeps it a
 * few MB at 1,000,000 rows, and counting every row from it took 65 ms where the wide index or the table took 135 ms
 * on the benchmark's machine (bench/traces.ts).
 *
 * The date-only indexes of 002 are replaced by (workspace_id, executed_at desc, id desc), which serves the same
 * range reads. The API trace's url filter is a substring and is applied to the rows of the range read.
 */
const INDEXES = {
  webhook_executions: {
    replaces: 'webhook_executions_executed',
    create: [
      ['webhook_executions_trace', 'workspace_id, executed_at desc, id desc'],
      ['webhook_executions_trace_status', 'workspace_id, status, executed_at desc, id desc'],
      ['webhook_executions_trace_webhook', 'workspace_id, webhook_id, executed_at desc, id desc'],
      ['webhook_executions_trace_count', 'workspace_id, status'],
      ['webhook_executions_trace_webhook_count', 'workspace_id, webhook_id, status'],
    ],
  },
  external_api_executions: {
    replaces: 'external_api_executions_executed',
    create: [
      ['external_api_executions_trace', 'workspace_id, executed_at desc, id desc'],
      ['external_api_executions_trace_status', 'workspace_id, status, executed_at desc, id desc'],
      ['external_api_executions_trace_method', 'workspace_id, request_method, executed_at desc, id desc'],
      ['external_api_executions_trace_count', 'workspace_id, status'],
    ],
  },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, { replaces, create }] of Object.entries(INDEXES)) {
    for (const [name, columns] of create) {
      await sql`create index ${sql.raw(name)} on ${sql.table(table)} (${sql.raw(columns)}) where not deleted`.execute(db);
    }
    await sql`drop index if exists ${sql.raw(replaces)}`.execute(db);
  }
}

