import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import { COLLECTION_TABLES, type SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { DatabaseHandle } from '../db/connection.ts';

/** One committed change: its collection and table, its revision, and for keyed tables the row's key (migration 006). */
export type WorkspaceChange = { collection: SyncedCollection; table: string; rev: number; key: string | null };

const COLLECTION_OF_TABLE = new Map<string, SyncedCollection>(
  Object.entries(COLLECTION_TABLES).flatMap(([collection, tables]) =>
    Object.keys(tables).map((table) => [table, collection as SyncedCollection] as const),
  ),
);

/**
 * Fans the database's sync_changes notifications (one per table per committed transaction, from any server
 * process) out to this process's stream subscribers, by workspace.
 */
export type ChangeBus = {
  subscribe(workspaceId: string, listener: (change: WorkspaceChange) => void): () => void;
  stop(): Promise<void>;
};

export async function startChangeBus(handle: Pick<DatabaseHandle, 'listen' | 'db'>): Promise<ChangeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(handle.db);
  const ownSchema = rows[0]?.schema ?? 'public';
  const unlisten = await handle.listen('sync_changes', (payload) => {
    // "<schema> <workspace> <table> <rev> [key]": other schemas of a shared database are someone else's.
    const [schema, workspaceId, table, rev, key] = payload.split(' ');
    if (schema !== ownSchema) return;
    const collection = table ? COLLECTION_OF_TABLE.get(table) : undefined;
    if (!workspaceId || !table || !collection) return;
    emitter.emit(workspaceId, { collection, table, rev: Number(rev), key: key || null } satisfies WorkspaceChange);
  });
  return {
    subscribe(workspaceId, listener) {
      emitter.on(workspaceId, listener);
      return () => emitter.off(workspaceId, listener);
    },
    async stop() {
      emitter.removeAllListeners();
      await unlisten();
    },
  };
}
