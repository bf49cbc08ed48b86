import type { Insertable } from 'kysely';
import type { WorkspaceTx } from '../revisions.ts';
import type { Database } from '../schema.ts';
import type { ReplicatedDomainTable } from '../domainTables.ts';

export type SeededTable = ReplicatedDomainTable | 'users';

/** A row as the seed plans it: workspace_id and rev are added when it is written. */
export type SeedRow<T extends SeededTable> = Omit<Insertable<Database[T]>, 'workspace_id' | 'rev'>;

/**
 * JSONB values are sent as JSON text: node-postgres would turn a JS array into a PostgreSQL array literal,
 * while both backends accept the text for a jsonb parameter.
 */
export function json(value: unknown): string {
  return JSON.stringify(value);
}

// Far below PostgreSQL's 65,535 bind parameters per statement even for the widest table.
const ROWS_PER_INSERT = 400;

/** Multi-row inserts of planned rows, each stamped with the workspace and the transaction's revision. */
export async function insertRows<T extends SeededTable>(
  tx: WorkspaceTx,
  table: T,
  rows: readonly SeedRow<T>[],
  stamp: { workspaceId: string; rev: number },
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows
      .slice(start, start + ROWS_PER_INSERT)
      .map((row) => ({ ...row, workspace_id: stamp.workspaceId, rev: stamp.rev }));
    // Kysely cannot relate a generic table's Insertable to its insert type; SeedRow<T> plus the stamp is exactly it.
    await tx.insertInto(table).values(chunk as unknown as Insertable<Database[T]>[]).execute();
  }
}
