import { sql, type Kysely } from 'kysely';

/**
 * Batch execution (issue 17): what a batch needs once its rows travel in chunks and the engine runs its lines.
 *
 * - batches.header: the CSV's header line (the download writes it back, the detail shows the columns in order).
 * - batches.line_count: the lines the client read from its file; inserted_count the lines the server holds (the
 *   'Inserted (n/m) lines!' message). done_count and error_count are kept in the same transaction as each line's
 *   outcome, so a list shows the figures of a 100,000-line batch without reading its lines.
 * - batch_lines.line_no: the line's number in the file; (batch_id, line_no) orders the lines and is unique, so a
 *   chunk sent twice can never add a line twice. Null on lines written without it (the demo seed writes the
 *   columns of 002 only). batch_lines.error: why a line ended ERROR, in words.
 *
 * The rows stay in the lines only: batch_data is no longer filled for new batches (a 20 MB replicated document
 * would be pulled whole by every client).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table batches add column header jsonb not null default '[]';
    alter table batches add column line_count integer not null default 0;
    alter table batches add column inserted_count integer not null default 0;
    alter table batches add column done_count integer not null default 0;
    alter table batches add column error_count integer not null default 0;
    alter table batch_lines add column line_no integer;
    alter table batch_lines add column error text;
    update batch_lines set line_no = line_id::integer where line_id ~ '^[0-9]{1,9}$';
    create unique index batch_lines_number on batch_lines (batch_id, line_no);
    create index batches_workspace_status on batches (workspace_id, status) where not deleted;
    -- The batch runner's next lines of an ongoing batch, in file order, without sorting 100,000 of them each time.
    create index batch_lines_pending on batch_lines (batch_id, status, line_no) where not deleted;
    -- Lines queued alone (run one line, run again after an error), a handful at any time.
    create index batch_lines_queued on batch_lines (workspace_id) where status = 'RUNNING' and not deleted;
  `.execute(db);
}
