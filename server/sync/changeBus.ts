import { EventEmitter } from 'node:events';
import { COLLECTION_TABLES, type SyncedCollection } from '../../src/domain/sync/collections.ts';
import type { DatabaseHandle } from '../db/connection.ts';

export type WorkspaceChange = { collection: SyncedCollection; rev: number };

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

export async function startChangeBus(handle: Pick<DatabaseHandle, 'listen'>): Promise<ChangeBus> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const unlisten = await handle.listen('sync_changes', (payload) => {
    const [workspaceId, table, rev] = payload.split(' ');
    const collection = table ? COLLECTION_OF_TABLE.get(table) : undefined;
    if (!workspaceId || !collection) return;
    emitter.emit(workspaceId, { collection, rev: Number(rev) } satisfies WorkspaceChange);
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
