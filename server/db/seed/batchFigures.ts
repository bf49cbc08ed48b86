import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { json } from './seedRows.ts';

/** A demo batch's columns of migration 012: its CSV header and its line figures. */
export type BatchFigures = { id: string; header: string[]; lines: number; done: number };

/**
 * Writes the demo batches' header and counts (migration 012), so the pending import can be played and the list
 * shows its figures. The seed also runs on an older schema (a migration test seeds a database at 007 before
 * migrating it), so these columns are written only when the schema has them.
 */
export async function writeBatchFigures(tx: Transaction<Database> | Kysely<Database>, rev: number, figures: readonly BatchFigures[]): Promise<void> {
  const { rows } = await sql<{ found: number }>`
    select 1 as found from information_schema.columns
    where table_schema = current_schema() and table_name = 'batches' and column_name = 'inserted_count'`.execute(tx);
  if (rows.length === 0) return;
  for (const batch of figures) {
    await tx
      .updateTable('batches')
      .set({ header: json(batch.header), line_count: batch.lines, inserted_count: batch.lines, done_count: batch.done, rev })
      .where('id', '=', batch.id)
      .execute();
    await sql`update batch_lines set line_no = line_id::integer, rev = ${rev} where batch_id = ${batch.id} and line_no is null and line_id ~ '^[0-9]{1,9}$'`.execute(tx);
  }
}
