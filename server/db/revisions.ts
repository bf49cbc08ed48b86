import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.ts';

export type WorkspaceTx = Transaction<Database>;

/** Thrown when a workspace has no revision counter: it does not exist (or was never created properly). */
export class UnknownWorkspaceError extends Error {
  readonly code = 'unknown-workspace';
  constructor(workspaceId: string) {
    super(`Workspace ${workspaceId} does not exist`);
  }
}

/**
 * Runs `work` in a transaction that owns the workspace's next revision. The counter row is updated first,
 * which takes its row lock until commit: a second writer of the same workspace waits, so revisions become
 * visible in the order they were handed out and a pull by `rev > checkpoint` can never skip a change.
 * Every row the transaction writes must carry the `rev` it is given (several rows may share one revision).
 */
export async function withWorkspaceWrite<T>(
  db: Kysely<Database>,
  workspaceId: string,
  work: (tx: WorkspaceTx, rev: number) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const bumped = await tx
      .updateTable('workspace_revisions')
      .set({ rev: sql`rev + 1` })
      .where('workspace_id', '=', workspaceId)
      .returning('rev')
      .executeTakeFirst();
    if (!bumped) throw new UnknownWorkspaceError(workspaceId);
    return work(tx, bumped.rev);
  });
}

/** Creates a workspace with its revision counter; the workspace row itself is revision 1. */
export async function createWorkspace(
  db: Kysely<Database>,
  workspace: { id: string; name: string; externalDashboardUrl?: string | null },
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('workspaces')
      .values({ id: workspace.id, name: workspace.name, external_dashboard_url: workspace.externalDashboardUrl ?? null, rev: 1 })
      .execute();
    await tx.insertInto('workspace_revisions').values({ workspace_id: workspace.id, rev: 1 }).execute();
  });
}
